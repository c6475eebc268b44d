import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { Application, Request, Response, NextFunction, Router } from 'express';

/*
 * Express's router internals, in one place: `app.router.stack` (the application's layers, in order)
 * and a route layer's `route.path` and `route.methods`. Express 5 documents neither; the spec beside
 * this file checks the installed express still has them, so an upgrade that changes them fails there
 * instead of silently routing differently. Two users: the route groups below (per API family: a
 * request is not matched against the patterns of every other API first) and
 * `expressRoutesOf`, which answers the routes for the input policy.
 */

/**
 * The path prefixes routes are grouped under, one group per API family (a request is dispatched to
 * the group of the longest prefix its path starts with).
 */
export const ROUTE_GROUPS = [
  '/app/api/v1/headless',
  '/app/api/v1/webhooks',
  '/rest_api/v2',
  '/rest_api/v1',
  '/admin/api',
  '/platform/webhooks',
];

/** What this file needs of express's router: its layers, and a route layer's path and methods. */
interface Layer {
  route?: { path?: unknown; methods?: Record<string, boolean> };
}
type Handler = (req: Request, res: Response, next: NextFunction) => void;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A grouped router's layers as they were before grouping, in order (see `layersOf`). */
const allLayers = new WeakMap<object, Layer[]>();

/** Every layer of a router in the order express would try them, grouped routes included. */
export function layersOf<L extends Layer>(router: { stack: L[] }): readonly L[] {
  return (allLayers.get(router) as L[] | undefined) ?? router.stack;
}

/** A route as the input policy sees it: its path pattern and the methods it answers. */
export interface RouteShape {
  path: string;
  methods: Record<string, boolean>;
}

/** The application's routes, in the order express tries them (grouped ones included). */
export function expressRoutesOf(app: Application): RouteShape[] {
  const router = (app as unknown as { router?: { stack: Layer[] } }).router;
  const routes: RouteShape[] = [];
  for (const layer of router ? layersOf(router) : [])
    if (layer.route && typeof layer.route.path === 'string')
      routes.push({ path: layer.route.path, methods: layer.route.methods ?? {} });
  return routes;
}

export interface Group {
  test: RegExp;
  router: Handler;
}

/**
 * Express tries an application's routes one after another, matching each one's pattern against
 * the path: with about 100 routes, a headless or REST read was matched against the patterns of
 * most other APIs first. Here the route layers Nest registered are moved, in their order, into one express Router per
 * group, and `dispatcher` (an express layer) takes the place of the first: a request is tried only
 * against the routes of its group. What matches is unchanged: a route stays in front of every route
 * of its group it was in front of, routes of different groups cannot match the same path, prefixes
 * are compared as express compares routes (case-insensitively), and a request no route of its
 * group takes goes on to the layers after the dispatcher (the other routes, then the not-found
 * handler) as before. Answers the groups, longest prefix first.
 */
export function groupRoutes(router: { stack: Layer[] }, prefixes: readonly string[], dispatcher: Layer): Group[] {
  allLayers.set(router, [...router.stack]);
  const byLength = [...prefixes].sort((a, b) => b.length - a.length);
  const groups = new Map<string, Group & { stack: Layer[] }>();
  const kept: Layer[] = [];
  let at = -1;
  for (const layer of router.stack) {
    const path = typeof layer.route?.path === 'string' ? layer.route.path.toLowerCase() : undefined;
    const prefix = path === undefined ? undefined : byLength.find((p) => path === p || path.startsWith(`${p}/`));
    if (!prefix) {
      kept.push(layer);
      continue;
    }
    let group = groups.get(prefix);
    if (!group) {
      const groupRouter = Router();
      const stack = (groupRouter as unknown as { stack: Layer[] }).stack;
      group = { test: new RegExp(`^${escape(prefix)}(?:/|$)`, 'i'), router: groupRouter, stack };
      groups.set(prefix, group);
    }
    group.stack.push(layer);
    if (at < 0) at = kept.length;
  }
  if (at < 0) return [];
  kept.splice(at, 0, dispatcher);
  router.stack.splice(0, router.stack.length, ...kept);
  return byLength.flatMap((p) => {
    const group = groups.get(p);
    return group ? [{ test: group.test, router: group.router }] : [];
  });
}

/**
 * The dispatcher: a request goes to the router of the first group whose prefix its path starts with.
 * OPTIONS goes on to the next layer: a group's router would answer it with an Allow header of its
 * own, where the application has always answered it with its not-found handler (no route of ours
 * takes OPTIONS).
 */
export function dispatchTo(groups: () => readonly Group[]): Handler {
  return (req, res, next) => {
    if (req.method !== 'OPTIONS')
      for (const group of groups()) if (group.test.test(req.path)) return group.router(req, res, next);
    next();
  };
}

/** Groups the HTTP application's routes once Nest has registered them (and its not-found handler). */
@Injectable()
export class RouteIndex implements OnApplicationBootstrap {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onApplicationBootstrap(): void {
    const app = this.adapterHost.httpAdapter?.getInstance?.() as
      { router?: { stack: Layer[] }; use(handler: Handler): void } | undefined;
    const router = app?.router;
    if (!app || !router || !Array.isArray(router.stack)) return;
    let groups: Group[] = [];
    // express makes the dispatcher's layer; it is then moved to where the first grouped route was.
    app.use(dispatchTo(() => groups));
    groups = groupRoutes(router, ROUTE_GROUPS, router.stack.pop()!);
  }
}
