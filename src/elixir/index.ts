// Elixir tool modules (docs/inputs.md, "Elixir tool modules"): each module that does
// `use Wymcp.Tool` is a tool, read statically, never run. The file is parsed (parser.ts), its
// modules found (modules.ts), each tool's name/0, description/0 and actions/0 read as terms
// (read.ts, following calls into the project's other files through project.ts), checked as
// Elixir terms (term-checks.ts), converted and linted by the chain exactly as an action file's
// value (convert.ts); what could not be read is one dynamic-declaration warning at its place,
// and is left out of the rest. With --elixir-eval, the values the project's own Elixir
// computes (evaluate.ts) take the place of the terms read, which give them their places
// (evaluated.ts). Each offence is then located at the key, entry or value it names, in this
// file or, for a value written in another module, in that module's file (Offence.file, with the
// call here that reads it); the file's `# wymcp-lint-disable…` comments are its directives. Called by the Elixir
// input kind (src/inputs/elixir-module.ts).

import { dirname, relative } from "node:path";
import { duplicateKeyOffence } from "../action-file/duplicate-keys.js";
import { plainDeclaration } from "../core/declaration.js";
import { lintTool } from "../core/lint-tool.js";
import { offencesToPlace, withPlaced, type ToolLint } from "../core/tool-lint.js";
import { placesOfDeclaration } from "../locate/declaration-places.js";
import { PLAIN_DATA } from "../core/map.js";
import { finalizeOffence, toolOffence, withPosition, type Offence, type Target } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { renderLocation } from "../core/render-location.js";
import type { Path } from "../core/path.js";
import { lookup, type FileLayout } from "../locate/locate-offences.js";
import type { LocatedEntry } from "../locate/located-entry.js";
import type { Comment } from "../suppress/comments.js";
import { commentDirectives, mayHoldDirectives, type Directive } from "../suppress/directives.js";
import { positionsAt, type Position } from "../text/positions.js";
import { pathKey, toValue, type Converted, type RepeatedKey, type TermPlace } from "./convert.js";
import type { ModuleDecl, SourceFile } from "./modules.js";
import { parseElixir, type Node, type Tree } from "./parser.js";
import { NeedModule, Project, projectRoot } from "./project.js";
import { Reader } from "./read.js";
import { inspectTerm, termOffences } from "./term-checks.js";
import { evaluateProject, type EvaluateOptions, type Evaluation } from "./evaluate.js";
import { mergeTerms, type Disagreement } from "./evaluated.js";
import { appendAll } from "../core/append.js";
import { releaseHeldBack, type HeldBack } from "../core/held-back.js";
import type { Dynamic, Place, Term } from "./term.js";

const ELIXIR_TOOL: FileLayout = {
  target(offence) {
    if (offence.action !== null) return { path: ["actions", offence.action, ...offence.target.path], part: offence.target.part };
    return offence.target.path.length > 0 ? offence.target : null;
  },
  actionPath: (action) => ["actions", action],
};

// Codes of checks that read one part of an action against another: a part that could not be
// read would make them speak of what is not there.
const CROSS_REFERENCE = new Set(["undeclared", "undeclared-default", "undeclared-example-key", "example-misses-required", "unknown-related", "duplicate"]);

function startsWith(path: Path, prefix: Path): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => path[i] === segment);
}

function firstSyntaxError(node: Node): Node | null {
  if (node.isError || node.isMissing) return node;
  if (!node.hasError) return null;
  for (const child of node.children) {
    const found = firstSyntaxError(child);
    if (found !== null) return found;
  }
  return node;
}

/** The file's comments, for its directives; none when it can hold none (a walk of the whole tree spared). */
function commentsOf(text: string, tree: Tree): Comment[] {
  if (!mayHoldDirectives(text)) return [];
  return tree.rootNode.descendantsOfType("comment").flatMap((node) => (node === null ? [] : [{ text: node.text.slice(1), start: node.startIndex, end: node.endIndex }]));
}

/** The directives of Elixir source text, as a lint of it reads them (its comments, never text inside a string or a sigil). */
export async function elixirDirectives(text: string): Promise<Directive[]> {
  if (!mayHoldDirectives(text)) return [];
  const tree = await parseElixir(text);
  try {
    return commentDirectives(text, commentsOf(text, tree));
  } finally {
    tree.delete();
  }
}

