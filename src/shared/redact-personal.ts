/**
 * Personal data never reaches the logs at info: email addresses (also percent-encoded, as in a query
 * string such as `?email=a%40b.com`) are replaced wherever a log line's text carries one.
 */
const EMAIL = /[^\s"'<>()[\]/?&=,;:]+(?:@|%40)[^\s"'<>()[\]/?&=,;:%]+\.[a-z]{2,}/gi;

export const REDACTED_EMAIL = '[email]';

export function redactEmails(text: string): string {
  // Most lines carry no address: one scan for the '@' (or its encoding) before the regex.
  if (!text.includes('@') && !text.includes('%40')) return text;
  return text.replace(EMAIL, REDACTED_EMAIL);
}

const OAUTH_QUERY = /([?&](?:code|state)=)[^&#]*/g;

/** An OAuth callback's `code` and `state` (single-use credentials of a login) as an access line shows them. */
export function redactOAuthQuery(url: string): string {
  if (!url.includes('code=') && !url.includes('state=')) return url;
  return url.replace(OAUTH_QUERY, '$1[redacted]');
}

/** Paths pino redacts in logged objects: the personal fields of customers and events, one level deep. */
export const PERSONAL_LOG_PATHS = ['email', 'firstName', 'lastName', 'phone', 'birthday', 'dateOfBirth'].flatMap(
  (field) => [field, `*.${field}`],
);
