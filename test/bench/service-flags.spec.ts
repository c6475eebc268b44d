import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
import { SERVICE_NODE_FLAGS } from '../../bench/service-flags';

/** The service's Node flags are written in three places; they must not drift apart. */
describe('the Node flags the service runs with', () => {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;

  it('are those of npm start, which runs the built service', () => {
    expect(start).toBe(`node ${SERVICE_NODE_FLAGS.join(' ')} dist/main.js`);
    expect(SERVICE_NODE_FLAGS).toContain('--max-semi-space-size=64');
  });

  it('are the Dockerfile’s, which runs the service without npm', () => {
    const cmd = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').match(/^CMD (\[.*\])$/m);
    expect(cmd && JSON.parse(cmd[1])).toEqual(['node', ...SERVICE_NODE_FLAGS, 'dist/main.js']);
  });
});
