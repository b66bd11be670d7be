// The static reader's evaluator (docs/inputs.md, "Elixir tool modules"): an expression of an
// Elixir module to the term it stands for, without running anything. It knows literals of every
// kind (literals.ts), maps, keyword lists, tuples, module attributes in force at the function's
// definition, `<>` and `++`, interpolation of known values, local variables bound before in the
// same body, functions of no arguments in the same module or, through aliases, in another
// (modules.ts, found through `Modules`), and Map.put/merge/delete on known maps. Anything else
// is a `dynamic` term naming what it is. Each term keeps where it is written.

import { argumentsOf, callName, expandAlias, readAlias, readImport, type Attribute, type Definition, type Import, type ModuleDecl } from "./modules.js";
import { charValue, floatText, floatValue, heredocText, integerValue, unescapeSequence, words, type Piece } from "./literals.js";
import type { Node } from "./parser.js";
import type { Span } from "../text/positions.js";
import { appendAll } from "../core/append.js";
import { inspectAtom, inspectString } from "../text/escape.js";
import { dynamic, EntryTable, seenFrom, type Place, type Repeat, type Term } from "./term.js";

/** The modules a reader can call into. `find` may throw NeedModule: the caller parses that file and reads again. */
export interface Modules {
  find(name: string): ModuleDecl | null;
}

interface Scope {
  readonly module: ModuleDecl;
  readonly attributes: ReadonlyMap<string, Attribute>;
  readonly locals: ReadonlyMap<string, Term>;
  /** The module's aliases, with those an `alias` earlier in the same body adds. */
  readonly aliases: ReadonlyMap<string, string>;
  /** The module's imports, with those an `import` earlier in the same body adds. */
  readonly imports: readonly Import[];
}

/** The scope of an expression of `module` outside any body (a function's, an attribute's value). */
function moduleScope(module: ModuleDecl, attributes: ReadonlyMap<string, Attribute>): Scope {
  return { module, attributes, locals: new Map(), aliases: module.aliases, imports: module.imports };
}

// Calls followed one inside another at most: a deeper chain is read as dynamic.
const MAX_CALL_DEPTH = 64;
// Nesting of one expression at most, so a hostile file cannot exhaust the stack.
const MAX_NESTING = 400;

const SPECIAL_FORMS = new Set(["for", "if", "unless", "case", "cond", "with", "fn", "try", "receive", "quote", "unquote"]);

export class Reader {
  private readonly calls = new Map<Definition, Term>();
  private readonly attributes = new Map<Attribute, Term>();
  private readonly reading = new Set<Definition>();

  constructor(private readonly modules: Modules) {}

  /** The value of `module`'s function `name`/0; null when the module defines none. */
  call(module: ModuleDecl, name: string): Term | null {
    const definition = module.definitions.get(name);
    return definition === undefined ? null : this.definition(module, definition, null);
  }

  private definition(module: ModuleDecl, definition: Definition, site: Place | null): Term {
    const memo = this.calls.get(definition);
    if (memo !== undefined) return memo;
    const at = site ?? this.place(module, definition.body[definition.body.length - 1] as Node);
    if (this.reading.has(definition)) return dynamic(`a call of ${definition.name}/0 that calls itself`, at);
    if (this.reading.size >= MAX_CALL_DEPTH) return dynamic("calls nested too deep to follow", at);
    this.reading.add(definition);
    try {
      const term = this.body(definition.body, moduleScope(module, definition.attributes));
      this.calls.set(definition, term);
      return term;
    } finally {
      this.reading.delete(definition);
    }
  }

  private body(nodes: readonly Node[], scope: Scope): Term {
    const locals = new Map(scope.locals);
    const aliases = new Map(scope.aliases);
    const imports = [...scope.imports];
    const inner: Scope = { ...scope, locals, aliases, imports };
    let last: Term | null = null;
    for (const node of nodes) {
      // An alias or import in a body is in force from there to the body's end, as in Elixir.
      const called = callName(node);
      if (called === "alias") readAlias(argumentsOf(node), aliases);
      const imported = called === "import" ? readImport(argumentsOf(node), aliases) : null;
      if (imported !== null) imports.push(imported);
      if (node.type === "binary_operator" && node.childForFieldName("operator")?.text === "=" && node.childForFieldName("left")?.type === "identifier") {
        last = this.read(node.childForFieldName("right") as Node, inner, 0);
        locals.set(node.childForFieldName("left")?.text as string, last);
      } else {
        last = this.read(node, inner, 0);
      }
    }
    return last ?? dynamic("an empty body", this.place(scope.module, nodes[0] ?? scope.module.source.tree.rootNode));
  }

