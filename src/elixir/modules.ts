// The modules one Elixir file defines, as the static reader needs them: each `defmodule` (nested
// ones under their full names), whether it does `use Wymcp.Tool`, its aliases, its module
// attributes in the order they are set, and its functions of no arguments (def and defp, the
// first clause), each with the attributes in force where it is defined. Nothing is evaluated
// here: read.ts evaluates what a value needs, when it needs it.

import type { Node, Tree } from "./parser.js";

/** One parsed Elixir file. */
export interface SourceFile {
  /** Absolute path. */
  readonly file: string;
  readonly text: string;
  readonly tree: Tree;
}

/** A module attribute set in a module's body: its value's expression, read with the attributes set before it. */
export interface Attribute {
  readonly node: Node;
  readonly before: ReadonlyMap<string, Attribute>;
  /**
   * For an attribute registered with `accumulate: true`, whose reading is every value set so far,
   * the last first: the one in force before this (null for the first), and whether `node` sets a
   * value (the registration itself sets none: reading it then gives []).
   */
  readonly accumulate?: { readonly previous: Attribute | null; readonly sets: boolean };
}

/** A function of no arguments: the expressions of its body and the attributes in force at its definition. */
export interface Definition {
  readonly name: string;
  readonly body: readonly Node[];
  readonly attributes: ReadonlyMap<string, Attribute>;
}

export interface ModuleDecl {
  /** The module's full name, as written and nested: "MyApp.Tools.Tasks". */
  readonly name: string;
  readonly source: SourceFile;
  readonly usesTool: boolean;
  /** Where its `defmodule … end` is written in its file, as offsets. */
  readonly span: { readonly start: number; readonly end: number };
  /** Short names in scope (alias … [, as: …], and nested modules) to full names. */
  readonly aliases: ReadonlyMap<string, string>;
  /** The modules its body imports (`import …`), whose functions the reader does not follow. */
  readonly imports: readonly Import[];
  readonly definitions: ReadonlyMap<string, Definition>;
  /**
   * The first expression of its body that may define functions the reader does not see (a
   * `use` of another module, a `defdelegate`, a macro's call), as written and where (an
   * offset); null when the body holds none.
   */
  readonly opaque: { readonly what: string; readonly start: number } | null;
}

/** An `import` as written: the module's full name, and the names its `only:` list gives (null: every function). */
export interface Import {
  readonly module: string;
  readonly only: readonly string[] | null;
}

const TOOL_MODULE = "Wymcp.Tool";

// What a module's body may hold that defines no function of its own the reader would miss.
const TRANSPARENT = new Set(["require", "import", "defmacro", "defmacrop", "defguard", "defguardp", "defstruct", "defexception", "defoverridable", "defimpl", "defprotocol"]);

