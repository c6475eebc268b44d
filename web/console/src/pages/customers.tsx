import { useState } from 'preact/hooks';
import { get, query } from '../api';
import { href } from '../router';
import { Page, points, Status, useLoad } from '../ui';

export interface CustomerRow {
  id: string;
  platformCustomerId: number | string;
  email: string | null;
  firstName?: string | null;
  lastName?: string | null;
  point: number;
  tierName?: string | null;
  type?: string;
}

export const nameOf = (c: CustomerRow) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || String(c.platformCustomerId);

/** Customers: search by email, platform id or customer id; without one, the newest customers. */
export function Customers() {
  const [search, setSearch] = useState('');
  const loaded = useLoad(() => get<CustomerRow[]>(`customers${query({ q: search, limit: 20 })}`), [search]);
  return (
    <Page title="Customers">
      <form
        role="search"
        class="inline"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(String(new FormData(event.currentTarget as HTMLFormElement).get('q') ?? '').trim());
        }}
      >
        <div class="field">
          <label for="customer-search">Search customers</label>
          <input id="customer-search" name="q" type="search" placeholder="Name, email, platform id or customer id" />
        </div>
        <button type="submit">Search</button>
      </form>
      <Status loaded={loaded}>
        {(answer) =>
          answer.data.length === 0 ? (
            <p>No customer matches.</p>
          ) : (
            <div class="scroll" tabIndex={0} role="region" aria-label="Table (scrolls sideways on a narrow screen)">
              <table>
                <caption>{search ? `Customers matching “${search}”` : 'Newest customers'}</caption>
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col">Email</th>
                    <th scope="col">Platform id</th>
                    <th scope="col" class="number">
                      Balance
                    </th>
                    <th scope="col">Tier</th>
                  </tr>
                </thead>
                <tbody>
                  {answer.data.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <a href={href('customers', c.id)}>{nameOf(c)}</a>
                      </td>
                      <td>{c.email ?? '—'}</td>
                      <td>{c.platformCustomerId}</td>
                      <td class="number">{points(c.point)}</td>
                      <td>{c.tierName ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Status>
    </Page>
  );
}
