import { Request, Response } from 'express';

export const CONSOLE_COOKIE = 'loyalty_console';

/** The path every console page and endpoint lives under: the cookie is sent nowhere else. */
export const CONSOLE_PATH = '/console';

/** The session token the request's cookie carries, or null. */
export function sessionTokenOf(request: Request): string | null {
  const header = request.header('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) return value.join('=') || null;
  }
  return null;
}

/** Over https (the request's own, or the public address's): the cookie is sent only there. */
function secureFor(request: Request, publicUrl: string): boolean {
  return request.secure || publicUrl.startsWith('https:');
}

/**
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Path=/console. A
 * browser-session cookie: the idle expiry is the server's (a Max-Age would end a session in use).
 */
export function setSessionCookie(request: Request, response: Response, token: string, publicUrl: string): void {
  response.cookie(CONSOLE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: CONSOLE_PATH,
    secure: secureFor(request, publicUrl),
  });
}

export function clearSessionCookie(request: Request, response: Response, publicUrl: string): void {
  response.clearCookie(CONSOLE_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    path: CONSOLE_PATH,
    secure: secureFor(request, publicUrl),
  });
}
