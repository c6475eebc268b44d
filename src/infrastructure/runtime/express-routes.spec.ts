import express, { Request, Response } from 'express';
import request from 'supertest';
import { dispatchTo, expressRoutesOf, groupRoutes } from './express-routes';

/** An express app with interleaved routes of two groups and others, grouped as RouteIndex groups them. */
function app(grouped: boolean) {
  const a = express();
  const answer = (name: string) => (req: Request, res: Response) => res.json({ name, params: req.params });
  a.get('/health', answer('health'));
  a.get('/api/a/items/:id', answer('a-item'));
  a.get('/api/b/things', answer('b-things'));
  a.get('/api/a/items/special', answer('a-special')); // behind the param route: never reached
  a.post('/api/a/items', answer('a-create'));
  a.get('/other/:x', answer('other'));
  a.get('/api/b/things/:id', answer('b-thing'));
  a.use((_req, res) => res.status(404).json({ name: 'not-found' }));
  if (grouped) {
    let groups: ReturnType<typeof groupRoutes> = [];
    a.use(dispatchTo(() => groups));
    const router = (a as unknown as { router: { stack: [] } }).router;
    groups = groupRoutes(router, ['/api/a', '/api/b'], router.stack.pop()!);
  }
  return a;
}

describe('groupRoutes', () => {
  const paths: Array<[string, string]> = [
    ['get', '/health'],
    ['get', '/api/a/items/7'],
    ['get', '/api/a/items/special'],
    ['post', '/api/a/items'],
    ['get', '/API/A/Items/8'],
    ['get', '/api/a/items/9/'],
    ['get', '/api/b/things'],
    ['get', '/api/b/things/3'],
    ['get', '/api/b/nothing'],
    ['get', '/api/ab/things'],
    ['get', '/other/1'],
    ['get', '/nowhere'],
    ['head', '/api/b/things'],
    ['delete', '/api/a/items/7'],
  ];

  it.each(paths)('%s %s: the same route answers as without grouping', async (method, path) => {
    const send = (a: express.Express) =>
      (request(a) as unknown as Record<string, (p: string) => request.Test>)[method](path);
    const [before, after] = await Promise.all([send(app(false)), send(app(true))]);

    expect({ status: after.status, body: after.body }).toEqual({ status: before.status, body: before.body });
  });

  it('leaves OPTIONS to the layers after the groups, as before (here the not-found handler)', async () => {
    const before = await request(app(false)).options('/api/a/items');
    const after = await request(app(true)).options('/api/a/items');

    expect(after.status).toBe(before.status);
    expect(after.headers.allow).toBe(before.headers.allow);
  });

  it('moves every route of a group behind one dispatcher and keeps the others in place', () => {
    const grouped = app(true) as unknown as { router: { stack: Array<{ route?: { path: string } }> } };
    expect(grouped.router.stack.map((l) => l.route?.path ?? 'middleware')).toEqual([
      '/health',
      'middleware',
      '/other/:x',
      'middleware',
    ]);
  });
});

/**
 * The seam's contract with express: if an upgrade renames or reshapes these undocumented members,
 * this fails, naming what moved, before any request is routed differently.
 */
describe('express internals this service relies on', () => {
  it('an application keeps its layers in order in `router.stack`, a route layer has `route.path` and `route.methods`', () => {
    const a = express();
    a.use((_req, _res, next) => next());
    a.get('/items/:id', (_req, res) => res.end());
    const router = (a as unknown as { router?: { stack?: unknown } }).router;

    expect(Array.isArray(router?.stack)).toBe(true);
    const layers = router!.stack as Array<{ route?: { path?: unknown; methods?: unknown } }>;
    expect(layers.map((l) => l.route?.path)).toEqual([undefined, '/items/:id']);
    expect(layers[1].route?.methods).toEqual({ get: true });
    expect(expressRoutesOf(a)).toEqual([{ path: '/items/:id', methods: { get: true } }]);
  });

  it('a Router() keeps its layers in `stack`, where grouped route layers are moved', () => {
    expect(Array.isArray((express.Router() as unknown as { stack?: unknown }).stack)).toBe(true);
  });

  it('a grouped application still lists every route, in order, for the input policy', () => {
    expect(expressRoutesOf(app(true)).map((r) => r.path)).toEqual([
      '/health',
      '/api/a/items/:id',
      '/api/b/things',
      '/api/a/items/special',
      '/api/a/items',
      '/other/:x',
      '/api/b/things/:id',
    ]);
  });
});
