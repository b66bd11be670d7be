// The modules of the project an Elixir file belongs to, for the calls the reader follows into
// other files (docs/inputs.md, "Elixir tool modules"): the project is the nearest folder above
// the file holding mix.exs (else the file's own folder), and its source folders are those its
// mix.exs names in a literal `elixirc_paths:` list, else lib/, and each umbrella app's the same
// way under apps/*/ (without mix.exs, the file's own folder). They are read from disk, so one
// named file is read as in its project, as a pre-commit hook needs; a file is listed by a text
// search for `defmodule` and parsed only when a call reaches a module it may define.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { argumentsOf, callName, modulesOf, type ModuleDecl, type SourceFile } from "./modules.js";
import { appendAll } from "../core/append.js";
import { parseElixir, type Node } from "./parser.js";
import type { Place } from "./term.js";
import type { Modules } from "./read.js";

/** Thrown by `find` for a module in a file not parsed yet: the caller parses it (`load`) and reads again. */
export class NeedModule extends Error {
  constructor(readonly file: string) {
    super(`the Elixir file ${file} must be parsed first`);
  }
}

// The calls that define a function.
const DEFINING = new Set(["def", "defp", "defdelegate", "defmacro", "defmacrop"]);

// Files listed in one project at most, so a huge tree cannot stall a run.
const MAX_FILES = 20_000;
const SKIPPED = new Set(["deps", "_build", "node_modules", "cover", "priv"]);

/** The project `file` belongs to: the nearest folder above it holding mix.exs; null when none does. */
export function projectRoot(file: string): string | null {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (statSync(join(dir, "mix.exs"), { throwIfNoEntry: false })?.isFile()) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The folders `mix.exs` in `dir` names in `elixirc_paths:` when that is a literal list of
 * strings (relative to `dir`); null when it names none so (lib/, Mix's default, applies).
 */
async function elixircPaths(dir: string): Promise<string[] | null> {
  let text: string;
  try {
    text = readFileSync(join(dir, "mix.exs"), "utf8");
  } catch {
    return null;
  }
  if (!text.includes("elixirc_paths:")) return null;
  const tree = await parseElixir(text);
  try {
    for (const pair of tree.rootNode.descendantsOfType("pair")) {
      if (pair?.childForFieldName("key")?.text.trim() !== "elixirc_paths:") continue;
      const value = pair.childForFieldName("value");
      const items = value?.type === "list" ? value.namedChildren.filter((c) => c.type !== "comment") : null;
      if (items === null || items === undefined || !items.every((item) => item.type === "string" && item.namedChildren.every((c) => c.type === "quoted_content"))) return null;
      return items.map((item) => join(dir, item.namedChildren.map((c) => c.text).join("")));
    }
    return null;
  } finally {
    tree.delete();
  }
}

/** The source folders of the project `file` belongs to; see the module comment. */
async function sourceFolders(file: string): Promise<string[]> {
  const root = projectRoot(file);
  if (root === null) return [dirname(file)];
  const folders = (await elixircPaths(root)) ?? [join(root, "lib")];
  const apps = join(root, "apps");
  let names: string[] = [];
  try {
    names = readdirSync(apps).sort();
  } catch {
    // no umbrella
  }
  for (const app of names) appendAll(folders, (await elixircPaths(join(apps, app))) ?? [join(apps, app, "lib")]);
  return folders;
}

function elixirFiles(folder: string, out: string[]): void {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (out.length >= MAX_FILES) return;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith(".") && !SKIPPED.has(entry.name)) elixirFiles(path, out);
    } else if (entry.isFile() && /\.exs?$/.test(entry.name)) out.push(path);
  }
}

/** The last segment of each module name a text may define (`defmodule A.B do` gives "B"). */
function definedNames(text: string): string[] {
  return [...text.matchAll(/\bdefmodule\s+([A-Z][\w.]*)/g)].map((m) => (m[1] as string).split(".").pop() as string);
}

/** The modules of the files a run has parsed, and the project's other files, parsed on demand. */
export class Project implements Modules {
  private readonly parsed = new Map<string, ModuleDecl[]>();
  private readonly byName = new Map<string, ModuleDecl>();
  /** Per source folder set: the files that may define a module, by the last segment of its name. */
  private readonly listings = new Map<string, Map<string, string[]>>();

  /** The project's source folders, read from its mix.exs files by `prepare`. */
  private folders: readonly string[] | null = null;

  constructor(private readonly linted: string) {}

  /** Reads where the project's source is (its mix.exs files), before any module is found. */
  async prepare(): Promise<void> {
    this.folders ??= await sourceFolders(resolve(this.linted));
  }

  /** Adds a parsed file's modules (the linted file first, so its own text wins over the disk's). */
  add(source: SourceFile): void {
    if (this.parsed.has(source.file)) return;
    const modules = modulesOf(source);
    this.parsed.set(source.file, modules);
    for (const module of modules) if (!this.byName.has(module.name)) this.byName.set(module.name, module);
  }

  /** Parses `file` from disk and adds its modules; an unreadable file adds none. */
  async load(file: string): Promise<void> {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      this.parsed.set(file, []);
      return;
    }
    this.add({ file, text, tree: await parseElixir(text) });
  }

  /** The modules `file` defines, when it was parsed. */
  modulesIn(file: string): readonly ModuleDecl[] {
    return this.parsed.get(file) ?? [];
  }

  /** The text of every file parsed, by path. */
  texts(): Map<string, string> {
    const out = new Map<string, string>();
    for (const modules of this.parsed.values()) for (const module of modules) out.set(module.source.file, module.source.text);
    return out;
  }

  /** The function (`def`, `defp`, `defdelegate`, …) the expression at `place` is written in, as "Module.name/arity"; null when it is in none, or its file was not parsed. */
  functionAt(place: Place): string | null {
    const modules = this.parsed.get(place.file);
    const source = modules?.[0]?.source;
    if (source === undefined) return null;
    for (let node: Node | null = source.tree.rootNode.descendantForIndex(place.span.start); node !== null; node = node.parent) {
      const called = callName(node);
      if (called === null || !DEFINING.has(called)) continue;
      const head = argumentsOf(node)[0];
      const named = head?.type === "binary_operator" && head.childForFieldName("operator")?.text === "when" ? head.childForFieldName("left") : head;
      const name = named?.type === "identifier" ? named.text : named?.type === "call" ? callName(named) : null;
      if (name === null || name === undefined) return null;
      const arity = named?.type === "call" ? argumentsOf(named).length : 0;
      // The innermost module that holds the definition.
      const module = modules?.filter((m) => m.span.start <= (node as Node).startIndex && (node as Node).endIndex <= m.span.end).at(-1);
      return `${module === undefined ? "" : `${module.name}.`}${name}/${arity}`;
    }
    return null;
  }

  find(name: string): ModuleDecl | null {
    const known = this.byName.get(name);
    if (known !== undefined) return known;
    const last = name.split(".").pop() as string;
    for (const file of this.listing().get(last) ?? []) if (!this.parsed.has(file)) throw new NeedModule(file);
    return null;
  }

  private listing(): Map<string, string[]> {
    const folders = this.folders ?? [];
    const key = folders.join("\0");
    let listing = this.listings.get(key);
    if (listing !== undefined) return listing;
    listing = new Map();
    const files: string[] = [];
    for (const folder of folders) elixirFiles(folder, files);
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue;
      }
      for (const name of definedNames(text)) listing.set(name, [...(listing.get(name) ?? []), file]);
    }
    this.listings.set(key, listing);
    return listing;
  }
}
