import { useEffect, useState } from 'preact/hooks';
import { call, whenSignedOut } from './api';
import { href, PAGES, Route, useRoute } from './router';
import { Session, SessionContext } from './ui';
import { SignIn } from './sign-in';
import { Overview } from './pages/overview';
import { Customers } from './pages/customers';
import { Customer } from './pages/customer';
import { Moderation } from './pages/moderation';
import { Programs } from './pages/programs';
import { Tiers } from './pages/tiers';
import { Webhooks } from './pages/webhooks';
import { Liability } from './pages/liability';
import { Settings } from './pages/settings';

function PageOf({ route }: { route: Route }) {
  switch (route.page) {
    case 'customers':
      return route.rest[0] ? <Customer id={route.rest[0]} /> : <Customers />;
    case 'moderation':
      return <Moderation />;
    case 'programs':
      return <Programs />;
    case 'tiers':
      return <Tiers />;
    case 'webhooks':
      return <Webhooks />;
    case 'liability':
      return <Liability />;
    case 'settings':
      return <Settings />;
    default:
      return <Overview />;
  }
}

/** The console: the sign-in form until a session exists, then the pages of the session's shop. */
export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const route = useRoute();

  useEffect(() => {
    whenSignedOut(() => setSession(null));
    call<{ data: Session }>('GET', 'session').then(
      (answer) => setSession(answer.data),
      () => setSession(null),
    );
  }, []);

  // Each new page moves the focus to its heading, so keyboard and screen reader users start there.
  useEffect(() => {
    document.getElementById('page-title')?.focus();
  }, [route.page, route.rest[0]]);

  if (session === undefined) return <p aria-live="polite">Loading…</p>;
  if (session === null) return <SignIn signedIn={setSession} />;

  async function signOut() {
    await call('DELETE', 'session').catch(() => undefined);
    setSession(null);
  }

  return (
    <SessionContext.Provider value={session}>
      <a
        class="skip"
        href="#main"
        onClick={(e) => (e.preventDefault(), document.getElementById('page-title')?.focus())}
      >
        Skip to the page
      </a>
      <header class="top">
        <p class="shop">
          <strong>{session.shop.domain}</strong>
          {session.role === 'audit' && <span class="badge"> Read-only (audit)</span>}
        </p>
        <button type="button" class="secondary" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav aria-label="Console">
        <ul>
          {PAGES.map(([page, label]) => (
            <li key={page}>
              <a href={href(page)} aria-current={route.page === page ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main">
        <PageOf route={route} />
      </main>
    </SessionContext.Provider>
  );
}
