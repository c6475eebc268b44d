import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import { ProgramDoc, PROGRAMS } from './projections/program-read-models';
import { ActiveProgram } from './domain/order-earning';
import { BoundedCache } from '../shared/bounded-cache';

/**
 * A shop's programs in memory for the earning rules (every order and enrolment needs them).
 * Invalidated by the program projection after it stores a change, in every process.
 */
@Injectable()
export class ProgramCatalog {
  private readonly cache = new BoundedCache<string, ActiveProgram[]>({ max: 10_000 });
  private generation = 0;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  invalidate(shopId: string): void {
    this.generation++;
    this.cache.delete(shopId);
  }

  async forShop(shopId: string): Promise<ActiveProgram[]> {
    const cached = this.cache.get(shopId);
    if (cached) return cached;
    const generation = this.generation;
    const docs = await (await this.readStore.collection<ProgramDoc>(PROGRAMS)).find({ shopId });
    const programs = docs.map((d) => {
      const { id, kind, event, createdAt, numericId, shopId: _s, updatedAt: _u, streamRevision: _r, ...settings } = d;
      return { id, kind, event, createdAt, numericId, settings };
    });
    if (generation === this.generation) this.cache.set(shopId, programs);
    return programs;
  }
}
