// Seeded randomness for the corpus generator. Every corpus file draws from its own stream,
// seeded from (corpus seed, file index), so a file's content never depends on how many
// draws an earlier file made: the corpus is reproducible byte for byte, file by file.

/** mulberry32: a tiny, fast 32-bit PRNG; plenty for test data, and identical on every platform. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from any parts (FNV-1a over their string forms). */
export function seedFrom(...parts) {
  let h = 0x811c9dc5;
  for (const ch of parts.join("\u0000")) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export class Rng {
  constructor(seed) {
    this.next = mulberry32(seed);
  }
  /** Integer in [lo, hi], both inclusive. */
  int(lo, hi) {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p) {
    return this.next() < p;
  }
  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }
  /** Pick by weight: `choices` is [[weight, value], ...]. */
  weighted(choices) {
    let total = 0;
    for (const [w] of choices) total += w;
    let r = this.next() * total;
    for (const [w, v] of choices) {
      if ((r -= w) < 0) return v;
    }
    return choices[choices.length - 1][1];
  }
  /** k distinct elements of `list`, in random order. */
  sample(list, k) {
    const copy = list.slice();
    const out = [];
    while (out.length < k && copy.length > 0) {
      out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
    }
    return out;
  }
}
