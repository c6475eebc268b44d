import { useEffect, useState } from 'preact/hooks';

/** The pages, in the navigation's order: each one's link text and its address (`#/name`). */
export const PAGES = [
  ['overview', 'Overview'],
  ['customers', 'Customers'],
  ['moderation', 'Moderation'],
  ['programs', 'Programs'],
  ['tiers', 'Tiers'],
  ['webhooks', 'Webhooks'],
  ['liability', 'Liability'],
  ['settings', 'Settings'],
] as const;

export type PageName = (typeof PAGES)[number][0];

export interface Route {
  page: PageName;
  /** What follows the page's name (a customer's id). */
  rest: string[];
}

function current(): Route {
  const [name, ...rest] = window.location.hash.replace(/^#\/?/, '').split('/');
  const page = PAGES.find(([p]) => p === name)?.[0] ?? 'overview';
  return { page, rest: rest.map(decodeURIComponent) };
}

/** The route the address names; it follows the back and forward buttons. */
export function useRoute(): Route {
  const [route, setRoute] = useState(current);
  useEffect(() => {
    const changed = () => setRoute(current());
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return route;
}

export const href = (page: PageName, ...rest: string[]) => `#/${[page, ...rest.map(encodeURIComponent)].join('/')}`;