  private place(module: ModuleDecl, node: Node): Place {
    return { file: module.source.file, span: { start: node.startIndex, end: node.endIndex } };
  }

  /** The term `node` stands for in `scope`. */
  read(node: Node, scope: Scope, depth: number): Term {
    const at = this.place(scope.module, node);
    if (depth > MAX_NESTING) return dynamic("an expression nested too deep", at);
    const next = depth + 1;
    switch (node.type) {
      case "string":
        return this.quoted(node, scope, next, "string");
      case "charlist":
        return this.quoted(node, scope, next, "charlist");
      case "sigil":
        return this.sigil(node, scope, next);
      case "atom":
        return { kind: "atom", value: node.text.slice(1), at };
      case "quoted_atom":
      case "quoted_keyword":
        return this.quotedAtom(node, scope, next, at);
      case "keyword":
        return {
          kind: "atom",
          value: node.text.trimEnd().slice(0, -1),
          at: { file: at.file, span: { start: at.span.start, end: at.span.start + node.text.trimEnd().length - 1 } },
        };
      case "boolean":
        return { kind: "atom", value: node.text, at };
      case "nil":
        return { kind: "atom", value: "nil", at };
      case "integer": {
        const value = integerValue(node.text);
        return value === null ? dynamic("an integer the reader does not understand", at) : { kind: "integer", value, at };
      }
      case "float":
        return { kind: "float", value: floatValue(node.text), at };
      case "char":
        return { kind: "integer", value: BigInt(charValue(node.text)), at };
      case "alias":
        return { kind: "atom", value: `Elixir.${expandAlias(node.text, scope.aliases)}`, at };
      case "list":
        return this.list(node, scope, next, at);
      case "tuple":
        return { kind: "tuple", items: node.namedChildren.filter((c) => c.type !== "comment").map((c) => this.read(c, scope, next)), at };
      case "map":
        return this.map(node, scope, next, at);
      case "keywords":
        return this.keywords(node, scope, next, at);
      case "block": {
        const inner = node.namedChildren.filter((c) => c.type !== "comment");
        return inner.length === 1 ? this.read(inner[0] as Node, scope, next) : this.body(inner, scope);
      }
      case "unary_operator":
        return this.unary(node, scope, next, at);
      case "binary_operator":
        return this.binary(node, scope, next, at);
      case "identifier":
        return this.identifier(node, scope, at);
      case "call":
        return this.callNode(node, scope, next, at);
      default:
        return dynamic(`an expression the reader does not follow (${node.type})`, at);
    }
  }

  // --- literals ---------------------------------------------------------------------------

  /**
   * The text of a quoted literal's content, or the dynamic piece that stops it. With `spans`,
   * the source range each UTF-16 unit of the text comes from is pushed there (an escape's or an
   * interpolation's units all from its whole range); none for a heredoc, whose indentation is
   * removed after.
   */
  private content(node: Node, scope: Scope, depth: number, escapes: "all" | "delimiter" | "none", spans?: Span[]): string | Term {
    const pieces: Piece[] = [];
    let heredoc = false;
    const whole = (child: Node, text: string): void => {
      for (let i = 0; i < text.length; i++) spans?.push({ start: child.startIndex, end: child.endIndex });
    };
    for (const child of node.children) {
      // Each read of a node's type is a call into the parser's WebAssembly: once per child.
      const field = child.type;
      if (field === '"""' || field === "'''") heredoc = true;
      if (field === "quoted_content") {
        // A backslash before a line break joins the lines (the grammar leaves it in the content).
        const joins = escapes === "all" && !heredoc;
        const raw = child.text;
        if (spans !== undefined) {
          for (let i = 0; i < raw.length; i++) {
            const join = joins ? /^\\\r?\n/.exec(raw.slice(i, i + 3)) : null;
            if (join !== null) i += join[0].length - 1;
            else spans.push({ start: child.startIndex + i, end: child.startIndex + i + 1 });
          }
        }
        pieces.push({ text: joins ? raw.replace(/\\\r?\n/g, "") : raw, raw: true });
      } else if (field === "escape_sequence") {
        const piece =
          escapes === "all"
            ? { text: unescapeSequence(child.text), raw: false }
            : escapes === "delimiter"
              ? { text: child.text.slice(1), raw: false }
              : { text: child.text, raw: true };
        whole(child, piece.text);
        pieces.push(piece);
      } else if (field === "interpolation") {
        const inner = child.namedChildren.filter((c) => c.type !== "comment");
        const value = inner.length === 1 ? this.read(inner[0] as Node, scope, depth) : dynamic("an interpolation the reader does not follow", this.place(scope.module, child));
        const text = interpolated(value);
        if (typeof text !== "string") return text;
        whole(child, text);
        pieces.push({ text, raw: false });
      }
    }
    if (!heredoc) return pieces.map((p) => p.text).join("");
    if (spans !== undefined) spans.length = 0;
    const closing = node.children.find((_, i) => node.fieldNameForChild(i) === "quoted_end");
    const lineStart = scope.module.source.text.lastIndexOf("\n", (closing?.startIndex ?? node.endIndex) - 1) + 1;
    return heredocText(pieces, (closing?.startIndex ?? lineStart) - lineStart, escapes === "all");
  }

