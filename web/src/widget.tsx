import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { HeadlessClient } from './api';
import { LANGUAGES, translator, widgetLanguage } from './i18n';
import { noticeOf } from './notice';
import { Coupons, Earn, History, Rewards, Summary } from './sections';
import { Activity, Coupon, Customer, Program, Redemption, Reward, STREAK_KIND } from './types';

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
}

/** Reads everything the widget shows; the history is paged on its own. */
async function loadAll(api: HeadlessClient): Promise<Loaded> {
  const [customer, programs, rewards] = await Promise.all([
    api.get<Customer>('/customer'),
    api.get<Program[]>('/customer/programs', { programType: 'earning' }),
    api.get<{ available: Reward[]; redeemed: Coupon[] }>('/customer/rewards'),
  ]);
  return {
    customer: customer.data,
    programs: programs.data,
    rewards: rewards.data.available,
    coupons: rewards.data.redeemed,
  };
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

  const claim = (program: Program) =>
    act(async () => {
      if (program.key !== STREAK_KIND && program.actionUrl) window.open(program.actionUrl, '_blank', 'noopener');
      const path = program.key === STREAK_KIND ? '/customer/earn' : '/customer/earn/social';
      const res = await api.post<{ pointsEarned: number }>(path, { programId: program.id });
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
