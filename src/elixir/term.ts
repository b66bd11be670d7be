// The Elixir terms the static reader reads (docs/inputs.md, "Elixir tool modules"): each one
// as Elixir would hold it at run time, atoms and strings kept apart, with the place in the
// source where it is written. A term that cannot be known without running the code is
// `dynamic`, naming what it is, so the checks never take it for clean.

import type { Span } from "../text/positions.js";

/** Where a term is written: its file (absolute) and its UTF-16 range in that file's text. */
export interface Place {
  readonly file: string;
  readonly span: Span;
}

interface At {
  readonly at: Place;
  /** For a term read through a call into another file: the call, in the calling file. */
  readonly site?: Place /**
   * For a value Elixir computed (--elixir-eval, evaluated.ts) that is written nowhere the
   * reader can place it: the function that builds it ("MyApp.Tools.Search.actions/0"); `at`
   * is then the expression the reader stopped at, in that function, and no exact place.
   */;
  readonly built?: string;
  /** `at` is the enclosing literal's place, not the term's own (a word of a ~w heredoc, whose indentation Elixir removes). */
  readonly approximate?: true;
}

export type Term =
  | (At & { readonly kind: "string"; readonly value: string })
  | (At & { readonly kind: "atom"; readonly value: string })
  | (At & { readonly kind: "integer"; readonly value: bigint })
  | (At & { readonly kind: "float"; readonly value: number })
  /** A list; `keywords` when written in keyword syntax (each item a 2-tuple), `charlist` for '…' and ~c. */
  | (At & { readonly kind: "list"; readonly items: readonly Term[]; readonly keywords?: true; readonly charlist?: true })
  | (At & { readonly kind: "tuple"; readonly items: readonly Term[] })
  /**
   * A map; `struct` names its module for %Name{…}; `repeats`, each key the literal writes
   * again, which Elixir resolves silently (the last one wins).
   */
  | (At & { readonly kind: "map"; readonly entries: readonly Entry[]; readonly struct?: string; readonly repeats?: readonly Repeat[] })
  /** What the reader cannot know: `what` names it ("a call of Foo.bar/1"). */
  | (At & { readonly kind: "dynamic"; readonly what: string });

export interface Entry {
  readonly key: Term;
  readonly value: Term;
}

/** A key a map literal writes again: the repeated key (with its place) and where the first is written. */
export interface Repeat {
  readonly key: Term;
  readonly first: Place;
}

export type Dynamic = Extract<Term, { kind: "dynamic" }>;

export function dynamic(what: string, at: Place): Dynamic {
  return { kind: "dynamic", what, at };
}

/** The same term as read through a call or attribute written at `site` in another file. */
export function seenFrom(term: Term, site: Place): Term {
  return term.at.file === site.file ? term : { ...term, site };
}

/**
 * A known term's identity as a map key, equal for two terms exactly when Elixir's === holds
 * (1 and 1.0 differ); null for a term that is not known, which equals no other. Strings are
 * length-prefixed so that no two lists of them share an identity.
 */
export function keyId(term: Term): string | null {
  switch (term.kind) {
    case "string":
    case "atom":
      return `${term.kind === "string" ? "s" : "a"}${term.value.length}:${term.value}`;
    case "integer":
      return `i${term.value}`;
    case "float":
      return `f${term.value}`;
    case "list":
    case "tuple": {
      const ids: string[] = [];
      for (const item of term.items) {
        const id = keyId(item);
        if (id === null) return null;
        ids.push(id);
      }
      return `${term.kind === "list" ? "l" : "t"}(${ids.join(",")})`;
    }
    default:
      return null;
  }
}

/**
 * A map's entries as they are built: a key written again replaces the entry, which moves last
 * (the order the reader reports them in), in time linear in the entries.
 */
export class EntryTable {
  // A key with no identity is its own: it replaces nothing.
  private readonly byKey = new Map<string | Term, Entry>();

  constructor(entries: readonly Entry[] = []) {
    for (const entry of entries) this.put(entry.key, entry.value);
  }

  /** Writes `key`; its identity (keyId), which the caller may need too. */
  put(key: Term, value: Term): string | null {
    const id = keyId(key);
    this.byKey.delete(id ?? key);
    this.byKey.set(id ?? key, { key, value });
    return id;
  }

  /** Whether `key` is written (a key with no identity never is). */
  has(key: Term): boolean {
    const id = keyId(key);
    return id !== null && this.byKey.has(id);
  }

  delete(key: Term): void {
    const id = keyId(key);
    if (id !== null) this.byKey.delete(id);
  }

  entries(): Entry[] {
    return [...this.byKey.values()];
  }
}
