import { createPublicKey, KeyObject } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { AppConfig } from '../../config/app-config';
import { because } from '../../shared/domain/domain-error';
import { parseSigningKey, SIGNING_KEY_FILE, signatureVerifier } from '../credentials/audit-signing-key';
import { CheckResult, ExportChecker } from '../domain/export-check';

/** The key to check with: `--public-key <PEM file>`, else this service's own key (AUDIT_SIGNING_KEY or DATA_DIR). */
function trustedKey(config: AppConfig, publicKeyFile: string | undefined): KeyObject {
  if (publicKeyFile) return createPublicKey(readFileSync(publicKeyFile, 'utf8'));
  if (config.auditSigningKey) return createPublicKey(parseSigningKey(config.auditSigningKey));
  const file = join(config.dataDir, SIGNING_KEY_FILE);
  if (!config.databaseUrl && existsSync(file)) return createPublicKey(parseSigningKey(file));
  throw because.badRequest(
    "No key to check with: give --public-key <file> (the service's GET /audit/public-key) or set AUDIT_SIGNING_KEY",
  );
}

/** Reads the file once, line by line, whatever its size. */
export async function checkExport(file: string, publicKey: KeyObject): Promise<CheckResult> {
  const checker = new ExportChecker(signatureVerifier(publicKey));
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) checker.push(line);
  return checker.result();
}

/** `loyalty audit check <file> [--public-key <pem>]`: exit 0 when intact, 4 naming the first bad line. */
export async function checkCommand(config: AppConfig, file: string | undefined, options: Record<string, string>) {
  if (!file) throw because.badRequest('the export file to check is required');
  if (!existsSync(file)) throw because.badRequest(`${file} does not exist`);
  const result = await checkExport(file, trustedKey(config, options['public-key']));
  if (result.ok) {
    const m = result.manifest;
    process.stdout.write(
      `OK ${file}: ${result.count} events, chain intact, manifest signed by key ${m.keyId} ` +
        `(shop ${m.shopId}${m.customerId ? `, customer ${m.customerId}` : ''}, positions ${m.firstPosition ?? '-'} to ${m.lastPosition ?? '-'}, exported ${m.exportedAt})\n`,
    );
    return 0;
  }
  process.stdout.write(`BAD ${file} line ${result.line}: ${result.problem}\n`);
  return 4;
}
