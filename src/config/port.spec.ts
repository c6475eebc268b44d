import { AppConfig } from './app-config';

describe('PORT', () => {
  it('is 3000 when unset or empty, the number given otherwise (0: a free port)', () => {
    expect(new AppConfig({}).port).toBe(3000);
    expect(new AppConfig({ PORT: '' }).port).toBe(3000);
    expect(new AppConfig({ PORT: '8080' }).port).toBe(8080);
    expect(new AppConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each(['abc', '-1', '65536', '80.5', '1e3'])('refuses %j at start, naming the variable', (value) => {
    expect(() => new AppConfig({ PORT: value })).toThrow(
      `PORT must be a TCP port number from 0 to 65535 (got "${value}")`,
    );
  });
});
