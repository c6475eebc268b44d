import { useState } from 'preact/hooks';
import { Translate } from './i18n';
import { Activity, Coupon, Customer, Program, Reward, SOCIAL_KINDS, STREAK_KIND } from './types';

export function Summary({ customer, t }: { customer: Customer; t: Translate }) {
  const progress = customer.tierProgress;
  return (
    <section class="lw-summary" aria-label={t('balance')}>
      <p class="lw-balance">
        <span class="lw-label">{t('balance')}</span>
        <strong data-testid="balance">{t('points', { n: customer.points })}</strong>
      </p>
      {customer.tier && (
        <p class="lw-tier">
          <span class="lw-label">{t('tier')}</span> <strong>{customer.tier.name}</strong>
        </p>
      )}
      {progress ? (
        <div class="lw-progress">
          <progress
            max={100}
            value={progress.percentage}
            aria-label={t('toNext', { n: progress.pointsToNext, tier: progress.nextTierName })}
          />
          <span>{t('toNext', { n: progress.pointsToNext, tier: progress.nextTierName })}</span>
        </div>
      ) : (
        customer.tier && <p>{t('topTier')}</p>
      )}
    </section>
  );
}

interface EarnProps {
  programs: Program[];
  t: Translate;
  busy: boolean;
  onClaim: (program: Program) => void;
}

