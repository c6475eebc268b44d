import { CollectionDefinition, Document } from './read-store.port';

/**
 * How a collection's documents are stored: without the `storedOnlyWhenSet` fields that are null,
 * which come back as null when read. Both read store adapters store documents this way.
 */
export class StoredShape {
  private readonly omitted: ReadonlySet<string> | null;
  private readonly fields: readonly string[];

  constructor(definition: CollectionDefinition) {
    this.fields = definition.storedOnlyWhenSet ?? [];
    this.omitted = this.fields.length > 0 ? new Set(this.fields) : null;
  }

  toStored(doc: Document): Document {
    const omitted = this.omitted;
    if (!omitted) return doc;
    // Copied key by key: every document of a collection takes the same path of hidden classes.
    const stored: Record<string, unknown> = {};
    const fields = doc as unknown as Record<string, unknown>;
    for (const key in fields) {
      const value = fields[key];
      if (value !== null || !omitted.has(key)) stored[key] = value;
    }
    return stored as unknown as Document;
  }

  fromStored<T extends Document>(doc: T): T {
    if (!this.omitted) return doc;
    const fields = doc as unknown as Record<string, unknown>;
    for (const field of this.fields) if (fields[field] === undefined) fields[field] = null;
    return doc;
  }
}
