import { ImpactProviderStub } from '../../../test/support/impact-provider-stub';
import { HttpImpactProvider } from './http-impact-provider.adapter';
import { EmbeddedImpactProvider } from './embedded-impact-provider.adapter';
import { ImpactContribution, ImpactProviderError } from './impact-provider.port';

describe('HttpImpactProvider against a stub provider on loopback', () => {
  let stub: ImpactProviderStub;
  let provider: HttpImpactProvider;
  const contribution = (id: string): ImpactContribution => ({
    shopId: 'shop-1',
    customerRef: 'cust-1',
    contributionId: id,
    provider: 'Evergreen',
    unit: 'trees',
    quantity: 3,
  });

  beforeEach(async () => {
    stub = await new ImpactProviderStub().start();
    provider = new HttpImpactProvider({ url: stub.url, apiKey: 'k-secret', timeoutMs: 2000 });
  });
  afterEach(() => stub.stop());

  it('success: sends the contribution with the API key and its id as Idempotency-Key; answers the status', async () => {
    expect(await provider.contribute(contribution('c-1'))).toEqual({ status: 'confirmed' });
    expect(stub.contributions).toHaveLength(1);
    const [sent] = stub.contributions;
    expect(sent.body).toEqual({
      id: 'c-1',
      shop: 'shop-1',
      customer: 'cust-1',
      provider: 'Evergreen',
      unit: 'trees',
      quantity: 3,
    });
    expect(sent.headers.authorization).toBe('Bearer k-secret');
    expect(sent.headers['idempotency-key']).toBe('c-1');
    expect(sent.headers['content-type']).toBe('application/json');
  });

  it('unknown statuses pass through unchanged; a 2xx without status answers null', async () => {
    stub.answer = { http: 202, body: { status: 'queued_for_planting' } };
    expect(await provider.contribute(contribution('c-2'))).toEqual({ status: 'queued_for_planting' });
    stub.answer = { http: 200, body: {} };
    expect(await provider.contribute(contribution('c-3'))).toEqual({ status: null });
  });

  it('failure: an HTTP error, a body that is not JSON, or no provider at all is an ImpactProviderError', async () => {
    stub.answer = { http: 500, body: { error: 'boom' } };
    await expect(provider.contribute(contribution('c-4'))).rejects.toThrow(ImpactProviderError);
    await expect(provider.contribute(contribution('c-4'))).rejects.toThrow('HTTP 500');
    stub.answer = { http: 200, body: 'not json' };
    await expect(provider.contribute(contribution('c-5'))).rejects.toThrow('not a JSON object');
    const url = stub.url;
    await stub.stop();
    const gone = new HttpImpactProvider({ url, apiKey: 'k', timeoutMs: 1000 });
    await expect(gone.contribute(contribution('c-6'))).rejects.toThrow('unreachable');
    await expect(gone.totals('shop-1', 'cust-1')).rejects.toThrow(ImpactProviderError);
    stub = await new ImpactProviderStub().start();
  });

  it('reads the totals; an unreachable or malformed answer is an ImpactProviderError', async () => {
    await provider.contribute(contribution('c-7'));
    expect(await provider.totals('shop-1', 'cust-1')).toEqual({ trees: 3, plasticBottles: 0 });
    expect(stub.totalsCalls[0].path).toBe('/v1/customers/cust-1/totals?shop=shop-1');
    expect(stub.totalsCalls[0].headers.authorization).toBe('Bearer k-secret');
    stub.totalsDown = true;
    await expect(provider.totals('shop-1', 'cust-1')).rejects.toThrow('HTTP 503');
    stub.totalsDown = false;
    stub.totals = { trees: -1, plasticBottles: 0 } as never;
    await expect(provider.totals('shop-1', 'cust-1')).rejects.toThrow('without trees');
  });
});

describe('EmbeddedImpactProvider (offline default)', () => {
  it('confirms and records locally; totals per customer and unit', async () => {
    const provider = new EmbeddedImpactProvider();
    const base = { shopId: 's', customerRef: 'c', provider: 'P' };
    expect(await provider.contribute({ ...base, contributionId: '1', unit: 'trees', quantity: 2 })).toEqual({
      status: 'confirmed',
    });
    await provider.contribute({ ...base, contributionId: '1', unit: 'trees', quantity: 2 });
    await provider.contribute({ ...base, contributionId: '2', unit: 'plastic_bottles', quantity: 5 });
    await provider.contribute({ ...base, customerRef: 'other', contributionId: '3', unit: 'trees', quantity: 9 });
    expect(await provider.totals('s', 'c')).toEqual({ trees: 2, plasticBottles: 5 });
  });
});