/** The dynamic-declaration offence for a term at `path` (from the tool's top level). */
function dynamicOffence(path: Path, term: Dynamic): Offence {
  const inAction = path[0] === "actions" && path.length >= 2;
  const action = inAction ? String(path[1]) : null;
  const relative = inAction ? path.slice(2) : path;
  // A tool-level path is one of the module's functions: name/0, description/0, actions/0.
  const what =
    relative.length === 0
      ? inAction
        ? "the action's schema"
        : "the tool"
      : !inAction && relative.length === 1
        ? `${String(relative[0])}/0`
        : `the value of ${renderLocation(relative)}`;
  return finalizeOffence(
    {
      code: "dynamic-declaration",
      path: relative.slice(0, -1),
      target: { path: relative, part: "value" },
      message: `${what} is built at run time (${term.what}), so it was not checked`,
      fix: "Write it as a literal (module attributes, <> and functions of no arguments are read), or lint the running server with --server.",
    },
    action,
  );
}

/** Whether a chain offence speaks of something a dynamic term stands in for. */
function touchesDynamic(offence: Offence, dynamics: readonly Path[]): boolean {
  const full = ELIXIR_TOOL.target(offence)?.path ?? [];
  return dynamics.some((path) => startsWith(full, path) || (CROSS_REFERENCE.has(offence.code) && (path.length <= 1 || (offence.action !== null && path[1] === offence.action))));
}

// The functions Wymcp.Tool requires of a tool module, each with a definition as an example.
const REQUIRED = [
  ["name", 'def name, do: "catalogue"'],
  ["description", 'def description, do: "Search and order from the catalogue"'],
  ["actions", 'def actions do %{action_name: %{description: "…", properties: %{}}} end'],
] as const;

/**
 * The offence of each function Wymcp.Tool requires that the module does not define as far as
 * the reader sees: an error at its `defmodule`, or, when something in its body may define it
 * unseen (ModuleDecl.opaque), a dynamic-declaration warning there.
 */
function missingOffences(tool: ReadTool): Offence[] {
  const out: Offence[] = [];
  for (const [key, example] of REQUIRED) {
    if (tool[key] !== null) continue;
    const target = { path: [key], part: "value" } as const;
    const { opaque } = tool;
    const offence =
      opaque === null
        ? withPosition(
            toolOffence("tool-shape", `the tool module ${tool.module} defines no ${key}/0, which Wymcp.Tool requires`, `Define it in the module, e.g. ${example}.`, target),
            tool.span.start.line,
            tool.span.start.column,
            false,
          )
        : withPosition(
            toolOffence(
              "dynamic-declaration",
              `${key}/0 is not defined in the module as written, and may come from \`${opaque.what}\`, which is not read, so it was not checked`,
              `Define it in the module (${example}), or lint the running server with --server.`,
              target,
            ),
            opaque.at.line,
            opaque.at.column,
            false,
          );
    out.push(offence);
  }
  return out;
}

function lintTerms(tool: ReadTool, extra: readonly Offence[]): { lint: ToolLint; converted: Converted } {
  const { name, description, actions } = tool;
  const converted: Converted = { places: new Map(), dynamics: [], repeats: [] };
  const value = (term: Term | null, key: string): unknown => (term === null ? undefined : toValue(term, [key], converted));
  const values = { name: value(name, "name"), description: value(description, "description"), actions: value(actions, "actions") };
  const chain = lintTool(values, { read: PLAIN_DATA, advisory: true });
  const missing = missingOffences(tool);
  // A function not defined is its own offence: the chain's tool-shape for its value (got undefined) goes.
  const absent = (offence: Offence): boolean =>
    offence.code === "tool-shape" && offence.action === null && REQUIRED.some(([key]) => tool[key] === null && offence.target.path[0] === key);
  const dynamicPaths = converted.dynamics.map((d) => d.path);
  const known = (offence: Offence): boolean => dynamicPaths.length === 0 || !touchesDynamic(offence, dynamicPaths);
  const kept = chain.offences.filter((offence) => !absent(offence) && known(offence));
  const { released, held } = heldBackByKnown(kept, chain.heldBack ?? [], known);
  const offences = sortOffences([
    ...kept,
    ...released,
    ...missing,
    ...termOffences(name, description, actions),
    ...converted.dynamics.map((d) => dynamicOffence(d.path, d.term)),
    ...extra,
  ]);
  // A declaration with a part that could not be read is not read whole: it is neither pinned nor estimated.
  const declaration = converted.dynamics.length === 0 ? plainDeclaration(values.name, values.description, values.actions) : null;
  const { heldBack: _, ...rest } = chain;
  return { lint: { ...rest, offences, ...(held.length === 0 ? {} : { heldBack: held }), ...(declaration === null ? {} : { declaration }) }, converted };
}