/** An expression as a message shows it: its first line, shortened. */
function shown(node: Node): string {
  const line = node.text.split("\n")[0]?.trim() ?? "";
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

/**
 * The attribute `Module.register_attribute(__MODULE__, :name, accumulate: true)` registers, as
 * written; null for any other expression (a registration without `accumulate: true` changes
 * nothing the reader reads).
 */
function registersAccumulating(node: Node): string | null {
  const target = node.type === "call" ? node.childForFieldName("target") : null;
  if (target?.type !== "dot" || target.childForFieldName("left")?.text !== "Module" || target.childForFieldName("right")?.text !== "register_attribute") return null;
  const [module, name, options] = argumentsOf(node);
  if (module?.text !== "__MODULE__" || name?.type !== "atom" || options?.type !== "keywords") return null;
  const accumulate = options.namedChildren.some((pair) => pair.childForFieldName("key")?.text.trim() === "accumulate:" && pair.childForFieldName("value")?.text === "true");
  return accumulate ? name.text.slice(1) : null;
}

/** The function's name when `head` is the head of a definition of no arguments (`name`, `name()`), else null. */
function zeroArityName(head: Node | undefined): string | null {
  if (head === undefined) return null;
  if (head.type === "identifier") return head.text;
  if (head.type === "call" && head.childForFieldName("target")?.type === "identifier") {
    const args = head.namedChildren.find((c) => c.type === "arguments");
    if (args !== undefined && args.namedChildren.length === 0 && !head.namedChildren.some((c) => c.type === "do_block")) return head.childForFieldName("target")?.text ?? null;
  }
  return null;
}

/** The expressions of a do-block, or of a `do:` keyword's value. */
export function bodyOf(call: Node): Node[] | null {
  const block = call.namedChildren.find((c) => c.type === "do_block");
  if (block !== undefined) return block.namedChildren.filter((c) => c.type !== "comment");
  const args = call.namedChildren.find((c) => c.type === "arguments");
  const keywords = args?.namedChildren.find((c) => c.type === "keywords");
  for (const pair of keywords?.namedChildren ?? []) {
    if (pair.type === "pair" && pair.childForFieldName("key")?.text.trim() === "do:") {
      const value = pair.childForFieldName("value");
      return value === null ? null : [value];
    }
  }
  return null;
}

export function callName(node: Node): string | null {
  if (node.type !== "call") return null;
  const target = node.childForFieldName("target");
  return target?.type === "identifier" ? target.text : null;
}

export function argumentsOf(call: Node): Node[] {
  return call.namedChildren.find((c) => c.type === "arguments")?.namedChildren.filter((c) => c.type !== "comment") ?? [];
}

/** The full name an alias written in `aliases`' scope stands for: its first segment expanded. */
export function expandAlias(written: string, aliases: ReadonlyMap<string, string>): string {
  const dot = written.indexOf(".");
  const head = dot < 0 ? written : written.slice(0, dot);
  const expanded = aliases.get(head);
  return expanded === undefined ? written : expanded + (dot < 0 ? "" : written.slice(dot));
}

/** Adds to `aliases` what an `alias` call with arguments `args` names. */
export function readAlias(args: readonly Node[], aliases: Map<string, string>): void {
  const [first, options] = args;
  if (first === undefined) return;
  if (first.type === "alias") {
    const full = expandAlias(first.text, aliases);
    const as = options?.type === "keywords" ? options.namedChildren.find((p) => p.childForFieldName("key")?.text.trim() === "as:")?.childForFieldName("value") : null;
    aliases.set(as?.type === "alias" ? as.text : (full.split(".").pop() as string), full);
    return;
  }
  // alias Base.{A, B.C}
  if (first.type === "dot" && first.childForFieldName("left")?.type === "alias" && first.childForFieldName("right")?.type === "tuple") {
    const base = expandAlias(first.childForFieldName("left")?.text as string, aliases);
    for (const member of first.childForFieldName("right")?.namedChildren ?? []) {
      if (member.type === "alias") aliases.set(member.text.split(".").pop() as string, `${base}.${member.text}`);
    }
  }
}

/** The import an `import` call with arguments `args` writes, in `aliases`' scope; null when it names no module as an alias. */
export function readImport(args: readonly Node[], aliases: ReadonlyMap<string, string>): Import | null {
  const [first, options] = args;
  if (first?.type !== "alias") return null;
  const only = options?.type === "keywords" ? options.namedChildren.find((p) => p.childForFieldName("key")?.text.trim() === "only:")?.childForFieldName("value") : null;
  // only: [name: arity, …] names the functions; only: :functions and the like, every one.
  const names =
    only?.type === "list"
      ? only.namedChildren.flatMap((c) => (c.type === "keywords" ? c.namedChildren.map((p) => p.childForFieldName("key")?.text.trim().replace(/:$/, "") ?? "") : []))
      : null;
  return { module: expandAlias(first.text, aliases), only: names };
}

function readModule(call: Node, prefix: string, source: SourceFile, outer: ReadonlyMap<string, string>, out: ModuleDecl[]): void {
  const written = argumentsOf(call)[0];
  const body = bodyOf(call);
  if (written?.type !== "alias" || body === null) return;
  const name = prefix === "" ? expandAlias(written.text, outer) : `${prefix}.${written.text}`;
  const aliases = new Map(outer);
  let attributes = new Map<string, Attribute>();
  const definitions = new Map<string, Definition>();
  const imports: Import[] = [];
  let usesTool = false;
  let opaque: ModuleDecl["opaque"] = null;
  const nested: Node[] = [];
  for (const node of body) {
    const called = callName(node);
    const isAttribute = node.type === "unary_operator" && node.childForFieldName("operator")?.text === "@";
    const accumulating = registersAccumulating(node);
    if (called === "use") {
      const tool = expandAlias(argumentsOf(node)[0]?.text ?? "", aliases) === TOOL_MODULE;
      usesTool ||= tool;
      if (!tool) opaque ??= { what: shown(node), start: node.startIndex };
    } else if (called === "alias") readAlias(argumentsOf(node), aliases);
    else if (called === "import") {
      const imported = readImport(argumentsOf(node), aliases);
      if (imported !== null) imports.push(imported);
    } else if (called === "defmodule") {
      const inner = argumentsOf(node)[0];
      if (inner?.type === "alias") aliases.set(inner.text.split(".")[0] as string, `${name}.${inner.text.split(".")[0]}`);
      nested.push(node);
    } else if (called === "def" || called === "defp") {
      const fn = zeroArityName(argumentsOf(node)[0]);
      const fnBody = bodyOf(node);
      if (fn !== null && fnBody !== null && !definitions.has(fn)) definitions.set(fn, { name: fn, body: fnBody, attributes });
    } else if (isAttribute) {
      const set = node.childForFieldName("operand");
      const attribute = set === null ? null : callName(set);
      const value = set === null ? undefined : argumentsOf(set)[0];
      if (attribute !== null && value !== undefined) {
        const before = attributes;
        const previous = before.get(attribute);
        const accumulate = previous?.accumulate === undefined ? {} : { accumulate: { previous, sets: true } };
        attributes = new Map(before).set(attribute, { node: value, before, ...accumulate });
      }
    } else if (accumulating !== null) {
      const before = attributes;
      attributes = new Map(before).set(accumulating, { node, before, accumulate: { previous: null, sets: false } });
    } else if (node.type === "call" && (called === null || !TRANSPARENT.has(called))) {
      opaque ??= { what: shown(node), start: node.startIndex };
    }
  }
  out.push({ name, source, usesTool, span: { start: call.startIndex, end: call.endIndex }, aliases, imports, definitions, opaque });
  for (const inner of nested) readModule(inner, name, source, aliases, out);
}

/** Every module the file defines, outer ones before those nested in them. */
export function modulesOf(source: SourceFile): ModuleDecl[] {
  const out: ModuleDecl[] = [];
  const visit = (nodes: readonly Node[]): void => {
    for (const node of nodes) if (callName(node) === "defmodule") readModule(node, "", source, new Map(), out);
  };
  visit(source.tree.rootNode.namedChildren);
  return out;
}
