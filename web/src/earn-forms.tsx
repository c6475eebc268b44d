import { useState } from 'preact/hooks';
import { Translate } from './i18n';
import { Program } from './types';

/** What a claim sends besides the program: the kind's `context` fields, images as files to upload first. */
export interface ClaimInput {
  context?: { answers?: Record<string, string>; birthdayRewards?: string[] };
  images?: File[];
}

export type OnEarn = (program: Program, input: ClaimInput) => void;

interface FormProps {
  program: Program;
  t: Translate;
  busy: boolean;
  onEarn: OnEarn;
}

/** The birthday picker: the options of the customer's tier, one or several as the program says. */
export function BirthdayPicker({ program, t, busy, onEarn }: FormProps) {
  const options = program.birthday?.rewardOptions ?? [];
  const single = program.birthday?.rewardSelection !== 'multiple';
  const [chosen, setChosen] = useState<string[]>([]);
  const toggle = (id: string, on: boolean) =>
    setChosen(single ? [id] : on ? [...chosen, id] : chosen.filter((c) => c !== id));
  return (
    <form
      class="lw-form"
      onSubmit={(e) => {
        e.preventDefault();
        onEarn(program, { context: { birthdayRewards: chosen } });
      }}
    >
      <fieldset>
        <legend>{t('birthdayPick')}</legend>
        {options.map((option) => (
          <label key={option.id} class="lw-option">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={`lw-birthday-${program.id}`}
              value={option.id}
              checked={chosen.includes(option.id)}
              onChange={(e) => toggle(option.id, (e.target as HTMLInputElement).checked)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={busy || chosen.length === 0}>
        {t('choose')}
      </button>
    </form>
  );
}

/**
 * A submission: a form or survey (an answer, a photo when the form asks for one), a receipt (its
 * photo) or a review (an optional photo earns the review's extra points).
 */
export function SubmissionForm({ program, t, busy, onEarn }: FormProps) {
  const asksAnswer = program.key === 'submit_form' || program.key === 'fill_survey';
  const needsPhoto = program.key === 'submit_receipt' || !!program.form?.requireImage;
  const [answer, setAnswer] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const id = `lw-${program.id}`;
  return (
    <form
      class="lw-form"
      onSubmit={(e) => {
        e.preventDefault();
        onEarn(program, { context: asksAnswer ? { answers: { answer } } : {}, images: files });
      }}
    >
      {asksAnswer && (
        <span class="lw-field">
          <label for={`${id}-answer`}>{t('answer')}</label>
          <textarea
            id={`${id}-answer`}
            maxLength={2000}
            required
            value={answer}
            onInput={(e) => setAnswer((e.target as HTMLTextAreaElement).value)}
          />
        </span>
      )}
      <span class="lw-field">
        <label for={`${id}-photo`}>{t('photo')}</label>
        <input
          id={`${id}-photo`}
          type="file"
          accept="image/jpeg,image/png"
          required={needsPhoto}
          onChange={(e) => setFiles([...((e.target as HTMLInputElement).files ?? [])].slice(0, 5))}
        />
      </span>
      <button type="submit" disabled={busy || (needsPhoto && files.length === 0)}>
        {t('send')}
      </button>
    </form>
  );
}

/** A map review: the page to review, its status, and a claim while none is pending or approved. */
export function MapsReview({ program, t, busy, onEarn }: FormProps) {
  const review = program.googleReview;
  const open = !review?.status || review.status === 'rejected';
  return (
    <span class="lw-action">
      {review?.urlLocation && (
        <a href={review.urlLocation} target="_blank" rel="noopener noreferrer">
          {t('writeReview')}
        </a>
      )}
      {review?.statusText && <span class="lw-note">{review.statusText}</span>}
      {open && (
        <button type="button" disabled={busy} onClick={() => onEarn(program, {})}>
          {t('send')}
        </button>
      )}
    </span>
  );
}

/** Files as the upload route takes them: base64 of the bytes, the name and the type. */
export async function asUploads(files: File[]) {
  return Promise.all(
    files.map(async (file) => ({
      imageBase64: await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      }),
      imageName: file.name || 'image',
      imageType: file.type,
    })),
  );
}