  private quoted(node: Node, scope: Scope, depth: number, kind: "string" | "charlist"): Term {
    const at = this.place(scope.module, node);
    const text = this.content(node, scope, depth, "all");
    if (typeof text !== "string") return text;
    return kind === "string" ? { kind: "string", value: text, at } : charlist(text, at);
  }

  private quotedAtom(node: Node, scope: Scope, depth: number, at: Place): Term {
    const text = this.content(node, scope, depth, "all");
    if (typeof text !== "string") return text;
    const quoteEnd = node.children.find((_, i) => node.fieldNameForChild(i) === "quoted_end");
    return { kind: "atom", value: text, at: node.type === "quoted_keyword" && quoteEnd ? { file: at.file, span: { start: at.span.start, end: quoteEnd.endIndex } } : at };
  }

  private sigil(node: Node, scope: Scope, depth: number): Term {
    const at = this.place(scope.module, node);
    const name = node.namedChildren.find((c) => c.type === "sigil_name")?.text ?? "";
    const modifiers = node.namedChildren.find((c) => c.type === "sigil_modifiers")?.text ?? "";
    if (!/^[sScCwW]$/.test(name)) return dynamic(`the sigil ~${name}`, at);
    const spans: Span[] = [];
    const text = this.content(node, scope, depth, name === name.toLowerCase() ? "all" : "delimiter", name === "w" || name === "W" ? spans : undefined);
    if (typeof text !== "string") return text;
    if (name === "s" || name === "S") return { kind: "string", value: text, at };
    if (name === "c" || name === "C") return charlist(text, at);
    const items = words(text).map(({ word, start }): Term => {
      // Each word where it is written; in a heredoc, whose indentation is removed, the sigil's place, not exact.
      const first = spans[start];
      const last = spans[start + word.length - 1];
      const place: Pick<Term, "at" | "approximate"> =
        first === undefined || last === undefined ? { at, approximate: true } : { at: { file: at.file, span: { start: first.start, end: last.end } } };
      return modifiers.includes("a")
        ? { kind: "atom", value: word, ...place }
        : modifiers.includes("c")
          ? { ...charlist(word, place.at), ...place }
          : { kind: "string", value: word, ...place };
    });
    return { kind: "list", items, at };
  }

  // --- collections ------------------------------------------------------------------------

  private list(node: Node, scope: Scope, depth: number, at: Place): Term {
    const items: Term[] = [];
    let keywords = false;
    for (const child of node.namedChildren) {
      if (child.type === "comment") continue;
      if (child.type === "keywords") {
        const read = this.keywords(child, scope, depth, at);
        if (read.kind !== "list") return read;
        appendAll(items, read.items);
        keywords = items.length === read.items.length;
      } else if (child.type === "binary_operator" && child.childForFieldName("operator")?.text === "|") {
        items.push(this.read(child.childForFieldName("left") as Node, scope, depth));
        const tail = this.read(child.childForFieldName("right") as Node, scope, depth);
        if (tail.kind !== "list") return tail.kind === "dynamic" ? tail : dynamic("an improper list", at);
        appendAll(items, tail.items);
      } else {
        items.push(this.read(child, scope, depth));
      }
    }
    return keywords ? { kind: "list", items, keywords: true, at } : { kind: "list", items, at };
  }

