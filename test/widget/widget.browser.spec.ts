/// <reference lib="dom" />
import { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_CUSTOMER, DEMO_SHOP_DOMAIN } from '../../src/operator/demo-shop';
import { WEB_DIR } from '../../src/widget/widget-files';
import { createTestApp, TestApp } from '../support/test-app';
import { shopClient, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { DOLLAR_PER_100 } from '../headless/headless-support';
import { foreignStorefront, hasChromium, launchChromium, screenshot, seriousViolations } from './widget-browser';

/** Waits until `done` answers true (10 s at most). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await done());) {
    if (Date.now() - started > 10_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const built = existsSync(`${WEB_DIR}/dist/loyalty-widget.js`);
const runs = hasChromium && built;
if (!runs)
  console.warn(
    `widget browser tests skipped: ${hasChromium ? 'the widget is not built (npm run widget:build)' : 'no Chromium at /usr/bin/chromium (apt-get install chromium, or set CHROMIUM_PATH)'}`,
  );

/**
 * The loyalty widget in Debian's Chromium, on the demo storefront the service serves at /widget/demo/
 * (its "merchant server" signs the demo shopper's proof), against a real service on loopback.
 */
(runs ? describe : describe.skip)(`widget in a browser (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let demo: ShopClient;
  let service: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  const widget = () => page.locator('[data-loyalty-widget]');
  const balance = () => widget().getByTestId('balance');

  beforeAll(async () => {
    // The demo storefront and its proof route run only with DEMO_SHOP on (tests turn it off by default).
    // Every test opens a new browser (no kept token): more token mints than a shopper makes in a minute.
    t = await createTestApp({ env: { DEMO_SHOP: 'true', HEADLESS_TOKEN_QUOTA_CUSTOMER: '100/60' } });
    demo = shopClient(t, await t.shop(DEMO_SHOP_DOMAIN));
    await demo.enrol(DEMO_CUSTOMER.id, { email: DEMO_CUSTOMER.email, first_name: 'Ada' });
    await demo.tier({ name: 'Silver', targetPoint: 2000 });
    // Seven awards: more history than one page of five.
    for (const point of [100, 100, 100, 100, 100, 100, 400]) await demo.award(DEMO_CUSTOMER.id, point);
    await demo.earning('follow_photo', 'Follow us <img src=x onerror="window.hacked=1">', { earnPoint: 50 });
    await demo.earning('submit_form', 'Tell us about you', { earnPoint: 20, form: { autoApprove: true } });
    await demo.earning('submit_receipt', 'Send us your receipt', { earnPoint: 30 });
    await demo.spending('amount_discount', '$5 off', { pointsCost: 500, rewardValue: 5 });
    // A ladder on points earned: the first step is reached (1,000 earned), the second is not.
    await demo.program({
      type: 'earning',
      event: 'milestone',
      title: 'Points ladder',
      typeMilestone: 'earned_point',
      milestones: [
        { value: 500, label: 'Earn 500 points', rewards: [{ action: 'bonus_point', points: 25 }] },
        { value: 100000, label: 'Earn 100,000 points', rewards: [{ action: 'bonus_point', points: 1000 }] },
      ],
    });
    await demo.earning('referral', 'Refer a friend', {
      earnPoint: 100,
      referral: { friendCoupon: { type: 'amount_discount', value: 10, expiresInDays: 30 } },
    });
    // $1 per 100 points, 200 to 1,000 points, at most half the cart: the demo page's cart is $40.
    await demo.spending('amount_discount', 'Dollars off', DOLLAR_PER_100);
    await t.app.listen(0, '127.0.0.1');
    service = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: service });
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await context.close();
    // Whatever the API answered, the widget's script never failed.
    expect(pageErrors).toEqual([]);
  });

  it('shows the balance, the tier progress and the history; merchant text is shown as text', async () => {
    await page.goto(`${service}/widget/demo/`);
    await expect(balance().textContent()).resolves.toBe('1,000 points');
    await widget().getByText('1,000 points to Silver').waitFor();
    const title = widget().getByText('Follow us <img src=x onerror="window.hacked=1">');
    await title.waitFor();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await widget().getByTestId('history').locator('li').count()).toBe(5);
    await screenshot(page, 'widget-desktop');
  });

  it('claims the social program and the balance changes; then it shows as earned, with no second claim', async () => {
    await page.goto(`${service}/widget/demo/`);
    await balance().waitFor();
    const before = Number((await balance().textContent())!.replace(/\D/g, ''));
    await widget()
      .getByRole('button', { name: /^Claim: Follow us/ })
      .click();
    await widget().getByText('Earned', { exact: true }).waitFor();
    expect(Number((await balance().textContent())!.replace(/\D/g, ''))).toBe(before + 50);
    await expect(widget().getByTestId('notice').textContent()).resolves.toBe('+50 points');
    // The program paid once: the widget offers no second claim, and the API refuses one with its reason.
    expect(
      await widget()
        .getByRole('button', { name: /^Claim: Follow us/ })
        .count(),
    ).toBe(0);
  });

  it('redeems a reward and shows the code, which can be copied', async () => {
    await page.goto(`${service}/widget/demo/`);
    await balance().waitFor();
    await widget().getByRole('button', { name: 'Redeem: $5 off' }).click();
    const notice = widget().getByTestId('notice');
    await notice.getByText(/^Your code: /).waitFor();
    const code = (await notice.textContent())!.replace('Your code: ', '');
    await widget().getByTestId('coupon-code').getByText(code).waitFor();
    await widget()
      .getByRole('button', { name: `Copy: ${code}` })
      .click();
    await widget()
      .getByRole('button', { name: `Copied: ${code}` })
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await screenshot(page, 'widget-redeemed');
  });

  it('sends a form answer and a receipt photo: the form pays at once, the receipt waits for the merchant', async () => {
    await page.goto(`${service}/widget/demo/`);
    await balance().waitFor();
    const before = Number((await balance().textContent())!.replace(/\D/g, ''));
    const form = widget().locator('li', { hasText: 'Tell us about you' });
    await form.getByLabel('Your answer').fill('I come for the tea');
    await form.getByRole('button', { name: 'Send' }).click();
    await widget().getByTestId('notice').getByText('+20 points').waitFor();
    await until(async () => Number((await balance().textContent())!.replace(/\D/g, '')) === before + 20);
    const receipt = widget().locator('li', { hasText: 'Send us your receipt' });
    // Sending needs the photo first.
    expect(await receipt.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    await receipt.getByLabel('Photo').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: png });
    await receipt.getByRole('button', { name: 'Send' }).click();
    await widget().getByTestId('notice').getByText('Sent for review').waitFor();
    // The merchant sees the receipt waiting, with the photo the widget uploaded.
    const pending = (await demo.get('/submissions?status=pending').expect(200)).body.data;
    expect(pending).toEqual([
      expect.objectContaining({
        programTitle: 'Send us your receipt',
        imageUrls: [expect.stringContaining('/uploads/')],
      }),
    ]);
  });

  it('shows the milestone ladder and claims the reached step once; shows the referral link to copy', async () => {
    await page.goto(`${service}/widget/demo/`);
    await balance().waitFor();
    const before = Number((await balance().textContent())!.replace(/\D/g, ''));
    const ladder = widget().getByTestId('ladder');
    await ladder.waitFor();
    expect(await ladder.getByTestId('step-state').allTextContents()).toEqual(['Ready to claim', 'In progress']);
    await widget().getByRole('button', { name: 'Claim: Earn 500 points' }).click();
    await widget().getByTestId('notice').getByText('+25 points').waitFor();
    await until(async () => Number((await balance().textContent())!.replace(/\D/g, '')) === before + 25);
    expect(await ladder.getByTestId('step-state').allTextContents()).toEqual(['Claimed', 'In progress']);
    expect(await widget().getByRole('button', { name: 'Claim: Earn 500 points' }).count()).toBe(0);
    const link = (await widget().getByTestId('referral-link').textContent())!;
    expect(link).toMatch(new RegExp(`^https://${DEMO_SHOP_DOMAIN.replace(/\./g, '\\.')}/\\?ref=\\S+$`));
    await widget().getByRole('button', { name: 'Copy: Invite your friends' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  });

  it("a dynamic reward's slider goes from its minimum to the cart's share, and redeems the points chosen", async () => {
    await page.goto(`${service}/widget/demo/`);
    await balance().waitFor();
    const before = Number((await balance().textContent())!.replace(/\D/g, ''));
    const slider = widget().getByRole('slider', { name: 'Points to spend' });
    // Half of a $40 cart is $20: 2,000 points, so the reward's own maximum (1,000) or the balance bounds it.
    expect(await slider.evaluate((el: HTMLInputElement) => [el.min, el.max, el.step, el.value])).toEqual([
      '200',
      String(Math.min(1000, before - (before % 100))),
      '100',
      '200',
    ]);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await widget().getByRole('button', { name: 'Redeem: Dollars off' }).click();
    await widget()
      .getByTestId('notice')
      .getByText(/^Your code: /)
      .waitFor();
    await until(async () => Number((await balance().textContent())!.replace(/\D/g, '')) === before - 400);
  });

  it('pages the history and switches the language', async () => {
    await page.goto(`${service}/widget/demo/`);
    const history = widget().getByTestId('history');
    await history.waitFor();
    const first = await history.locator('li').allTextContents();
    await widget().getByRole('button', { name: 'Older' }).click();
    await until(async () => JSON.stringify(await history.locator('li').allTextContents()) !== JSON.stringify(first));
    await widget().getByRole('button', { name: 'Newer' }).click();
    await until(async () => JSON.stringify(await history.locator('li').allTextContents()) === JSON.stringify(first));
    await widget().getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await widget().getByRole('heading', { name: 'Vos récompenses' }).waitFor();
    await widget().getByRole('button', { name: 'Plus ancien' }).waitFor();
  });

  it('shows a rate-limited answer as a message, not a broken page', async () => {
    await page.route('**/app/api/v1/headless/customer/rewards**', (route) =>
      route.fulfill({ status: 429, headers: { 'Retry-After': '42' }, body: '' }),
    );
    await page.goto(`${service}/widget/demo/`);
    await widget().getByText('Too many requests. Try again in 42 seconds.').waitFor();
    await screenshot(page, 'widget-rate-limited');
    await page.unroute('**/app/api/v1/headless/customer/rewards**');
    await page.route('**/app/api/v1/headless/customer/rewards**', (route) => route.fulfill({ status: 503, body: '' }));
    await page.reload();
    await widget().getByText('The service is busy. Try again in a moment.').waitFor();
  });

  it('asks for a new token when a call answers 401, and goes on', async () => {
    let exchanges = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/auth/token')) exchanges++;
    });
    let refused = false;
    await page.route('**/app/api/v1/headless/customer?**', (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({ status: 401, body: '' });
    });
    await page.goto(`${service}/widget/demo/`);
    await balance().waitFor();
    expect(refused).toBe(true);
    expect(exchanges).toBe(2);
    // Another page of the shop in the same tab uses the kept token: no new exchange.
    await page.reload();
    await balance().waitFor();
    expect(exchanges).toBe(2);
  });

  it('has no serious accessibility violation, on a desktop and on a phone', async () => {
    await page.goto(`${service}/widget/demo/`);
    await balance().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'widget-phone');
  });

  it('works from a storefront on another origin once the shop allows it (CORS)', async () => {
    const storefront = await foreignStorefront(service);
    try {
      await page.goto(storefront.origin);
      // Not allowed yet: the browser keeps the token exchange's answer from the page.
      await widget().getByTestId('notice').getByText('Something went wrong. Try again.').waitFor();
      await demo.put('/settings/storefront', { allowedOrigins: [storefront.origin] }).expect(200);
      // Past the service's few seconds of memory of the origin, the same page works.
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      await page.reload();
      await balance().waitFor();
      expect(await balance().textContent()).toMatch(/points$/);
    } finally {
      await storefront.close();
    }
  });
});
