// One kind of input (docs/inputs.md): the interface each kind's module implements (an action
// file, a tools file, a tool module, an Elixir module) and the run's pipeline
// (src/lint/pipeline.ts) calls. A kind reads a file's text into a Source: its tools' lints
// (the chain and the checks beside it, with the kind's own source offences, placed in the
// text), how a further offence is placed, its inline directives and what else its result
// depends on. Everything that differs between kinds is answered here, so nothing outside
// src/inputs/ branches on the kind.

import type { Offence } from "../core/offence.js";
import type { ToolLint } from "../core/tool-lint.js";
import type { FoundFile, InputKindId } from "../files/kind.js";
import type { LintCache } from "./lint-cache.js";
import type { ModulePool } from "../modules/pool.js";
import type { Directive } from "../suppress/directives.js";

/** One file to read: as discovery found it (or as a caller names it), and the text to read in place of the file's when given (standard input, an editor's buffer, a pass of --fix). */
export interface Input {
  readonly found: FoundFile;
  /** The bytes or text to lint as the file: the file itself is then not read. */
  readonly text?: Uint8Array | string;
}

/** What reading needs beyond the files: the module processes and their load timeout, the lint workers, the result cache. */
export interface ReadContext {
  /** Wall time a tool module gets to load (--load-timeout), in milliseconds. */
  readonly timeoutMs: number;
  /** The run's module processes (src/modules/pool.ts); the modules get a pool of their own when absent. */
  readonly pool?: ModulePool;
  /** Tool modules loaded at once; the loader's default when absent. */
  readonly concurrency?: number;
  /** Worker threads that read action files beside this one; the run's size decides when absent. */
  readonly workers?: number;
  /** What earlier runs found: a file it keeps is not read again. */
  readonly cache?: LintCache;
  /** Whether each source's dependencies are wanted (a cache, --watch, an editor follow them). */
  readonly dependencies?: boolean;
  /** Whether each tool's declaration is wanted, read whole as plain data (the pins and the token estimates read it); "placed": with where its values are written (ToolLint.places, --print-declaration). */
  readonly declarations?: boolean | "placed";
  /** Aborts the read: the tool modules' processes are stopped and the read rejects (a cancelled call). */
  readonly signal?: AbortSignal;
  /** Elixir tool modules evaluated by their project's Elixir (--elixir-eval): the `mix` to run and the wall time one project gets, in milliseconds; absent: read statically only. */
  readonly elixir?: { readonly mix: string; readonly timeoutMs: number };
}

/** A file read: its tools' lints, and what the rest of the pipeline asks of its text. */
export interface Source {
  /** Each tool the file declares, in the order written (one, but an Elixir file's one per tool module): its lint, its own offences placed. */
  readonly tools: readonly ToolLint[];
  /** Further offences of the tool at `index` (those across files) placed in the text; the same array when none can be. */
  place(index: number, offences: readonly Offence[]): Promise<readonly Offence[]>;
  /** The file's inline directives (none where its syntax has no comments, or its text did not parse, so its comments cannot be trusted). */
  directives(): Promise<readonly Directive[]>;
  /** For a file of several tools: the index of the tool whose text holds `line` (a directive is reported with it). */
  ownerOf(line: number): number;
  /** Files beyond itself its result depends on (absolute): what a module loaded, the Elixir files actions/0 read; null when not known. */
  readonly dependencies: readonly string[] | null;
}

/** How a directive is written in a file's syntax, for an editor that offers to insert one. */
export interface CommentSyntax {
  /** A directive for the next line, without its indentation. */
  readonly nextLine: (code: string) => string;
  /** A directive for the whole file. */
  readonly wholeFile: (code: string) => string;
  /** Whether directives for several lines are written together (one comment line per group of offences on consecutive lines). */
  readonly grouped: boolean;
}

export interface InputKind {
  readonly id: InputKindId;
  /** The code of a file of this kind that could not be read, which is also what a failure inside wymcp-lint while reading it costs that file (src/lint/pipeline.ts). */
  readonly unreadCode: "parse-error" | "load-error";
  /** Loads what reading this kind needs, so that a read starts its work at once (a run's module processes start before this thread reads the other kinds); absent when it loads nothing. */
  readonly prepare?: () => Promise<void>;
  /** Reads the files, in their order: one Source each. Never rejects for a file's fault (that is its offence); a text given in an Input is read in place of the file. */
  read(inputs: readonly Input[], context: ReadContext): Promise<Source[]>;
  /** The directives of a text of this kind named `file`, as the pipeline reads them. */
  directivesOf(text: string, file: string): Promise<readonly Directive[]>;
  /** How a directive is written in a file of this kind named `file`; null where it has no comments (JSON). */
  commentSyntax(file: string): CommentSyntax | null;
  /**
   * The names of the tools a file of this kind declares, read without running it (`text` reads
   * the file, when its name alone does not tell); null when they cannot be read so: what an
   * editor counts for duplicate-tool among the files that are not open.
   */
  toolNames(path: string, text: () => string | null): Promise<readonly (string | null)[] | null>;
}
