import { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';

/** A DTO class (a constructor whose decorators class-validator and class-transformer recorded). */
export type DtoClass = abstract new (...args: never[]) => unknown;

/**
 * The application's routes read from Nest's own metadata (controllers, methods, @Param/@Query/@Body
 * and the DTO classes), and the fields of each DTO read from class-validator's metadata. The fuzz
 * is generated from this, so a route or a DTO field added later is covered without editing it.
 */
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** Express-style path, e.g. /rest_api/v2/customers/:customerId */
  path: string;
  params: string[];
  /** Query parameter names (from a query DTO or from @Query('name')). */
  query: string[];
  /** The body DTO; null: no @Body (the route may still read the raw request, e.g. platform ingestion). */
  body: DtoClass | null;
  /** The route reads the request object itself (raw bodies). */
  readsRequest: boolean;
}

export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'enum' | 'date' | 'array' | 'object' | 'any';

export interface DtoField {
  name: string;
  kind: FieldKind;
  optional: boolean;
  /** Element DTO of a nested object or array of objects. */
  nested: DtoClass | null;
  /** Each element of an array is checked (isString each, isIn each). */
  elementKind: FieldKind | null;
  metadata: ValidationMetadata[];
}

const METHODS: Partial<Record<RequestMethod, Route['method']>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.DELETE]: 'DELETE',
  [RequestMethod.PATCH]: 'PATCH',
};

const join = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;

export function routeTable(app: INestApplication): Route[] {
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as DtoClass | null;
      if (!controller) continue;
      const prefixes = [Reflect.getMetadata(PATH_METADATA, controller) ?? ''].flat() as string[];
      const proto = controller.prototype;
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name === 'constructor') continue;
        const handler = proto[name];
        if (typeof handler !== 'function') continue;
        const methodPath = Reflect.getMetadata(PATH_METADATA, handler);
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (methodPath === undefined || requestMethod === undefined) continue;
        const method = METHODS[requestMethod];
        if (!method) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', proto, name) ?? []) as DtoClass[];
        const query: string[] = [];
        let body: DtoClass | null = null;
        let readsRequest = false;
        for (const [key, arg] of Object.entries(args)) {
          const type = Number(key.split(':')[0]);
          if (type === RouteParamtypes.QUERY) {
            if (typeof arg.data === 'string') query.push(arg.data);
            else if (isDto(types[arg.index])) query.push(...dtoFields(types[arg.index]).map((f) => f.name));
          } else if (type === RouteParamtypes.BODY && isDto(types[arg.index])) {
            body = types[arg.index];
          } else if (type === RouteParamtypes.REQUEST || type === RouteParamtypes.RAW_BODY) {
            readsRequest = true;
          }
        }
        for (const prefix of prefixes) {
          for (const sub of [methodPath].flat() as string[]) {
            const path = join(prefix, sub);
            routes.push({
              method,
              path,
              params: [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]),
              query: [...new Set(query)],
              body,
              readsRequest,
            });
          }
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

function isDto(type: DtoClass | undefined): type is DtoClass {
  return !!type && ![Object, String, Number, Boolean, Array].includes(type as never);
}

/** The validated fields of a DTO class (inherited ones included). */
export function dtoFields(dto: DtoClass): DtoField[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const byName = new Map<string, ValidationMetadata[]>();
  for (const m of metadata) byName.set(m.propertyName, [...(byName.get(m.propertyName) ?? []), m]);
  return [...byName.entries()].map(([name, list]) => {
    const names = new Set(list.map((m) => m.name ?? m.type));
    const has = (n: string) => names.has(n);
    const typeMeta = defaultMetadataStorage.findTypeMetadata(dto, name);
    const nested =
      list.some((m) => m.type === 'nestedValidation') && typeMeta ? (typeMeta.typeFunction() as DtoClass) : null;
    const eachKinds = list.filter((m) => m.each).map((m) => m.name);
    const kind: FieldKind = has('isArray')
      ? 'array'
      : nested
        ? 'object'
        : has('isIn')
          ? 'enum'
          : has('isInt')
            ? 'integer'
            : has('isNumber')
              ? 'number'
              : has('isBoolean')
                ? 'boolean'
                : has('isISO8601')
                  ? 'date'
                  : has('isObject')
                    ? 'object'
                    : has('isString') || has('matches') || has('maxLength') || has('isNotEmpty')
                      ? 'string'
                      : 'any';
    return {
      name,
      kind,
      optional: list.some((m) => m.type === 'conditionalValidation'),
      nested,
      elementKind: eachKinds.includes('isIn') ? 'enum' : eachKinds.includes('isString') ? 'string' : null,
      metadata: list,
    };
  });
}

/** A value of the field's type that validates (samples: first enum value, minimum, a matching pattern). */
export function sampleValue(field: DtoField, known: Record<string, unknown>): unknown {
  if (field.name in known) return known[field.name];
  const constraint = (name: string) => field.metadata.find((m) => m.name === name)?.constraints;
  const min = constraint('min')?.[0] as number | undefined;
  switch (field.kind) {
    case 'enum': {
      const values = constraint('isIn')?.[0] as unknown[];
      return values?.[0] ?? 'x';
    }
    case 'integer':
    case 'number':
      return Math.max(1, min ?? 1);
    case 'boolean':
      return true;
    case 'date':
      return '2026-01-01T00:00:00.000Z';
    case 'array': {
      if (field.nested) return [sampleBody(field.nested, known)];
      if (field.elementKind === 'enum') return [(constraint('isIn')?.[0] as unknown[])?.[0]];
      return field.elementKind === 'string' ? ['x'] : [];
    }
    case 'object':
      return field.nested ? sampleBody(field.nested, known) : {};
    default: {
      const pattern = constraint('matches')?.[0] as RegExp | undefined;
      if (!pattern) return 'x';
      return ['1001', '#000000', '04/23', '1990-04-23', 'x'].find((s) => pattern.test(s)) ?? 'x';
    }
  }
}

/** A body with every field of the DTO (required and optional) set to a valid sample. */
export function sampleBody(dto: DtoClass, known: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(dtoFields(dto).map((f) => [f.name, sampleValue(f, known)]));
}

/** Paths of every leaf (and every array and object) of a JSON value, e.g. ['products', 0, 'price']. */
export function valuePaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = prefix.length ? [prefix] : [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...valuePaths(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...valuePaths(v, [...prefix, k]));
  return out;
}

export function setPath<T>(value: T, path: Array<string | number>, leaf: unknown): T {
  const copy = structuredClone(value) as any;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path[path.length - 1]] = leaf;
  return copy;
}

/** `products[0].price` */
export function fieldName(path: Array<string | number>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}
