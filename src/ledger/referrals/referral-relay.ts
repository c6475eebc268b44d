import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
} from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { FeedReaction } from '../../projections/feed-reaction';
import { DomainError } from '../../shared/domain/domain-error';
import { AppConfig } from '../../config/app-config';
import {
  CustomerEnrolled,
  CustomerEventType as T,
  ReferralAttributed,
  ReferralDisqualified,
  ReferralQualified,
  ReferralRefundAfterReward,
  ReferralRefused,
  ReferralRewardEarned,
} from '../customer-events';
import { ReferralSteps } from './referral-steps';

/** Its checkpoint's name. */
export const REFERRAL_RELAY_CHECKPOINT = 'referral_relay';

/**
 * Carries a referral from one stream to the next (ReferralSteps), as a FeedReaction: a slow or failing
 * commerce platform holds back only referrals, never the read models. It advances past an event only
 * once its step is recorded: an outage of the platform retries from there; a refused step is logged
 * and passed (it must not hold back every later referral). Every step is idempotent, so several
 * processes may run it.
 */
@Injectable()
export class ReferralRelay extends FeedReaction {
  protected readonly logger = new Logger('ReferralRelay');
  protected readonly checkpointName = REFERRAL_RELAY_CHECKPOINT;
  protected readonly types: ReadonlySet<string>;
  private readonly steps: Record<string, (recorded: RecordedEvent) => Promise<void>>;

  constructor(@Inject(EVENT_STORE) eventStore: EventStore, steps: ReferralSteps, config: AppConfig) {
    super(eventStore, 'Referral relay', () => config.projectionPollMs);
    this.steps = {
      [T.Enrolled]: (r) => steps.customerEnrolled(fromRecorded<CustomerEnrolled>(r)),
      [T.ReferralAttributed]: (r) => steps.attributed(fromRecorded<ReferralAttributed>(r)),
      [T.ReferralRefused]: (r) => steps.refused(fromRecorded<ReferralRefused>(r)),
      [T.ReferralQualified]: (r) => steps.qualified(fromRecorded<ReferralQualified>(r)),
      [T.ReferralDisqualified]: (r) => steps.disqualified(fromRecorded<ReferralDisqualified>(r)),
      [T.ReferralRewardEarned]: (r) => steps.rewardEarned(fromRecorded<ReferralRewardEarned>(r)),
      [T.ReferralRefundAfterReward]: (r) => steps.refundAfterReward(fromRecorded<ReferralRefundAfterReward>(r)),
    };
    this.types = new Set(Object.keys(this.steps));
  }

  /**
   * The first run goes on from the log's head: events written before referrals existed hold no
   * referral (and reading every enrolment of an old log for claims would be a long, useless pass).
   */
  protected firstCheckpoint(): Promise<GlobalPosition | null> {
    return this.eventStore.headPosition();
  }

  protected async react(recorded: RecordedEvent): Promise<void> {
    try {
      await this.steps[recorded.type](recorded);
    } catch (error) {
      // Only an outage is worth waiting for (the checkpoint stays before this event).
      if (!(error instanceof DomainError) || error.code === 'PLATFORM_UNAVAILABLE' || error.status >= 500) throw error;
      this.logger.error(`Referral step for ${recorded.type} ${recorded.id} was refused: ${error.message}`);
    }
  }
}