  private keywords(node: Node, scope: Scope, depth: number, at: Place): Term {
    const items: Term[] = [];
    for (const pair of node.namedChildren) {
      if (pair.type !== "pair") continue;
      const key = this.read(pair.childForFieldName("key") as Node, scope, depth);
      const value = this.read(pair.childForFieldName("value") as Node, scope, depth);
      items.push({ kind: "tuple", items: [key, value], at: this.place(scope.module, pair) });
    }
    return { kind: "list", items, keywords: true, at };
  }

  private map(node: Node, scope: Scope, depth: number, at: Place): Term {
    const struct = node.namedChildren.find((c) => c.type === "struct");
    const content = node.namedChildren.find((c) => c.type === "map_content");
    let entries = new EntryTable();
    // The keys this literal writes (a base's are not), so that one written again is reported.
    const written = new Map<string, Term>();
    const repeats: Repeat[] = [];
    const add = (key: Term, value: Term): void => {
      const id = entries.put(key, value);
      if (id === null) return;
      const first = written.get(id);
      if (first === undefined) written.set(id, key);
      else repeats.push({ key, first: first.at });
    };
    for (const item of content?.namedChildren ?? []) {
      if (item.type === "comment") continue;
      const operator = item.type === "binary_operator" ? item.childForFieldName("operator")?.text : undefined;
      if (operator === "=>") {
        add(this.read(item.childForFieldName("left") as Node, scope, depth), this.read(item.childForFieldName("right") as Node, scope, depth));
      } else if (operator === "|") {
        // %{base | key: value}: the base's entries, updated.
        const base = this.read(item.childForFieldName("left") as Node, scope, depth);
        if (base.kind !== "map") return base.kind === "dynamic" ? base : dynamic("a map update of something that is not a map", at);
        entries = new EntryTable(base.entries);
        const right = item.childForFieldName("right") as Node;
        const pairs: [Term, Term][] = [];
        if (right.type === "binary_operator" && right.childForFieldName("operator")?.text === "=>") {
          pairs.push([this.read(right.childForFieldName("left") as Node, scope, depth), this.read(right.childForFieldName("right") as Node, scope, depth)]);
        } else {
          const updates = this.read(right, scope, depth);
          if (updates.kind !== "list" || updates.keywords !== true) return dynamic("a map update the reader does not follow", at);
          for (const update of updates.items) if (update.kind === "tuple") pairs.push([update.items[0] as Term, update.items[1] as Term]);
        }
        for (const [key, value] of pairs) {
          // An update only replaces: a key the map does not hold raises KeyError when the code runs.
          if (key.kind !== "dynamic" && !entries.has(key)) return dynamic(`a map update of the key ${shownKey(key)}, which the map does not hold: Elixir raises KeyError`, key.at);
          add(key, value);
        }
      } else if (item.type === "keywords") {
        const read = this.keywords(item, scope, depth, at);
        if (read.kind === "list") for (const pair of read.items) if (pair.kind === "tuple") add(pair.items[0] as Term, pair.items[1] as Term);
      } else {
        return dynamic("a map entry the reader does not follow", this.place(scope.module, item));
      }
    }
    const repeated = repeats.length === 0 ? {} : { repeats };
    if (struct === undefined) return { kind: "map", entries: entries.entries(), at, ...repeated };
    return { kind: "map", entries: entries.entries(), struct: expandAlias(struct.text, scope.aliases), at, ...repeated };
  }

  // --- operators --------------------------------------------------------------------------

  private unary(node: Node, scope: Scope, depth: number, at: Place): Term {
    const operator = node.childForFieldName("operator")?.text;
    const operand = node.childForFieldName("operand") as Node;
    if (operator === "@" && operand.type === "identifier") {
      const attribute = scope.attributes.get(operand.text);
      if (attribute === undefined) return dynamic(`the module attribute @${operand.text}, not set before this point`, at);
      if (attribute.accumulate !== undefined) return this.accumulated(attribute, scope.module, depth, at);
      return this.attribute(attribute, scope.module, depth);
    }
    if ((operator === "-" || operator === "+") && (operand.type === "integer" || operand.type === "float")) {
      const value = this.read(operand, scope, depth);
      if (operator === "+") return { ...value, at };
      if (value.kind === "integer") return { kind: "integer", value: -value.value, at };
      if (value.kind === "float") return { kind: "float", value: -value.value, at };
    }
    return dynamic(`the operator ${operator ?? "?"}`, at);
  }