export function Earn({ programs, t, busy, onClaim }: EarnProps) {
  if (programs.length === 0) return null;
  return (
    <section aria-labelledby="lw-earn">
      <h3 id="lw-earn">{t('earn')}</h3>
      <ul class="lw-list">
        {programs.map((program) => (
          <li key={program.id}>
            <span class="lw-name">{program.title}</span>
            <span class="lw-points">{t('gained', { n: program.points })}</span>
            <EarnAction program={program} t={t} busy={busy} onClaim={onClaim} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function EarnAction({ program, t, busy, onClaim }: { program: Program } & Omit<EarnProps, 'programs'>) {
  if (program.key === STREAK_KIND && program.streak) {
    const { currentDay, totalDays, canClaimToday } = program.streak;
    return (
      <span class="lw-action">
        <span>{t('streakDay', { current: currentDay, total: totalDays })}</span>
        <button type="button" disabled={busy || !canClaimToday} onClick={() => onClaim(program)}>
          {t('checkIn')}
        </button>
      </span>
    );
  }
  if (!SOCIAL_KINDS.has(program.key)) return null;
  if (program.isEarned) return <span class="lw-done">{t('earned')}</span>;
  return (
    <button
      type="button"
      class="lw-action"
      disabled={busy}
      onClick={() => onClaim(program)}
      aria-label={`${t('claim')}: ${program.title}`}
    >
      {t('claim')}
    </button>
  );
}

interface RewardsProps {
  rewards: Reward[];
  balance: number;
  cartTotal: number | null;
  t: Translate;
  busy: boolean;
  onRedeem: (reward: Reward, points: number | undefined, variantId: string | undefined) => void;
}

export function Rewards({ rewards, balance, cartTotal, t, busy, onRedeem }: RewardsProps) {
  if (rewards.length === 0) return null;
  return (
    <section aria-labelledby="lw-rewards">
      <h3 id="lw-rewards">{t('rewards')}</h3>
      <ul class="lw-list">
        {rewards.map((reward) => (
          <RewardItem
            key={reward.programId}
            reward={reward}
            balance={balance}
            cartTotal={cartTotal}
            t={t}
            busy={busy}
            onRedeem={onRedeem}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The points a dynamic reward's slider offers, in steps of its cost: from its minimum to the lowest
 * of its maximum (else the balance, down to a whole step), the share of the cart it may cover (when
 * the storefront gave the cart's total) and the balance. Display only: the redeem checks again.
 */
export function dynamicBounds(reward: Reward, balance: number, cartTotal: number | null) {
  const step = Math.max(1, reward.pointsCost);
  const min = Math.max(step, reward.minPoints ?? step);
  let max = reward.maxPoints ?? balance - (balance % step);
  if (reward.hasLimitCartValue && reward.limitCartValue && cartTotal !== null && reward.rewardValue > 0) {
    const byCart = Math.floor(((reward.limitCartValue / 100) * cartTotal) / reward.rewardValue + 0.0001) * step;
    max = Math.min(max, byCart);
  }
  max = Math.min(max, balance - (balance % step));
  return { min, max: Math.max(min, max), step };
}

function RewardItem({
  reward,
  balance,
  cartTotal,
  t,
  busy,
  onRedeem,
}: { reward: Reward } & Omit<RewardsProps, 'rewards'>) {
  const dynamic = reward.redeemType === 'dynamic';
  const bounds = dynamicBounds(reward, balance, cartTotal);
  const [points, setPoints] = useState(bounds.min);
  const variants = (reward.giftProducts ?? []).flatMap((p) => p.variants.map((v) => ({ ...v, product: p.title })));
  const [variantId, setVariantId] = useState(variants[0]?.id);
  const sliderId = `lw-points-${reward.programId}`;
  return (
    <li>
      <span class="lw-name">{reward.title}</span>
      <span class="lw-points">{t('points', { n: dynamic ? points : reward.pointsCost })}</span>
      {dynamic && reward.affordable && (
        <span class="lw-field">
          <label for={sliderId}>{t('pointsToSpend')}</label>
          <input
            id={sliderId}
            type="range"
            min={bounds.min}
            max={bounds.max}
            step={bounds.step}
            value={points}
            onInput={(e) => setPoints(Number((e.target as HTMLInputElement).value))}
          />
        </span>
      )}
      {variants.length > 1 && (
        <span class="lw-field">
          <label for={`lw-gift-${reward.programId}`}>{t('gift')}</label>
          <select
            id={`lw-gift-${reward.programId}`}
            value={variantId}
            onChange={(e) => setVariantId((e.target as HTMLSelectElement).value)}
          >
            {variants.map((v) => (
              <option key={v.id} value={v.id}>{`${v.product} – ${v.title}`}</option>
            ))}
          </select>
        </span>
      )}
      <button
        type="button"
        disabled={busy || !reward.affordable}
        aria-label={`${reward.affordable ? t('redeem') : t('notEnough')}: ${reward.title}`}
        onClick={() => onRedeem(reward, dynamic ? points : undefined, variants.length > 0 ? variantId : undefined)}
      >
        {reward.affordable ? t('redeem') : t('notEnough')}
      </button>
    </li>
  );
}

export function Coupons({ coupons, t }: { coupons: Coupon[]; t: Translate }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (code: string) =>
    void navigator.clipboard?.writeText(code).then(
      () => setCopied(code),
      () => setCopied(null),
    );
  return (
    <section aria-labelledby="lw-coupons">
      <h3 id="lw-coupons">{t('coupons')}</h3>
      {coupons.length === 0 ? (
        <p>{t('noCoupons')}</p>
      ) : (
        <ul class="lw-list">
          {coupons.map((coupon) => (
            <li key={coupon.id}>
              <span class="lw-name">{coupon.title}</span>
              <code data-testid="coupon-code">{coupon.couponCode}</code>
              <span class="lw-note">{coupon.expiryText || coupon.statusText}</span>
              <button
                type="button"
                onClick={() => copy(coupon.couponCode)}
                aria-label={`${copied === coupon.couponCode ? t('copied') : t('copy')}: ${coupon.couponCode}`}
              >
                {copied === coupon.couponCode ? t('copied') : t('copy')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface HistoryProps {
  items: Activity[];
  hasNewer: boolean;
  hasOlder: boolean;
  t: Translate;
  onPage: (direction: 'newer' | 'older') => void;
}

export function History({ items, hasNewer, hasOlder, t, onPage }: HistoryProps) {
  return (
    <section aria-labelledby="lw-history">
      <h3 id="lw-history">{t('history')}</h3>
      {items.length === 0 ? (
        <p>{t('noActivity')}</p>
      ) : (
        <ul class="lw-list" data-testid="history">
          {items.map((item) => (
            <li key={item.id}>
              <span class="lw-name">{item.title}</span>
              <span class={item.points < 0 ? 'lw-minus' : 'lw-plus'}>
                {item.points > 0 ? `+${item.points}` : item.points}
              </span>
            </li>
          ))}
        </ul>
      )}
      <nav class="lw-pager" aria-label={t('history')}>
        <button type="button" disabled={!hasNewer} onClick={() => onPage('newer')}>
          {t('newer')}
        </button>
        <button type="button" disabled={!hasOlder} onClick={() => onPage('older')}>
          {t('older')}
        </button>
      </nav>
    </section>
  );
}