/**
 * The checks held back, as the offences kept say (`known`: what speaks of no stand-in for a
 * value built at run time): a check held back only by offences about a stand-in runs after all
 * (what it finds about a stand-in goes too), so no held-back line names an offence the report
 * never shows.
 */
function heldBackByKnown(kept: readonly Offence[], records: readonly HeldBack[], known: (offence: Offence) => boolean): { released: readonly Offence[]; held: HeldBack[] } {
  const filtered = records.map((record) => (record.withheld === null ? record : Object.freeze({ ...record, withheld: Object.freeze(record.withheld.filter(known)) })));
  const { released, held } = releaseHeldBack(kept, filtered);
  // A check that could not run on what was read, and that no kept offence holds back, is covered by the dynamic-declaration warning.
  return { released, held: held.filter((record) => record.by.length > 0) };
}

/** The tool modules of the file: those that do `use Wymcp.Tool`, in the order they are written. */
function toolModules(project: Project, file: string): ModuleDecl[] {
  return project.modulesIn(file).filter((module) => module.usesTool);
}

/** What the tool's three functions return, read again after each file a call needed was parsed. */
async function readTool(project: Project, module: ModuleDecl): Promise<{ name: Term | null; description: Term | null; actions: Term | null }> {
  for (;;) {
    const reader = new Reader(project);
    try {
      return { name: reader.call(module, "name"), description: reader.call(module, "description"), actions: reader.call(module, "actions") };
    } catch (error) {
      if (!(error instanceof NeedModule)) throw error;
      await project.load(error.file);
    }
  }
}

/** The file an offence's target is written in, when that is another than the linted one, and the call in the linted file that reads it. */
interface Elsewhere {
  readonly file: string;
  readonly via: Place;
}

/** Where each path's entry is written, as the locator wants it: in the linted file or in the other file its value is written in. */
class Places {
  constructor(
    private readonly file: string,
    private readonly places: ReadonlyMap<string, TermPlace>,
    private readonly texts: ReadonlyMap<string, string>,
  ) {}

  /** The nearest path (itself or the closest above it) that has a place, with that place and whether it is the path's own. */
  private nearest(path: Path): { place: TermPlace; own: boolean } | null {
    for (let length = path.length; length > 0; length--) {
      const place = this.places.get(pathKey(path.slice(0, length)));
      if (place !== undefined) return { place, own: length === path.length && place.built === undefined && place.approximate === undefined };
    }
    return null;
  }

  /**
   * Where an offence at `path` (its `part`) is placed: null for the linted file; else the other
   * file its value (or key) is written in, read through a call in the linted file. A key written
   * here stays here, whatever file its value comes from.
   */
  elsewhere(path: Path, part: Target["part"]): Elsewhere | null {
    const found = this.nearest(path);
    if (found === null) return null;
    const { place, own } = found;
    if (part === "key" && own && place.key?.file === this.file) return null;
    const written = part === "key" && own && place.key !== undefined ? place.key : place.value;
    if (written.file === this.file || place.site === undefined || !this.texts.has(written.file)) return null;
    return { file: written.file, via: place.site };
  }

  /**
   * Where `path`'s entry is written in `file` (the linted file when absent), as the locator wants
   * it; in the linted file, a value written elsewhere is at the call that reads it, not exact.
   */
  entry(path: Path, file = this.file): LocatedEntry | null {
    const found = this.nearest(path);
    if (found === null) return null;
    const { place, own } = found;
    if (place.value.file === file) return { ...(place.key?.file === file ? { key: place.key.span } : {}), value: place.value.span, exact: own };
    if (file !== this.file || place.site === undefined) return null;
    // A key written here keeps its own place (exact), its value written elsewhere is at the call.
    return place.key?.file === file && own ? { key: place.key.span, value: place.site.span, exact: true } : { value: place.site.span, exact: false };
  }