  /** The value an attribute is set to, read with the attributes set before it, once. */
  private attribute(attribute: Attribute, module: ModuleDecl, depth: number): Term {
    let term = this.attributes.get(attribute);
    if (term === undefined) {
      term = this.read(attribute.node, moduleScope(module, attribute.before), depth);
      this.attributes.set(attribute, term);
    }
    return term;
  }

  /** An attribute registered with `accumulate: true`, read where it is used (`at`): every value set so far, the last first, as Elixir lists them. */
  private accumulated(attribute: Attribute, module: ModuleDecl, depth: number, at: Place): Term {
    const items: Term[] = [];
    for (let set: Attribute | null = attribute; set?.accumulate !== undefined; set = set.accumulate.previous) {
      if (set.accumulate.sets) items.push(this.attribute(set, module, depth));
    }
    return { kind: "list", items, at };
  }

  private binary(node: Node, scope: Scope, depth: number, at: Place): Term {
    const operator = node.childForFieldName("operator")?.text;
    if (operator === "|>") return dynamic("a pipe", at);
    if (operator !== "<>" && operator !== "++") return dynamic(`the operator ${operator ?? "?"}`, at);
    const left = this.read(node.childForFieldName("left") as Node, scope, depth);
    const right = this.read(node.childForFieldName("right") as Node, scope, depth);
    if (left.kind === "dynamic") return left;
    if (right.kind === "dynamic") return right;
    if (operator === "<>") {
      if (left.kind !== "string" || right.kind !== "string") return dynamic("a <> of something that is not a string", at);
      return { kind: "string", value: left.value + right.value, at };
    }
    if (left.kind !== "list" || right.kind !== "list") return dynamic("a ++ of something that is not a list", at);
    return { kind: "list", items: [...left.items, ...right.items], at };
  }

  // --- names and calls ----------------------------------------------------------------------

  private identifier(node: Node, scope: Scope, at: Place): Term {
    const name = node.text;
    const local = scope.locals.get(name);
    if (local !== undefined) return local;
    if (name === "__MODULE__") return { kind: "atom", value: `Elixir.${scope.module.name}`, at };
    return this.localCall(scope, name, at);
  }

  private localCall(scope: Scope, name: string, at: Place): Term {
    const { module } = scope;
    const definition = module.definitions.get(name);
    if (definition !== undefined) return this.definition(module, definition, at);
    // A name the module does not define may be a function an import brings in: the reader does not follow imports.
    const imported = scope.imports.filter((i) => i.only === null || i.only.includes(name)).map((i) => `import ${i.module}`);
    if (imported.length > 0)
      return dynamic(`a call of ${name}/0, which ${imported.length === 1 ? "" : "one of "}\`${imported.join("`, `")}\` may bring in: imported functions are not followed`, at);
    return dynamic(`${name}, which is neither a variable nor a function of no arguments in ${module.name}`, at);
  }

  private callNode(node: Node, scope: Scope, depth: number, at: Place): Term {
    const args = argumentsOf(node);
    const local = callName(node);
    if (local !== null) {
      if (SPECIAL_FORMS.has(local)) return dynamic(`${article(local)} ${local}`, at);
      if (args.length > 0 || node.namedChildren.some((c) => c.type === "do_block")) return dynamic(`a call of ${local}/${args.length}`, at);
      return this.localCall(scope, local, at);
    }
    const target = node.childForFieldName("target");
    const left = target?.type === "dot" ? target.childForFieldName("left") : null;
    const right = target?.type === "dot" ? target.childForFieldName("right") : null;
    if (left === null || left === undefined || right?.type !== "identifier") return dynamic("a call the reader does not follow", at);
    const moduleName = left.type === "alias" ? expandAlias(left.text, scope.aliases) : left.text === "__MODULE__" ? scope.module.name : null;
    if (moduleName === null) {
      // `value.key`, without parentheses, is a map's field when the value is a map.
      const parenthesised = node.namedChildren.some((c) => c.type === "arguments");
      return parenthesised ? dynamic(`a call of ${left.text}.${right.text}/${args.length}`, at) : this.field(this.read(left, scope, depth), right.text, at);
    }
    if (moduleName === "Map") return this.mapCall(right.text, args, scope, depth, at);
    if (args.length > 0) return dynamic(`a call of ${moduleName}.${right.text}/${args.length}`, at);
    const module = moduleName === scope.module.name ? scope.module : this.modules.find(moduleName);
    if (module === null) return dynamic(`a call of ${moduleName}.${right.text}/0, a module not found in the project's source folders`, at);
    const definition = module.definitions.get(right.text);
    if (definition === undefined) return dynamic(`a call of ${moduleName}.${right.text}/0, which ${moduleName} does not define`, at);
    return seenFrom(this.definition(module, definition, at.file === module.source.file ? at : null), at);
  }

