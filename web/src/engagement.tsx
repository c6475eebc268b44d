import { useState } from 'preact/hooks';
import { Translate, Words } from './i18n';
import { Ladder, LadderStep, ReferralFriend, ReferralLink } from './types';

/** The shopper's referral link to share, and the friends it brought with where each stands. */
export function Referrals({ link, friends, t }: { link: ReferralLink; friends: ReferralFriend[]; t: Translate }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard?.writeText(link.link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section aria-labelledby="lw-referrals">
      <h3 id="lw-referrals">{t('invite')}</h3>
      <p class="lw-field">
        <code data-testid="referral-link">{link.link}</code>
        <button type="button" onClick={copy} aria-label={`${copied ? t('copied') : t('copy')}: ${t('invite')}`}>
          {copied ? t('copied') : t('copy')}
        </button>
      </p>
      {friends.length > 0 && (
        <ul class="lw-list" aria-label={t('friends')}>
          {friends.map((friend) => (
            <li key={friend.id}>
              <span class="lw-name">{friend.friend}</span>
              <span class="lw-note">{t(`referral_${friend.state}` as keyof Words)}</span>
              {friend.pointsEarned > 0 && <span class="lw-plus">+{friend.pointsEarned}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export type OnClaimStep = (
  ladder: Ladder,
  step: LadderStep,
  rewardIds: number[],
  variants: Record<string, string>,
) => void;

/** A milestone ladder: each step's state, the current one's progress, and a claim where one is due. */
export function MilestoneLadder({
  ladder,
  t,
  busy,
  onClaim,
}: {
  ladder: Ladder;
  t: Translate;
  busy: boolean;
  onClaim: OnClaimStep;
}) {
  if (!ladder.supported || ladder.steps.length === 0) return null;
  return (
    <section aria-labelledby={`lw-ladder-${ladder.programId}`}>
      <h3 id={`lw-ladder-${ladder.programId}`}>{ladder.title}</h3>
      {ladder.subheading && <p class="lw-note">{ladder.subheading}</p>}
      <ol class="lw-list" data-testid="ladder">
        {ladder.steps.map((step) => (
          <StepItem key={step.claimKey} ladder={ladder} step={step} t={t} busy={busy} onClaim={onClaim} />
        ))}
      </ol>
    </section>
  );
}

interface StepProps {
  ladder: Ladder;
  step: LadderStep;
  t: Translate;
  busy: boolean;
  onClaim: OnClaimStep;
}

function StepItem({ ladder, step, t, busy, onClaim }: StepProps) {
  const choosing = step.maxRewardSelect < step.rewards.length;
  const [chosen, setChosen] = useState<number[]>(choosing ? [] : step.rewards.map((r) => r.index));
  const [variants, setVariants] = useState<Record<string, string>>({});
  const toggle = (index: number, on: boolean) =>
    setChosen(on ? [...chosen, index].slice(-step.maxRewardSelect) : chosen.filter((i) => i !== index));
  const claimable = step.state === 'claimable';
  return (
    <li>
      <span class="lw-name">{step.label}</span>
      <span class="lw-note" data-testid="step-state">
        {t(`step_${step.state}` as keyof Words)}
      </span>
      {step.progress && (
        <progress
          max={100}
          value={step.progress.percent}
          aria-label={step.progress.remainingText ?? step.progress.completedText}
        />
      )}
      {step.note && <span class="lw-note">{step.note}</span>}
      {claimable && (
        <span class="lw-form">
          {step.rewards.map((reward) => (
            <span key={reward.index} class="lw-option">
              {choosing ? (
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(reward.index)}
                    onChange={(e) => toggle(reward.index, (e.target as HTMLInputElement).checked)}
                  />
                  {reward.text}
                </label>
              ) : (
                <span>{reward.text}</span>
              )}
              {reward.needsVariantChoice && (
                <select
                  aria-label={`${t('gift')}: ${reward.text}`}
                  value={variants[reward.index] ?? ''}
                  onChange={(e) => setVariants({ ...variants, [reward.index]: (e.target as HTMLSelectElement).value })}
                >
                  <option value="">{t('gift')}</option>
                  {reward.giftProducts.flatMap((p) =>
                    p.variants.map((v) => <option key={v.id} value={v.id}>{`${p.title} – ${v.title}`}</option>),
                  )}
                </select>
              )}
            </span>
          ))}
          <button
            type="button"
            disabled={busy || chosen.length === 0}
            aria-label={`${t('claim')}: ${step.label}`}
            onClick={() => onClaim(ladder, step, chosen, variants)}
          >
            {t('claim')}
          </button>
        </span>
      )}
    </li>
  );
}
