import 'reflect-metadata';
import { AppConfig } from './config/app-config';
import { createHttpApp } from './app.factory';
import { ensureDemoShop } from './operator/demo-shop';
import { DataDirLock } from './infrastructure/data-dir-lock';
import { STORAGE, Storage } from './infrastructure/storage';

async function main(): Promise<void> {
  const config = new AppConfig();
  const lock = config.usesEmbeddedStore ? new DataDirLock(config.dataDir) : null;
  lock?.acquire();
  process.on('exit', () => lock?.release());
  const app = await createHttpApp({ config });
  await app.listen(config.port, config.host);
  const demo = await ensureDemoShop(app, config);
  const store = app.get<Storage>(STORAGE).describe;
  process.stdout.write(
    `Loyalty service listening on http://localhost:${config.port} (store: ${store}; docs at /docs)\n`,
  );
  if (demo) process.stdout.write(`${demo}\n`);
}

main().catch((error) => {
  process.stderr.write(`Failed to start: ${error?.stack ?? error}\n`);
  process.exit(1);
});