  /** The function that built the value at `path`, when Elixir computed it where the reader could not place it (Term.built). */
  builtBy(path: Path): string | null {
    return this.places.get(pathKey(path))?.built ?? null;
  }
}

/**
 * Whether an offence's edits, planned by the planner all files share (src/locate/repair-edits.ts),
 * are right in Elixir too: a key is renamed, or notes added beside it, only in keyword syntax
 * (`description: …`), which the planner writes back as it found it; and no edit touches a `#`,
 * which opens a comment or an interpolation the planner does not know.
 */
function editsAreSafe(offence: Offence, text: string, entry: LocatedEntry | null): boolean {
  if ((offence.edits ?? []).some((edit) => text.slice(edit.start, edit.end).includes("#"))) return false;
  if (offence.repair?.kind !== "rename-key" && offence.repair?.kind !== "split-to-notes") return true;
  return entry?.key !== undefined && text.charAt(entry.key.end) === ":";
}

function withoutEdits(offence: Offence): Offence {
  const { edits: _, ...rest } = offence;
  return Object.freeze(rest);
}

function lintError(message: string, fix: string, position: Position | null): Offence {
  const offence = toolOffence("parse-error", message, fix);
  return position === null ? offence : withPosition(offence, position.line, position.column);
}

/**
 * An offence placed in the other file its target is written in (line and column already that
 * file's): the file, where the linted file reads it, and that call in its message.
 */
function writtenElsewhere(offence: Offence, elsewhere: Elsewhere, from: string, texts: ReadonlyMap<string, string>): Offence {
  const via = positionsAt(texts.get(from) ?? "", [elsewhere.via.span.start])[0] as Position;
  const shown = relative(dirname(elsewhere.file), from).split("\\").join("/");
  return Object.freeze({
    ...offence,
    message: `${offence.message} (read through the call in ${shown} at line ${via.line}, column ${via.column})`,
    file: elsewhere.file,
    via: { line: via.line, column: via.column },
  });
}

/**
 * duplicate-key for each key a map literal of actions/0's value writes again (a map elsewhere
 * is already the wrong type), as for an action file: at the repeat, naming the first. A
 * literal in another file is placed there, with the call in this one that reads it.
 */
function repeatOffences(repeats: readonly RepeatedKey[], file: string, texts: ReadonlyMap<string, string>): Offence[] {
  const offences: Offence[] = [];
  for (const repeat of repeats) {
    const text = texts.get(repeat.at.file);
    if (repeat.path[0] !== "actions" || text === undefined) continue;
    // (The first is written before the repeat: offsets in ascending order.)
    const [first, at] = positionsAt(text, [repeat.first.span.start, repeat.at.span.start]) as [Position, Position];
    const offence = duplicateKeyOffence({ path: repeat.path.slice(1), key: repeat.key, at, first }, "Elixir");
    const elsewhere = repeat.at.file === file || repeat.site === undefined ? null : { file: repeat.at.file, via: repeat.site };
    offences.push(elsewhere === null ? offence : writtenElsewhere(withoutEdits(offence), elsewhere, file, texts));
  }
  return offences;
}

/** A value Elixir computed where the reader could not place it: the message names the function that builds it. */
function withBuiltNote(offence: Offence, built: string): Offence {
  const { edits: _, ...rest } = offence;
  return Object.freeze({ ...rest, message: `${offence.message} (Elixir's value, computed in ${built}; placed at the nearest expression the static reader read)` });
}

const FUNCTIONS = ["name", "description", "actions"] as const;

/** A failure of Elixir's as load-error: of the module (`fn` null) at its defmodule, else at the function's value. */
function evaluationFailure(tool: ReadTool, fn: (typeof FUNCTIONS)[number] | null, why: string): Offence {
  const offence = toolOffence(
    "load-error",
    `Elixir could not evaluate ${fn === null ? `the tool module ${tool.module}` : `${fn}/0`} (--elixir-eval): ${why}; what the static reader read is checked in its place`,
    "Make the project compile and the function return its value promptly (run `mix compile` and call it in `iex -S mix`), or lint without --elixir-eval.",
    fn === null ? undefined : { path: [fn], part: "value" },
  );
  return fn !== null && tool[fn] !== null ? offence : withPosition(offence, tool.span.start.line, tool.span.start.column, fn === null);
}

