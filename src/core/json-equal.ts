// Equality of JSON values, as JSON Schema compares them (enum, const, uniqueItems): numbers
// by value, lists element by element, objects by their own keys whatever their order. The
// meta-schema validators (advisory/meta-schemas/) and the value check share it.

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  const left = Object.keys(a);
  if (left.length !== Object.keys(b).length) return false;
  return left.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
