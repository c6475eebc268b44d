import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { ShopDirectory } from '../shops/shop-directory';
import { ProvisionedShop, ProvisionShopCommand } from './provision-shop.handler';
import { DefineTierCommand } from '../tiers/commands/define-tier.handler';
import { EnrolCustomerCommand } from '../ledger/enrolment/enrol-customer.handler';
import { CreateProgramCommand } from '../programs/commands/create-program.handler';

export const DEMO_CUSTOMER_ID = 1001;
export const DEMO_SHOP_DOMAIN = 'demo-shop.example.com';
/** The demo shopper the demo storefront signs in (`/widget/demo/`). */
export const DEMO_CUSTOMER = { id: DEMO_CUSTOMER_ID, email: 'ada@example.com' };

/** What the demo storefront shows besides the balance: a social action to claim and a reward to redeem. */
async function createDemoPrograms(commands: CommandBus, shopId: string): Promise<void> {
  await commands.execute(
    new CreateProgramCommand(
      shopId,
      'earning',
      'follow_photo',
      { title: 'Follow us on our photo network', earnPoint: 50 },
      {},
    ),
  );
  await commands.execute(
    new CreateProgramCommand(
      shopId,
      'spending',
      'amount_discount',
      { title: '$5 off your order' },
      {
        pointsCost: 500,
        rewardValue: 5,
      },
    ),
  );
}

/**
 * First start on the embedded store with no shop: make a demo shop with two tiers above the base
 * tier and one customer, so the printed curl commands work straight away. The keys are kept in
 * DATA_DIR/demo-shop.json (readable by the owner only) and never printed. Off in production unless
 * DEMO_SHOP=true.
 */
export async function ensureDemoShop(
  app: INestApplicationContext,
  config: AppConfig,
): Promise<{ keysFile: string; banner: string } | null> {
  if (!config.embedded || config.inMemory || !config.createDemoShop) return null;
  if ((await app.get(ShopDirectory).count()) > 0) return null;
  const commands = app.get(CommandBus);
  const shop: ProvisionedShop = await commands.execute(
    new ProvisionShopCommand(DEMO_SHOP_DOMAIN, 'ultimate', 'USD', 'UTC'),
  );
  await commands.execute(new DefineTierCommand(shop.shopId, { name: 'Silver', targetPoint: 500 }));
  await commands.execute(new DefineTierCommand(shop.shopId, { name: 'Gold', targetPoint: 1500 }));
  await createDemoPrograms(commands, shop.shopId);
  await commands.execute(
    new EnrolCustomerCommand(
      shop.shopId,
      DEMO_CUSTOMER_ID,
      {
        email: DEMO_CUSTOMER.email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        acceptsMarketing: true,
        platformCreatedAt: null,
      },
      'demo',
    ),
  );
  const keysFile = join(config.dataDir, 'demo-shop.json');
  writeFileSync(keysFile, JSON.stringify(shop, null, 2), { mode: 0o600 });
  return { keysFile, banner: demoBanner(keysFile, config.port) };
}

/**
 * What a person at the terminal is shown: where the keys are and commands that read them from
 * there. No key is printed: stderr is often a log.
 */
function demoBanner(keysFile: string, port: number): string {
  const base = `http://localhost:${port}/rest_api/v2`;
  const read = (field: string) => `$(node -p "require('${keysFile}').${field}")`;
  const auth = `-H "X-Svc-Loyalty-App-Key: ${read('appKey')}" -H "X-Svc-Loyalty-Secret-Key: ${read('secretKey')}"`;
  return [
    '',
    `Demo shop created; its keys (app key, secret key, headless secret) are kept in ${keysFile} (owner only).`,
    '',
    'Try:',
    `curl -s ${auth} ${base}/customers/external/${DEMO_CUSTOMER_ID}`,
    `curl -s ${auth} -H 'Content-Type: application/json' -H 'Idempotency-Key: demo-1' -d '{"platformCustomerId":"${DEMO_CUSTOMER_ID}","point":600,"reason":"welcome"}' ${base}/transactions/points/award`,
    `curl -s ${auth} '${base}/transactions?platformCustomerId=${DEMO_CUSTOMER_ID}'`,
    '',
    `The demo storefront with the loyalty widget: http://localhost:${port}/widget/demo/`,
    '',
  ].join('\n');
}