/** reader-mismatch for a part both read differently, at the reader's place. */
function mismatchOffence(fn: (typeof FUNCTIONS)[number], disagreement: Disagreement): Offence {
  const path = [fn, ...disagreement.path];
  const inAction = fn === "actions" && path.length >= 2;
  const relative = inAction ? path.slice(2) : path;
  return finalizeOffence(
    {
      code: "reader-mismatch",
      path: relative.slice(0, -1),
      target: { path: relative, part: "value" },
      message: `the static reader reads ${inspectTerm(disagreement.read)} here, but Elixir computes ${inspectTerm(disagreement.computed)}; Elixir's value is checked`,
      fix: "Report this to wymcp-lint with the module: the reader should read what Elixir computes. Writing the value as a literal makes the two agree.",
    },
    inAction ? String(path[1]) : null,
  );
}

/**
 * The tool with Elixir's values in place of the reader's, each placed as evaluated.ts says, and
 * the offences of what Elixir could not give (the reader's value is kept) and of each part the
 * two read differently.
 */
function withEvaluation(tool: ReadTool, evaluation: Evaluation, functionAt: (place: Place) => string | null): { tool: ReadTool; offences: Offence[] } {
  const evaluated = "failure" in evaluation ? { failure: evaluation.failure } : evaluation.modules.get(tool.module);
  if (evaluated === undefined) return { tool, offences: [evaluationFailure(tool, null, `Elixir did not find the module ${tool.module} in the compiled project`)] };
  if (evaluated.failure !== undefined) return { tool, offences: [evaluationFailure(tool, null, evaluated.failure)] };
  const offences: Offence[] = [];
  const merged: { -readonly [K in (typeof FUNCTIONS)[number]]: Term | null } = { name: tool.name, description: tool.description, actions: tool.actions };
  for (const fn of FUNCTIONS) {
    const outcome = evaluated[fn];
    if (outcome === undefined) continue;
    if ("failure" in outcome) {
      offences.push(evaluationFailure(tool, fn, outcome.failure));
      continue;
    }
    const disagreements: Disagreement[] = [];
    merged[fn] = mergeTerms(outcome.term, tool[fn], [], { at: tool.origin, built: `${tool.module}.${fn}/0` }, { functionAt, disagreements });
    for (const disagreement of disagreements) offences.push(mismatchOffence(fn, disagreement));
  }
  return { tool: { ...tool, ...merged }, offences };
}

/** One tool module of an Elixir file, read: what its three functions return, as terms, and where the module is written. */
export interface ReadTool {
  readonly name: Term | null;
  readonly description: Term | null;
  readonly actions: Term | null;
  /** The module's full name. */
  readonly module: string;
  /** Where its `defmodule … end` begins and ends. */
  readonly span: { readonly start: Position; readonly end: Position };
  /** What in its body may define functions the reader does not see (ModuleDecl.opaque), and where; null when nothing does. */
  readonly opaque: { readonly what: string; readonly at: Position } | null;
  /** Where a function the reader did not see is placed: that expression of its body, else its `defmodule`. */
  readonly origin: Place;
}

/** What an Elixir file holds for the linter: why it holds no tool (its one offence), or each tool module's values as terms, in the file's order. */
export type ElixirFile =
  | { readonly offence: Offence; readonly comments: readonly Comment[] }
  | {
      readonly tools: readonly ReadTool[];
      readonly comments: readonly Comment[];
      readonly texts: ReadonlyMap<string, string>;
      /** The function an expression read is written in (Project.functionAt). */
      readonly functionAt: (place: Place) => string | null;
    };

