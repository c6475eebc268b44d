import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it.
 * The service holds this lock while it runs; the CLI refuses to open a locked directory.
 */
export class DataDirLock {
  private readonly file: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'service.lock');
  }

  /** The pid holding the directory, if that process is alive. */
  holder(): number | null {
    if (!existsSync(this.file)) return null;
    const pid = Number(readFileSync(this.file, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    try {
      process.kill(pid, 0);
      return pid === process.pid ? null : pid;
    } catch {
      return null;
    }
  }

  acquire(): void {
    const holder = this.holder();
    if (holder) throw new Error(`${this.file} is held by running process ${holder}; stop it first`);
    writeFileSync(this.file, String(process.pid));
  }

  release(): void {
    if (existsSync(this.file) && readFileSync(this.file, 'utf8').trim() === String(process.pid)) rmSync(this.file);
  }
}
