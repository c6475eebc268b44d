import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { createHttpApp } from './app.factory';
import { ensureDemoShop } from './operator/demo-shop';
import { DataDirLock } from './infrastructure/data-dir-lock';
import { STORAGE, Storage } from './infrastructure/storage';
import { startFailure } from './infrastructure/runtime/start-failure';

async function main(): Promise<void> {
  const config = new AppConfig();
  const lock = config.usesEmbeddedStore ? new DataDirLock(config.dataDir) : null;
  lock?.acquire();
  process.on('exit', () => lock?.release());
  const app = await createHttpApp({ config });
  await app.listen(config.port, config.host);
  const demo = await ensureDemoShop(app, config);
  const store = app.get<Storage>(STORAGE).describe;
  const url = `http://localhost:${config.port}`;
  // The log (stdout) gets one structured line; a person at the terminal gets the banner on stderr.
  const listening = {
    msg: 'Loyalty service listening',
    url,
    store,
    docs: `${url}/docs`,
    demoShopKeys: demo?.keysFile ?? null,
  };
  app.get(Logger).log(listening, 'Main');
  process.stderr.write(`Loyalty service listening on ${url} (store: ${store}; docs at /docs)\n`);
  if (demo) process.stderr.write(`${demo.banner}\n`);
}

main().catch((error) => {
  // A bad setting or a store out of reach is named in one line; anything else is a defect, with its stack.
  process.stderr.write(`Failed to start: ${startFailure(error)}\n`);
  process.exit(1);
});
