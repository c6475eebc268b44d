import { ComponentChildren, createContext } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import { ApiError } from './api';

export interface Session {
  role: 'merchant' | 'audit';
  shop: { id: string; domain: string; currency: string; timezone: string };
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; write controls are rendered only when it may write. */
export function useSession(): Session & { canWrite: boolean } {
  const session = useContext(SessionContext)!;
  return { ...session, canWrite: session.role === 'merchant' };
}

export interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads once per change of `deps`; `reload` asks again (after a change). */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: null, error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

export const messageOf = (error: unknown): string =>
  error instanceof ApiError ? error.message : 'The service could not be reached; try again.';

/** An error said in words, announced to screen readers. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      <span aria-hidden="true">⚠ </span>
      {messageOf(error)}
    </p>
  );
}

/** What a page shows while it loads, or when it failed. */
export function Status<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren }) {
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (loaded.data === null) return <p aria-live="polite">Loading…</p>;
  return <>{children(loaded.data)}</>;
}

export const points = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toLocaleString('en-US');

export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A page's heading and body inside the main landmark. */
export function Page({ title, children }: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · Loyalty console`;
  }, [title]);
  return (
    <>
      <h1 id="page-title" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </>
  );
}

/** A short message that a change went through, announced politely. */
export function Done({ text }: { text: string | null }) {
  return (
    <p class="done" role="status">
      {text}
    </p>
  );
}