  /** `map.key`: the value of the atom key in a known map (a struct's field too); Elixir raises KeyError for a key it does not hold. */
  private field(map: Term, key: string, at: Place): Term {
    if (map.kind === "dynamic") return map;
    // On a module's atom it is a call of the module's function, through a value the reader does not follow.
    if (map.kind === "atom") return dynamic(`a call of ${map.value.replace(/^Elixir\./, "")}.${key}/0 through a value holding the module`, at);
    if (map.kind !== "map") return dynamic(`a field access .${key} of ${describeKind(map)}, which is no map`, at);
    const entry = map.entries.find((e) => e.key.kind === "atom" && e.key.value === key);
    return entry === undefined ? dynamic(`a field access .${key} of a map that holds no key ${inspectAtom(key)}: Elixir raises KeyError`, at) : entry.value;
  }

  private mapCall(fn: string, args: readonly Node[], scope: Scope, depth: number, at: Place): Term {
    const read = args.map((arg) => this.read(arg, scope, depth));
    const unknown = read.find((term) => term.kind === "dynamic");
    if (unknown !== undefined) return unknown;
    const [map, second, third] = read;
    if (map?.kind !== "map" || map.struct !== undefined) return dynamic(`a call of Map.${fn}/${args.length}`, at);
    const entries = new EntryTable(map.entries);
    if (fn === "put" && read.length === 3) entries.put(second as Term, third as Term);
    else if (fn === "delete" && read.length === 2) entries.delete(second as Term);
    else if (fn === "merge" && read.length === 2 && second?.kind === "map") for (const entry of second.entries) entries.put(entry.key, entry.value);
    else return dynamic(`a call of Map.${fn}/${args.length}`, at);
    return { kind: "map", entries: entries.entries(), at };
  }
}

/** A map key as Elixir writes it in a message. */
function shownKey(key: Term): string {
  return key.kind === "atom"
    ? inspectAtom(key.value)
    : key.kind === "string"
      ? inspectString(key.value)
      : key.kind === "integer" || key.kind === "float"
        ? String(key.value)
        : `a ${key.kind}`;
}

/** A known term's kind as a message names it: "an atom", "a list". */
function describeKind(term: Term): string {
  return `${article(term.kind)} ${term.kind}`;
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}

function charlist(text: string, at: Place): Term {
  return { kind: "list", items: Array.from(text, (c): Term => ({ kind: "integer", value: BigInt(c.codePointAt(0) as number), at })), charlist: true, at };
}

/** A term as interpolation writes it (to_string), or the term that cannot be written. */
function interpolated(term: Term): string | Term {
  switch (term.kind) {
    case "string":
      return term.value;
    case "atom":
      // A module is the atom "Elixir.Name", and to_string writes all of it.
      return term.value === "nil" ? "" : term.value;
    case "integer":
      return term.value.toString();
    case "float":
      return floatText(term.value);
    case "list":
      return chardata(term);
    case "dynamic":
      return term;
    default:
      return dynamic(`an interpolation of ${article(term.kind)} ${term.kind}`, term.at);
  }
}

/** A list as to_string writes it: strings, code points and lists of them, at any depth; else what cannot be written. */
function chardata(list: Term): string | Term {
  let text = "";
  const pending: Term[] = [list];
  while (pending.length > 0) {
    const term = pending.pop() as Term;
    if (term.kind === "string") text += term.value;
    else if (term.kind === "integer" && term.value >= 0n && term.value <= 0x10ffffn && !(term.value >= 0xd800n && term.value <= 0xdfffn))
      text += String.fromCodePoint(Number(term.value));
    else if (term.kind === "list") for (let i = term.items.length - 1; i >= 0; i--) pending.push(term.items[i] as Term);
    else if (term.kind === "dynamic") return term;
    else return dynamic(`an interpolation of a list holding ${term.kind === "integer" ? "an integer that is no code point" : `${article(term.kind)} ${term.kind}`}`, term.at);
  }
  return text;
}
