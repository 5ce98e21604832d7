/** Internal to domain/src/casino (not exported from the package). */
/**
 * `record[key]` when `key` is the record's own property, else `undefined`: provider ids are arbitrary
 * text, and `"constructor"` or `"__proto__"` must not find `Object.prototype`'s members.
 */
export const ownOf = <V>(record: Readonly<Record<string, V>>, key: string): V | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
