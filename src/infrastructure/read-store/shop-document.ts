import { because } from '../../shared/domain/domain-error';
import { CollectionDefinition, Document, ReadStore } from './read-store.port';

/**
 * One document of a shop by id, as the API reads it: missing, or another shop's, it is "<what> not
 * found" (404) alike, so a shop cannot learn which ids exist elsewhere.
 */
export async function shopDocument<T extends Document & { shopId: string }>(
  readStore: ReadStore,
  definition: CollectionDefinition,
  id: string,
  shopId: string,
  what: string,
): Promise<T> {
  const doc = await (await readStore.collection<T>(definition)).get(id);
  if (!doc || doc.shopId !== shopId) throw because.notFound(what);
  return doc;
}

/** All documents of a shop, in ascending `field` order. */
export async function shopDocuments<T extends Document & { shopId: string }>(
  readStore: ReadStore,
  definition: CollectionDefinition,
  shopId: string,
  ascendingBy: string,
): Promise<T[]> {
  return (await readStore.collection<T>(definition)).find(
    { shopId },
    { sort: { field: ascendingBy, direction: 'asc' } },
  );
}
