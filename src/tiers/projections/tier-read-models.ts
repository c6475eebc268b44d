import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { TierSettings } from '../domain/tier-events';

export interface TierDoc extends TierSettings {
  id: string;
  shopId: string;
  isSystemTier: boolean;
  systemType: string | null;
  /** Names the tier had before a rename, oldest first. */
  prevNames: string[];
  /** When targetPoint last changed (null: never since creation). */
  targetPointUpdate: string | null;
  createdAt: string;
  updatedAt: string;
  /** Present while the doc exists; a removed tier's doc is deleted. */
  streamRevision: string;
}

/** v2: tier rewards in the spec's shape, with ids and timestamps. */
export const TIERS: CollectionDefinition = {
  name: 'tiers_v2',
  indexes: [['shopId', 'targetPoint']],
  numericFields: ['targetPoint'],
};
