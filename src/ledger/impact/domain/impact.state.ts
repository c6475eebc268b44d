import { CustomerEvent, CustomerEventType as T } from '../../customer-events';

/** A contribution the customer bought, as its outcome and refund need it. */
export interface ImpactState {
  status: string;
  points: number;
  couponCode: string;
  programId: string;
  programTitle: string;
}

/** The impact policy's share: the customer's contributions by id. */
export interface ImpactShare {
  impacts: Readonly<Record<string, ImpactState>>;
}

export const initialImpact = (): ImpactShare => ({ impacts: {} });

export function evolveImpact(state: ImpactShare, event: CustomerEvent): Partial<ImpactShare> | undefined {
  switch (event.type) {
    case T.ImpactRecorded: {
      const { impactId, status, points, couponCode, programId, programTitle } = event;
      return { impacts: { ...state.impacts, [impactId]: { status, points, couponCode, programId, programTitle } } };
    }
    case T.ImpactStatusChanged: {
      const held = state.impacts[event.impactId];
      return held ? { impacts: { ...state.impacts, [event.impactId]: { ...held, status: event.status } } } : undefined;
    }
    default:
      return undefined;
  }
}

declare module '../../customer-state' {
  interface CustomerShares {
    impact: ImpactShare;
  }
}