/** Reads the tool modules of the Elixir file at `file` (absolute) whose text is `text`, following calls into the project's files on disk. */
export async function readElixirTools(file: string, text: string): Promise<ElixirFile> {
  const tree = await parseElixir(text);
  const source: SourceFile = { file, text, tree };
  const comments = commentsOf(text, tree);
  const broken = firstSyntaxError(tree.rootNode);
  if (broken !== null) {
    const offence = lintError(
      "the file is not valid Elixir: the parser stops here",
      "Fix the syntax (mix compile shows the same place).",
      positionsAt(text, [broken.startIndex])[0] as Position,
    );
    // Comments of a text that does not parse cannot be trusted: none are given.
    return { offence, comments: [] };
  }
  const project = new Project(file);
  await project.prepare();
  project.add(source);
  const modules = toolModules(project, file);
  if (modules.length === 0) {
    const offence = toolOffence(
      "no-tool",
      "the file defines no module that does `use Wymcp.Tool`",
      "Add `use Wymcp.Tool` to the tool's module, with name/0, description/0 and actions/0.",
    );
    return { offence, comments };
  }
  const tools: ReadTool[] = [];
  for (const module of modules) {
    const { opaque } = module;
    // positionsAt wants the offsets in order: the body's expression lies inside the module.
    const offsets = opaque === null ? [module.span.start, module.span.end] : [module.span.start, opaque.start, module.span.end];
    const positions = positionsAt(text, offsets);
    const span = { start: positions[0] as Position, end: positions.at(-1) as Position };
    const origin: Place = { file, span: opaque === null ? { start: module.span.start, end: module.span.start } : { start: opaque.start, end: opaque.start } };
    tools.push({ ...(await readTool(project, module)), module: module.name, span, opaque: opaque === null ? null : { what: opaque.what, at: positions[1] as Position }, origin });
  }
  return { tools, comments, texts: project.texts(), functionAt: (place) => project.functionAt(place) };
}

/**
 * One Elixir file read: each tool module's lint (one lint with the file's one offence when it
 * holds none or does not parse), its own offences placed in the file, how a further offence
 * is placed, the file's directives, which tool module a line belongs to, and the project's
 * other files the read followed calls into.
 */
export interface ElixirRead {
  readonly tools: readonly ToolLint[];
  place(index: number, offences: readonly Offence[]): readonly Offence[];
  readonly directives: readonly Directive[];
  ownerOf(line: number): number;
  readonly dependencies: readonly string[];
}

/** One tool module's lint, and how its offences are placed in the file. */
function lintReadTool(
  tool: ReadTool,
  file: string,
  text: string,
  texts: ReadonlyMap<string, string>,
  extra: readonly Offence[],
): { lint: ToolLint; locate: (offences: readonly Offence[]) => readonly Offence[]; places: Places } {
  const terms = lintTerms(tool, extra);
  const { converted } = terms;
  const repeated = repeatOffences(converted.repeats, file, texts);
  const lint = repeated.length === 0 ? terms.lint : { ...terms.lint, offences: sortOffences([...terms.lint.offences, ...repeated]) };
  const places = new Places(file, converted.places, texts);
  const locate = (offences: readonly Offence[]): readonly Offence[] => {
    // Each offence is located in the text of the file its target is written in: the linted file's, or another's.
    const where = offences.map((offence) => {
      const target = offence.line === undefined ? ELIXIR_TOOL.target(offence) : null;
      return target === null ? null : places.elsewhere(target.path, target.part);
    });
    const out = [...offences];
    const groups = new Map<string | null, number[]>();
    for (const [i, elsewhere] of where.entries()) {
      const group = groups.get(elsewhere?.file ?? null) ?? [];
      group.push(i);
      groups.set(elsewhere?.file ?? null, group);
    }
    for (const [other, indexes] of groups) {
      const group = indexes.map((i) => offences[i] as Offence);
      const asked = lookup(group, ELIXIR_TOOL);
      const located =
        asked === null
          ? group
          : asked.located(
              other === null ? text : (texts.get(other) ?? ""),
              asked.paths.map((path) => places.entry(path, other ?? file)),
            );
      for (const [j, offence] of located.entries()) {
        const i = indexes[j] as number;
        const elsewhere = where[i];
        out[i] = elsewhere === null || elsewhere === undefined ? finished(offence) : writtenElsewhere(finished(withoutEdits(offence)), elsewhere, file, texts);
      }
    }
    return out;
  };
  const finished = (offence: Offence): Offence => {
    const target = ELIXIR_TOOL.target(offence);
    const safe = offence.edits === undefined || editsAreSafe(offence, text, target === null ? null : places.entry(target.path)) ? offence : withoutEdits(offence);
    // A mismatch names both values itself.
    const builtBy = target === null || offence.code === "reader-mismatch" ? null : places.builtBy(target.path);
    return builtBy === null ? safe : withBuiltNote(safe, builtBy);
  };
  return { lint, locate, places };
}

