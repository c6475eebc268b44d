import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { HeadlessClient } from './api';
import { LANGUAGES, translator, widgetLanguage } from './i18n';
import { noticeOf } from './notice';
import { Coupons, Earn, History, Rewards, Summary } from './sections';
import { asUploads, ClaimInput } from './earn-forms';
import { MilestoneLadder, Referrals } from './engagement';
import {
  Activity,
  Coupon,
  Customer,
  Ladder,
  LadderStep,
  MILESTONE_KINDS,
  Program,
  Redemption,
  REFERRAL_KIND,
  ReferralFriend,
  ReferralLink,
  Reward,
  SOCIAL_KINDS,
} from './types';

const PAGE = 5;

interface Page {
  items: Activity[];
  hasNewer: boolean;
  hasOlder: boolean;
}

interface Loaded {
  customer: Customer;
  programs: Program[];
  rewards: Reward[];
  coupons: Coupon[];
  ladders: Ladder[];
  referral: { link: ReferralLink; friends: ReferralFriend[] } | null;
}

/** Reads everything the widget shows; the history is paged on its own. */
async function loadAll(api: HeadlessClient): Promise<Loaded> {
  const [customer, programs, rewards] = await Promise.all([
    api.get<Customer>('/customer'),
    api.get<Program[]>('/customer/programs', { programType: 'earning' }),
    api.get<{ available: Reward[]; redeemed: Coupon[] }>('/customer/rewards'),
  ]);
  const [ladders, referral] = await Promise.all([loadLadders(api, programs.data), loadReferral(api, programs.data)]);
  return {
    customer: customer.data,
    programs: programs.data,
    rewards: rewards.data.available,
    coupons: rewards.data.redeemed,
    ladders,
    referral,
  };
}

function loadLadders(api: HeadlessClient, programs: Program[]): Promise<Ladder[]> {
  const ladders = programs.filter((p) => MILESTONE_KINDS.has(p.key));
  return Promise.all(ladders.map(async (p) => (await api.get<Ladder>(`/customer/milestones/${p.id}`)).data));
}

/** The shopper's link (made the first time it is asked for) and friends, when the shop runs a referral program. */
async function loadReferral(api: HeadlessClient, programs: Program[]): Promise<Loaded['referral']> {
  if (!programs.some((p) => p.key === REFERRAL_KIND)) return null;
  const [link, friends] = await Promise.all([
    api.post<ReferralLink>('/customer/referral-link', {}),
    api.get<ReferralFriend[]>('/customer/referral-history', { limit: 5 }),
  ]);
  return { link: link.data, friends: friends.data };
}

async function loadPage(api: HeadlessClient, cursor: { before?: string; after?: string }): Promise<Page> {
  const res = await api.get<Activity[]>('/customer/activities', { limit: PAGE, ...cursor });
  const paging = res.meta?.pagination ?? { hasNext: false, hasPre: false };
  return { items: res.data, hasOlder: paging.hasNext, hasNewer: paging.hasPre };
}

interface WidgetProps {
  api: HeadlessClient;
  initialLocale: string;
  /** The shopper's cart total, when the storefront gives it: bounds what a dynamic reward may cover. */
  cartTotal: number | null;
}

