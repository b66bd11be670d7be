// Equality of JSON values, as JSON Schema compares them (enum, const, uniqueItems): numbers
// by value, lists element by element, objects by their own keys whatever their order. The
// meta-schema validators (advisory/meta-schemas/) and the value check share it. A module's
// values may refer back to themselves: a pair already being compared counts as equal, so
// two cycles of the same shape end equal instead of recursing forever.

export function jsonEqual(a: unknown, b: unknown): boolean {
  return equal(a, b, new Map());
}

function equal(a: unknown, b: unknown, open: Map<object, Set<object>>): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const pairs = open.get(a) ?? new Set<object>();
  if (pairs.has(b)) return true;
  open.set(a, pairs.add(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => equal(item, b[i], open));
  const left = Object.keys(a);
  if (left.length !== Object.keys(b).length) return false;
  return left.every((key) => Object.hasOwn(b, key) && equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], open));
}
