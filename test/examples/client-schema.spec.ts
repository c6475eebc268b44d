import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The typed client is generated from the committed OpenAPI document; this fails when they drift apart. */
describe('clients/typescript schema', () => {
  it('is what openapi-typescript generates from openapi.json (run `npm run client:generate`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'client-schema-'));
    try {
      const out = join(dir, 'schema.d.ts');
      const cli = join(ROOT, 'node_modules', 'openapi-typescript', 'bin', 'cli.js');
      execFileSync(process.execPath, [cli, join(ROOT, 'openapi.json'), '-o', out], { stdio: 'pipe' });
      const committed = readFileSync(join(ROOT, 'clients', 'typescript', 'src', 'schema.d.ts'), 'utf8');
      expect(committed === readFileSync(out, 'utf8')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