export function Widget({ api, initialLocale, cartTotal }: WidgetProps) {
  const [locale, setLocale] = useState(widgetLanguage(initialLocale));
  const t = useMemo(() => translator(locale), [locale]);
  const [data, setData] = useState<Loaded | null>(null);
  const [page, setPage] = useState<Page>({ items: [], hasNewer: false, hasOlder: false });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    api.locale = locale;
    try {
      const [loaded, first] = await Promise.all([loadAll(api), loadPage(api, {})]);
      setData(loaded);
      setPage(first);
      setNotice(null);
    } catch (error) {
      setNotice(noticeOf(error, t));
    }
  }, [api, locale, t]);

  useEffect(() => void refresh(), [refresh]);

  /** Runs one action, then reads again what it changed; a refusal becomes the notice. */
  const act = async (action: () => Promise<string | null>) => {
    setBusy(true);
    try {
      const message = await action();
      await refresh();
      setNotice(message);
    } catch (error) {
      setNotice(noticeOf(error, t));
    } finally {
      setBusy(false);
    }
  };

  const claim = (program: Program, input: ClaimInput) =>
    act(async () => {
      if (SOCIAL_KINDS.has(program.key)) {
        if (program.actionUrl) window.open(program.actionUrl, '_blank', 'noopener');
        const res = await api.post<{ pointsEarned: number }>('/customer/earn/social', { programId: program.id });
        return t('gained', { n: res.data.pointsEarned });
      }
      const context: Record<string, unknown> = { ...input.context };
      if (input.images?.length) {
        const uploaded = await api.post<{ urls: string[] }>('/customer/earn/upload', {
          images: await asUploads(input.images),
        });
        context.imageUrls = uploaded.data.urls;
      }
      const res = await api.post<{ status: string; pointsEarned: number }>('/customer/earn', {
        programId: program.id,
        context,
      });
      const { status, pointsEarned } = res.data;
      return status === 'pending' && pointsEarned === 0 ? t('sentForReview') : t('gained', { n: pointsEarned });
    });

  const claimStep = (ladder: Ladder, step: LadderStep, rewardIds: number[], variants: Record<string, string>) =>
    act(async () => {
      const res = await api.post<{ pointsEarned: number }>(`/customer/milestones/${ladder.programId}/claim`, {
        claimKey: step.claimKey,
        selectedRewardIds: rewardIds,
        ...(Object.keys(variants).length ? { variantIds: variants } : {}),
      });
      return t('gained', { n: res.data.pointsEarned });
    });

  const redeem = (reward: Reward, points?: number, variantId?: string) =>
    act(async () => {
      const key = `widget-${reward.programId}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const res = await api.post<Redemption>(
        '/customer/redeem',
        { programId: reward.programId, points, variantId },
        {
          'Idempotency-Key': key,
        },
      );
      return t('yourCode', { code: res.data.couponCode });
    });

  const turnPage = async (direction: 'newer' | 'older') => {
    const items = page.items;
    // Newest first: `after` the last row reads older ones, `before` the first row newer ones.
    const cursor = direction === 'older' ? { after: items[items.length - 1]?.id } : { before: items[0]?.id };
    try {
      setPage(await loadPage(api, cursor));
    } catch (error) {
      setNotice(noticeOf(error, t));
    }
  };

  return (
    <div class="lw-root" lang={locale}>
      <header class="lw-head">
        <h2>{t('title')}</h2>
        <label class="lw-language">
          <span>{t('language')}</span>
          <select value={locale} onChange={(e) => setLocale((e.target as HTMLSelectElement).value)}>
            {LANGUAGES.map(([code, name]) => (
              <option key={code} value={code} lang={code}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </header>
      <p class="lw-notice" role="status" aria-live="polite" data-testid="notice">
        {notice ?? ''}
      </p>
      {!data ? (
        !notice && <p>{t('loading')}</p>
      ) : (
        <>
          <Summary customer={data.customer} t={t} />
          <Earn programs={data.programs} t={t} busy={busy} onClaim={claim} />
          {data.ladders.map((ladder) => (
            <MilestoneLadder key={ladder.programId} ladder={ladder} t={t} busy={busy} onClaim={claimStep} />
          ))}
          {data.referral && <Referrals {...data.referral} t={t} />}
          <Rewards
            rewards={data.rewards}
            balance={data.customer.points}
            cartTotal={cartTotal}
            t={t}
            busy={busy}
            onRedeem={redeem}
          />
          <Coupons coupons={data.coupons} t={t} />
          <History {...page} t={t} onPage={(d) => void turnPage(d)} />
        </>
      )}
    </div>
  );
}
