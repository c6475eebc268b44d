import { Injectable } from '@nestjs/common';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { customerLedger } from '../customer-ledger';
import { customerStreamId } from '../customer-stream';
import { CustomerState } from '../customer-state';
import { socialHandle } from './domain/social-handle.decider';

/** Whether a customer's state still holds what a reservation stream is for (a photo handle, a chat user). */
export type HoldsReservation = (state: CustomerState, stream: string) => boolean;

const holdsPhotoHandle: HoldsReservation = (state, stream) => state.photoHandleStream === stream;

/** A reservation its holder has not linked this long after is stale: the link that made it has died. */
export const STALE_RESERVATION_MS = 60_000;

/**
 * Reservations of a shop's social accounts (one stream per photo handle or chat user): reserve
 * before a link, release after an unlink or a change.
 */
@Injectable()
export class SocialHandles {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly metas: CommandMetas,
  ) {}

  /**
   * Reserves the handle for the customer (USERNAME_TAKEN when another customer holds it). A holder
   * whose own stream does not hold the handle a minute after reserving it (a link or an unlink that
   * stopped half-way) loses it to the next customer who asks. True when it was taken over so.
   */
  async reserve(
    shopId: string,
    stream: string,
    customerId: string,
    holds: HoldsReservation = holdsPhotoHandle,
  ): Promise<boolean> {
    const { state } = await this.runner.load(socialHandle, stream);
    const meta = this.metas.for(shopId);
    const takeOverFrom =
      state.holder && state.holder !== customerId && (await this.stale(shopId, stream, state, meta.occurredAt, holds))
        ? state.holder
        : undefined;
    await this.runner.run(socialHandle, stream, () => ({
      type: 'ReserveHandle' as const,
      meta,
      customerId,
      takeOverFrom,
    }));
    return takeOverFrom !== undefined;
  }

  async release(shopId: string, stream: string, customerId: string): Promise<void> {
    await this.runner.run(socialHandle, stream, () => ({
      type: 'ReleaseHandle' as const,
      meta: this.metas.for(shopId),
      customerId,
    }));
  }

  private async stale(
    shopId: string,
    stream: string,
    reservation: { holder: string | null; reservedAt: string | null },
    now: string,
    holds: HoldsReservation,
  ): Promise<boolean> {
    if (!reservation.holder || !reservation.reservedAt) return false;
    if (Date.parse(now) - Date.parse(reservation.reservedAt) < STALE_RESERVATION_MS) return false;
    const holder = await this.runner.load(customerLedger, customerStreamId(shopId, reservation.holder));
    return !holds(holder.state, stream);
  }
}
