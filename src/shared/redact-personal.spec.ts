import { Writable } from 'node:stream';
import pino from 'pino';
import { PERSONAL_LOG_PATHS, redactEmails, redactOAuthQuery } from './redact-personal';
import { requestLog } from './http/request-log';
import { ServerResponse } from 'node:http';
import { EventEmitter } from 'node:events';

type Request = Parameters<ReturnType<typeof requestLog>>[0];

describe('personal data in logs', () => {
  it('replaces email addresses, plain or percent-encoded, and leaves other text alone', () => {
    expect(redactEmails('/rest_api/v2/customers?email=Ann.Lee%40example.com&limit=5')).toBe(
      '/rest_api/v2/customers?email=[email]&limit=5',
    );
    expect(redactEmails('customer ann@example.co.uk not found')).toBe('customer [email] not found');
    expect(redactEmails('/rest_api/v2/customers/external/42')).toBe('/rest_api/v2/customers/external/42');
  });

  it("an OAuth callback's code and state are redacted; other queries are left alone", () => {
    expect(redactOAuthQuery('/app/api/v1/headless/social/chat/callback?code=abc&state=s.t.n&x=1')).toBe(
      '/app/api/v1/headless/social/chat/callback?code=[redacted]&state=[redacted]&x=1',
    );
    expect(redactOAuthQuery('/rest_api/v2/rewards?limit=5')).toBe('/rest_api/v2/rewards?limit=5');
  });

  it("the access line's URL carries no email; logged objects lose their personal fields", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ level: 'info', redact: PERSONAL_LOG_PATHS }, sink);
    const res = Object.assign(new EventEmitter(), {
      statusCode: 200,
      writableFinished: true,
      setHeader: () => undefined,
    });
    const req = { headers: {}, url: '/rest_api/v2/customers?email=ann%40example.com', method: 'GET' };
    requestLog(logger)(req as unknown as Request, res as unknown as ServerResponse, () => undefined);
    res.emit('close');
    logger.info({ customer: { id: 'c1', email: 'ann@example.com', firstName: 'Ann' } }, 'hello');
    const text = lines.join('');
    expect(text).not.toContain('ann');
    expect(text).toContain('email=[email]');
    expect(text).toContain('"id":"c1"');
  });
});
