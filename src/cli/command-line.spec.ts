import { PassThrough } from 'node:stream';
import { parseCommandLine } from './command-line';
import { progressBar } from './progress';

describe('the command line', () => {
  const quiet = () => {
    const writes = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    return () => (writes.mockRestore(), out.mockRestore());
  };

  it('reads flags by their long names; switches given are empty strings', () => {
    const args = [
      'migrate',
      'events',
      '--from',
      'postgres',
      '--to',
      'pglite',
      '--to-url',
      '/x',
      '--restart',
      '--no-checkpoints',
    ];
    expect(parseCommandLine('1.0.0', args)).toEqual({
      group: 'migrate',
      action: 'events',
      options: { from: 'postgres', to: 'pglite', 'to-url': '/x', batch: '1000', restart: '', 'no-checkpoints': '' },
    });
    expect(parseCommandLine('1.0.0', ['migrate', 'events', '--from', 'postgres', '--to', 'pglite'])).toEqual({
      group: 'migrate',
      action: 'events',
      options: { from: 'postgres', to: 'pglite', batch: '1000' },
    });
  });

  it('gives the positional file of audit check, and the defaults of shop create', () => {
    expect(parseCommandLine('1.0.0', ['audit', 'check', 'export.ndjson', '--public-key', 'k.pem'])).toEqual({
      group: 'audit',
      action: 'check',
      options: { 'public-key': 'k.pem' },
      file: 'export.ndjson',
    });
    expect(parseCommandLine('1.0.0', ['shop', 'create', '--domain', 'a.example.com'])).toMatchObject({
      options: { domain: 'a.example.com', plan: 'ultimate', currency: 'USD', timezone: 'UTC' },
    });
  });

  it.each([
    [['audit', 'verify', '--shoop', 'X']],
    [['nonsense']],
    [['shop']],
    [['shop', 'create']],
    [['audit', 'check']],
    [['projections', 'rebuild', 'extra']],
    [[]],
  ])('%j is a usage error: exit 2', (argv) => {
    const restore = quiet();
    try {
      expect(parseCommandLine('1.0.0', argv)).toBe(2);
    } finally {
      restore();
    }
  });

  it('help and version answer 0', () => {
    const restore = quiet();
    try {
      expect(parseCommandLine('1.0.0', ['--help'])).toBe(0);
      expect(parseCommandLine('1.0.0', ['audit', 'export', '--help'])).toBe(0);
      expect(parseCommandLine('1.0.0', ['--version'])).toBe(0);
    } finally {
      restore();
    }
  });
});

describe('progress bars', () => {
  const terminal = () => {
    const stream = Object.assign(new PassThrough(), {
      isTTY: true,
      columns: 100,
      cursorTo: () => true,
      clearLine: () => true,
      moveCursor: () => true,
    });
    let text = '';
    stream.on('data', (d) => (text += d.toString()));
    return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
  };

  it('draw on a terminal, with the count when the total is unknown', () => {
    const t = terminal();
    const bar = progressBar('export', 'lines', undefined, t.stream);
    bar.update(1500);
    bar.stop();
    expect(t.text()).toContain('export | 1500 lines');
  });

  it('draw a percentage when the total is known', () => {
    const t = terminal();
    const bar = progressBar('rebuild', 'events', 200, t.stream);
    bar.update(100);
    bar.stop();
    expect(t.text()).toContain('50% | 100/200 events');
  });

  it('stay silent when stderr is not a terminal (a redirected run)', () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (d) => (text += d.toString()));
    const bar = progressBar('rebuild', 'events', 200, stream as unknown as NodeJS.WriteStream);
    bar.update(100);
    bar.stop();
    expect(text).toBe('');
  });
});
