import { CollectionDefinition, ReadStore } from '../../infrastructure/read-store/read-store.port';

interface CollectionDoc {
  id: string;
  shopId: string;
  collectionId: string;
  productIds: string[];
  updatedAt: string;
}

const COLLECTIONS: CollectionDefinition = { name: 'platform_collections', indexes: [['shopId']] };

/**
 * Which products are in which collection, as the platform's collections webhooks tell it (embedded
 * adapter; the HTTP adapter asks the platform instead). A shop has few collections: read whole.
 */
export class ProductCollections {
  constructor(private readonly readStore: ReadStore) {}

  async put(shopId: string, collectionId: string, productIds: string[]): Promise<void> {
    await (
      await this.readStore.collection<CollectionDoc>(COLLECTIONS)
    ).put({ id: `${shopId}:${collectionId}`, shopId, collectionId, productIds, updatedAt: new Date().toISOString() });
  }

  async remove(shopId: string, collectionId: string): Promise<void> {
    await (await this.readStore.collection<CollectionDoc>(COLLECTIONS)).delete(`${shopId}:${collectionId}`);
  }

  async collectionsOf(shopId: string, productIds: string[]): Promise<Record<string, string[]>> {
    const wanted = new Set(productIds);
    const result: Record<string, string[]> = Object.fromEntries(productIds.map((id) => [id, []]));
    for (const doc of await (await this.readStore.collection<CollectionDoc>(COLLECTIONS)).find({ shopId })) {
      for (const productId of doc.productIds) if (wanted.has(productId)) result[productId].push(doc.collectionId);
    }
    return result;
  }
}
