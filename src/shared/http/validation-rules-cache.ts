import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

const cached = new WeakSet<Storage>();

/**
 * class-validator finds a class's rules anew on every validation: it filters the class's rules and
 * tests the class against every other class that has rules (for inherited ones), a few hundred DTOs
 * here. Rules are added by decorators as classes load, so the answer for a class changes only when
 * a rule is added: it is kept until then (adding any rule forgets every kept answer). Callers read
 * the list and do not change it (class-validator groups it into a new object; Nest keeps its own).
 */
export function cacheValidationRules(storage: Storage = getMetadataStorage()): void {
  if (cached.has(storage)) return;
  cached.add(storage);
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  let known = new Map<unknown, Map<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let forTarget = known.get(target);
    if (!forTarget) known.set(target, (forTarget = new Map()));
    let rules = forTarget.get(key);
    if (!rules) forTarget.set(key, (rules = lookup(target, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.addValidationMetadata = (metadata) => {
    known = new Map();
    add(metadata);
  };
}
