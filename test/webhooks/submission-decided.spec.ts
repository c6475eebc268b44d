import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { waitUntil, withReceiver } from '../support/receiver';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/** A merchant's decision on a submission is delivered as submission/decided (signed like every delivery). */
describe(`webhook submission/decided (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', PROJECTION_POLL_MS: '20' } });

  it('approval and rejection each deliver one submission/decided with what was paid', async () => {
    await withReceiver(async (receiver) => {
      const shop = await s.newShop();
      await shop.subscribe('submission/decided', receiver.url('/decided'));
      const form = (await shop.program({ type: 'earning', event: 'submit_form', title: 'Tell us', earnPoint: 40 })).id;
      await shop.enrol(8001);
      const token = await tokenFor(s.t, shop.shop, 8001);
      const submit = () =>
        s.t.http().post(`${HEADLESS}/customer/earn`).set(bearer(token)).send({ programId: form }).expect(200);
      await submit();
      await submit();
      const [second, first] = expectSuccess((await shop.get('/submissions').expect(200)).body);
      await shop.post(`/submissions/${first.id}/approve`, {}).expect(200);
      await shop.post(`/submissions/${second.id}/reject`, { reason: 'Twice' }).expect(200);
      await waitUntil(() => receiver.received.length >= 2, 10_000, 'two deliveries');
      const bodies = receiver.received.map((r) => r.body).sort((a, b) => (a.status < b.status ? -1 : 1));
      expect(bodies).toMatchObject([
        {
          topic: 'submission/decided',
          customer: { platformCustomerId: 8001, email: 'c8001@example.com' },
          submissionId: first.id,
          programId: form,
          status: 'approved',
          pointsEarned: 40,
          reason: null,
        },
        { topic: 'submission/decided', submissionId: second.id, status: 'rejected', pointsEarned: 0, reason: 'Twice' },
      ]);
      expect(receiver.received[0].headers['x-svc-loyalty-hmac-sha256']).toEqual(expect.any(String));
    });
  });
});
