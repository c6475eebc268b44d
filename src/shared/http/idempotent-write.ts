import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Response } from 'express';
import { because } from '../domain/domain-error';
import { sha256Hex, stableStringify } from '../domain/ids';

/**
 * A write that honours `Idempotency-Key` (spec 2.1): the key and a hash of what the request asks
 * travel with the command; the ledger applies a key once, answers the same request again with the
 * first result (`Idempotent-Replayed: true`), and refuses the key with another body (409
 * IDEMPOTENCY_CONFLICT). Here only the HTTP half: checking the header, hashing, the replay header.
 */
export const IdempotentWrite = () => applyDecorators(ApiHeader({ name: 'Idempotency-Key', required: false }));

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** `Idempotency-Key` header: 1-255 visible ASCII characters, or absent. */
export function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw because.badRequest('Idempotency-Key must be 1-255 visible ASCII characters', { field: 'Idempotency-Key' });
  }
}

/**
 * The idempotency a command carries: null without a key. `request` is what makes two requests the
 * same (the operation and its body): the same key with anything else is a conflict.
 */
export function idempotencyOf(
  key: string | undefined,
  request: Record<string, unknown>,
): { key: string; requestHash: string } | null {
  checkIdempotencyKey(key);
  return key ? { key, requestHash: sha256Hex(stableStringify(request)) } : null;
}

/** Says so when the answer is the replay of an earlier identical request. */
export function markReplayed(res: Response, result: { replayed?: boolean }): void {
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
}
