import { get } from '../api';
import { href, PageName } from '../router';
import { Page, points, Status, useLoad } from '../ui';

interface Figures {
  members: number;
  pointsIssuedThisMonth: number;
  pointsRedeemedThisMonth: number;
  pendingSubmissions: number;
  failingWebhooks: number;
}

const CARDS: Array<[keyof Figures, string, PageName]> = [
  ['members', 'Members', 'customers'],
  ['pointsIssuedThisMonth', 'Points issued this month', 'liability'],
  ['pointsRedeemedThisMonth', 'Points redeemed this month', 'liability'],
  ['pendingSubmissions', 'Pending submissions', 'moderation'],
  ['failingWebhooks', 'Failing webhooks', 'webhooks'],
];

export function Overview() {
  const loaded = useLoad(() => get<Figures>('overview').then((a) => a.data), []);
  return (
    <Page title="Overview">
      <Status loaded={loaded}>
        {(figures) => (
          <ul class="cards">
            {CARDS.map(([key, label, page]) => (
              <li key={key}>
                <a href={href(page)}>
                  <span class="figure">{points(figures[key])}</span>
                  <span class="label">{label}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Status>
    </Page>
  );
}