/** What a read keeps beyond the lints: with `places`, where each declaration's values are written (ToolLint.places, --print-declaration). */
export interface ReadOptions {
  readonly places?: boolean;
}

/** Reads the Elixir file at `file` (absolute) whose text is `text`; see the module comment. */
export async function readElixirText(file: string, text: string): Promise<ElixirRead> {
  return lintElixirFile(file, text, await readElixirTools(file, text), null, {});
}

/**
 * The Elixir files given linted, in their order; with `evaluate`, the tool modules of each
 * `.ex` file read from disk (not a text given in its place, nor a script, which Mix does not
 * compile) are evaluated by their project's Elixir first, one project at a time (evaluate.ts).
 */
export async function readElixirFiles(
  files: readonly { readonly file: string; readonly text: string; readonly onDisk: boolean }[],
  evaluate: EvaluateOptions | null,
  options: ReadOptions = {},
): Promise<ElixirRead[]> {
  const reads: ElixirFile[] = [];
  for (const { file, text } of files) reads.push(await readElixirTools(file, text));
  const evaluations = evaluate === null ? null : await evaluateFiles(files, reads, evaluate);
  return files.map(({ file, text }, i) => lintElixirFile(file, text, reads[i] as ElixirFile, evaluations?.get(file) ?? null, options));
}

/** Each file's evaluation (a file that none is asked for is absent): its project's, or why its project has none. */
async function evaluateFiles(
  files: readonly { readonly file: string; readonly onDisk: boolean }[],
  reads: readonly ElixirFile[],
  options: EvaluateOptions,
): Promise<Map<string, Evaluation>> {
  const projects = new Map<string, { files: string[]; modules: string[] }>();
  const out = new Map<string, Evaluation>();
  for (const [i, { file, onDisk }] of files.entries()) {
    const read = reads[i] as ElixirFile;
    // A script (.exs) is no part of what Mix compiles: it is read statically.
    if (!onDisk || file.endsWith(".exs") || "offence" in read) continue;
    const root = projectRoot(file);
    if (root === null) {
      out.set(file, { failure: "the file is in no Mix project (no mix.exs in a folder above it), so Elixir cannot compile it" });
      continue;
    }
    const project = projects.get(root) ?? { files: [], modules: [] };
    project.files.push(file);
    appendAll(
      project.modules,
      read.tools.map((tool) => tool.module),
    );
    projects.set(root, project);
  }
  for (const [root, project] of projects) {
    const evaluation = await evaluateProject(root, project.modules, options);
    for (const file of project.files) out.set(file, evaluation);
  }
  return out;
}

/** The lint of one file read (readElixirTools), with what Elixir computed of its modules when it was evaluated. */
function lintElixirFile(file: string, text: string, read: ElixirFile, evaluation: Evaluation | null, options: ReadOptions): ElixirRead {
  const directives = commentDirectives(text, read.comments);
  if ("offence" in read)
    return {
      tools: [{ tool: null, actions: 0, offences: [read.offence] }],
      place: (_i, offences) => offences,
      directives,
      ownerOf: () => 0,
      dependencies: [],
    };
  const tools = read.tools.map((tool) => {
    const evaluated = evaluation === null ? { tool, offences: [] } : withEvaluation(tool, evaluation, read.functionAt);
    return lintReadTool(evaluated.tool, file, text, read.texts, evaluated.offences);
  });
  // Where each declaration's values are written, from the places the read kept (--print-declaration).
  const withPlaces = (lint: ToolLint, places: Places): ToolLint =>
    !options.places || lint.declaration === undefined ? lint : { ...lint, places: placesOfDeclaration(text, lint.declaration, (paths) => paths.map((path) => places.entry(path))) };
  return {
    tools: tools.map(({ lint, locate, places }) => withPlaces(withPlaced(lint, locate(offencesToPlace(lint))), places)),
    place: (index, offences) => tools[index]?.locate(offences) ?? offences,
    directives,
    // The innermost module a line is written in is the last in the file's order that holds it; the first tool when it is in none.
    ownerOf: (line) => {
      let inside = 0;
      for (const [i, tool] of read.tools.entries()) if (tool.span.start.line <= line && line <= tool.span.end.line) inside = i;
      return inside;
    },
    dependencies: [...read.texts.keys()].filter((path) => path !== file),
  };
}
