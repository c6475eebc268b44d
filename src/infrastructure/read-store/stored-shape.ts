import { CollectionDefinition, Document, Scalar } from './read-store.port';

/**
 * How a collection's documents are stored: without the `storedOnlyWhenSet` fields that are null and
 * the `storedUnlessDefault` fields that hold their default, which come back as null and as the
 * default when read. Both read store adapters store documents this way, and ask `queryable` before
 * they filter or sort on a field.
 */
export class StoredShape {
  private readonly omitted: ReadonlySet<string> | null;
  private readonly fields: readonly string[];
  private readonly defaults: ReadonlyMap<string, Scalar>;

  constructor(definition: CollectionDefinition) {
    this.fields = definition.storedOnlyWhenSet ?? [];
    this.defaults = new Map(Object.entries(definition.storedUnlessDefault ?? {}));
    this.omitted = this.fields.length > 0 || this.defaults.size > 0 ? new Set(this.fields) : null;
    for (const index of definition.indexes ?? []) index.forEach((field) => this.queryable(field));
  }

  /** Throws for a field a stored document may lack although it has a value (one stored unless default). */
  queryable(field: string): string {
    if (this.defaults.has(field)) throw new Error(`${field} is stored only unless default: it cannot be queried`);
    return field;
  }

  toStored(doc: Document): Document {
    const omitted = this.omitted;
    if (!omitted) return doc;
    const defaults = this.defaults;
    // Copied key by key: every document of a collection takes the same path of hidden classes.
    const stored: Record<string, unknown> = {};
    const fields = doc as unknown as Record<string, unknown>;
    for (const key in fields) {
      const value = fields[key];
      if (value === null ? omitted.has(key) : defaults.has(key) && defaults.get(key) === value) continue;
      stored[key] = value;
    }
    return stored as unknown as Document;
  }

  fromStored<T extends Document>(doc: T): T {
    if (!this.omitted) return doc;
    const fields = doc as unknown as Record<string, unknown>;
    for (const field of this.fields) if (fields[field] === undefined) fields[field] = null;
    for (const [field, value] of this.defaults) if (fields[field] === undefined) fields[field] = value;
    return doc;
  }
}
