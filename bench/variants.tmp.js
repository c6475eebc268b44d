const { createHmac } = require('crypto');
const autocannon = require('autocannon');
const run = (o) => new Promise((r) => autocannon({ connections: 32, duration: 5, ...o }, (e, x) => r(x)));
(async () => {
  const base = 'http://127.0.0.1:3555';
  const shop = (await (await fetch(base + '/admin/api/shops', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer a' }, body: JSON.stringify({ domain: 'var.example.com' }) })).json()).data;
  for (let i = 0; i < 200; i++) { const raw = JSON.stringify({ id: 1000 + i }); await fetch(base + '/platform/webhooks/customers/create', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Platform-Shop-Domain': shop.domain, 'X-Platform-Webhook-Id': 'w' + i, 'X-Platform-Hmac-Sha256': createHmac('sha256', 'p').update(raw).digest('base64') }, body: raw }); }
  const keys = { 'X-Svc-Loyalty-App-Key': shop.appKey, 'X-Svc-Loyalty-Secret-Key': shop.secretKey, 'Content-Type': 'application/json' };
  const cases = [
    ['health', { url: base + '/health' }],
    ['whoami (guard only)', { url: base + '/rest_api/v2/whoami', headers: keys }],
    ['award 400 (validation)', { url: base + '/rest_api/v2/transactions/points/award', method: 'POST', headers: keys, body: JSON.stringify({ platformCustomerId: 'x', point: 1 }) }],
    ['award 404 (decide, 1 read)', { url: base + '/rest_api/v2/transactions/points/award', method: 'POST', headers: keys, body: JSON.stringify({ platformCustomerId: '99999', point: 1 }) }],
    ['deduct 400 insufficient (cached, 2 decides + 1 read)', { url: base + '/rest_api/v2/transactions/points/deduct', method: 'POST', headers: keys, body: JSON.stringify({ platformCustomerId: '1000', point: 100000 }) }],
  ];
  for (const [name, o] of cases) { const r = await run(o); console.log(name.padEnd(50), Math.round(r.requests.average), 'rps p50', r.latency.p50, 'non2xx', r.non2xx); }
})();
