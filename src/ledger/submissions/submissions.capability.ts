import { Capability, scheduled } from '../../capability';
import { SubmitEntry } from './submit-entry';
import { DecideSubmissionHandler } from './decide-submission.handler';
import { ListSubmissionsHandler } from './read/list-submissions.query';
import { UploadImagesHandler } from './uploads/upload-images.handler';
import { ImageReencoder } from '../../infrastructure/images/image-decoder';
import { UploadedImageUrls } from './uploads/uploaded-image-urls';
import { UploadAdmission } from './uploads/upload-admission';
import { UploadOrphanSweep, orphanSweepEveryMs } from './uploads/upload-orphan-sweep.scheduler';
import { SubmissionViewProjection } from './read/submission-view.projection';
import { SubmissionsController } from './http/submissions.controller';
import { UploadImagesController } from './uploads/upload-images.controller';
import { UploadedFileController } from './uploads/uploaded-file.controller';

/** Submissions: receipts, photos and answers a customer uploads, paid once a merchant approves them. */
export const SUBMISSIONS_CAPABILITY: Capability = {
  providers: [
    SubmitEntry,
    DecideSubmissionHandler,
    ListSubmissionsHandler,
    UploadImagesHandler,
    ImageReencoder,
    UploadedImageUrls,
    UploadAdmission,
    UploadOrphanSweep,
  ],
  projections: [SubmissionViewProjection],
  controllers: [SubmissionsController, UploadImagesController, UploadedFileController],
  background: [scheduled(UploadOrphanSweep, orphanSweepEveryMs)],
};
