// The per-file pipeline (ARCHITECTURE.md, "The pipeline of one file"), the one route of every
// input whoever asks: a run over files, one text from standard input, an editor's buffer or an
// agent's call, a pass of --fix. In one order, in one place:
//   read        each file by its kind (src/inputs/): the chain and the checks beside it, and
//               the kind's own source offences, placed in its text (or in another file a value
//               is written in: Offence.file, named here as the run names the file)
//   across      the checks across files (duplicate-tool, duplicate-tools.ts), or what the
//               caller knows of the other files
//   place       those offences in the file's text
//   suppress    the file's inline directives (src/suppress/), when the policy applies them
//   severity    each offence's severity under the rules, and the per-file cap
// A file's failure stays in that file's result, and so does a failure of ours while linting
// it: a check that throws costs that file one offence saying so, and the other files report.

import { dirname, isAbsolute, join, relative } from "node:path";
import { appendAll } from "../core/append.js";
import { describeThrown } from "../core/escape.js";
import { capOffences } from "../core/offence-cap.js";
import { toolOffence, type Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import type { ToolLint } from "../core/tool-lint.js";
import { runsCode, type FoundFile, type InputKindId } from "../files/kind.js";
import { inputKind, type Input, type ReadContext, type Source } from "../inputs/index.js";
import { suppressFile } from "../suppress/suppress.js";
import { duplicateToolOffences } from "./duplicate-tools.js";
import type { FileResult } from "./result.js";
import { resolveSeverities, type SeverityRules } from "./severity.js";

/**
 * Each of one file's tools' offences across files (by index), given the names of its tools
 * once read: one name, but for an Elixir file of several tool modules. An Elixir file's clashes
 * among its own tools are the function's to find as well.
 */
export type AcrossOf = (tools: readonly (string | null)[]) => readonly (readonly Offence[])[];

/** What a caller knows across files of the one file it lints: its first tool's offences, or what finds each tool's from the names read. */
export type Across = readonly Offence[] | AcrossOf;

export interface PipelineOptions {
  readonly read: ReadContext;
  readonly rules: SeverityRules;
  /** Whether the files' inline directives apply (a surface's policy). */
  readonly suppress: boolean;
  /**
   * What is known across files of an input, in place of duplicate-tool among the inputs: an
   * editor's document, whose neighbours it knows; a --fix pass, which keeps what the run found.
   */
  readonly across?: (input: Input) => Across;
}

/** The pipeline's answer: each file's results (an Elixir file's one per tool module, next to each other), and what each file's result depends on beyond itself (absolute paths, by the file's path; where known). */
export interface Linted {
  readonly files: readonly FileResult[];
  readonly dependencies: ReadonlyMap<string, readonly string[]>;
}

/** The kinds of the inputs, those whose reading runs code first: their module processes start before this thread reads the rest. */
function kindsOf(inputs: readonly Input[]): InputKindId[] {
  const ids = [...new Set(inputs.map((input) => input.found.kind))];
  return ids.sort((a, b) => Number(runsCode(b)) - Number(runsCode(a)));
}

/**
 * What a file is when linting it failed inside wymcp-lint (a check that threw, a module process
 * that could not start): that failure, as an offence of the kind's own code for a file that
 * cannot be read, and nothing else of it.
 */
function failedSource(input: Input, error: unknown): Source {
  // A reader that names the file in its own error (a lint worker's) wraps the failure itself.
  const failure = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const offence = toolOffence(
    inputKind(input.found.kind).unreadCode,
    `linting this file failed inside wymcp-lint: ${describeThrown(failure)}; what else is wrong in it is not known`,
    "This is a bug of wymcp-lint: report it with the file. The run's other files are reported as usual.",
  );
  return {
    tools: [{ tool: null, actions: 0, offences: [offence] }],
    place: async (_index, offences) => offences,
    directives: async () => [],
    ownerOf: () => 0,
    dependencies: null,
  };
}

/**
 * The inputs of one kind read; should the read fail inside wymcp-lint, each is read again on
 * its own, so that the failure stays with the file it comes from (a cancelled run stops).
 */
async function readKind(id: InputKindId, inputs: readonly Input[], context: ReadContext): Promise<Source[]> {
  try {
    return await inputKind(id).read(inputs, context);
  } catch (error) {
    if (context.signal?.aborted === true) throw error;
    if (inputs.length === 1) return [failedSource(inputs[0] as Input, error)];
    const sources: Source[] = [];
    for (const input of inputs) appendAll(sources, await readKind(id, [input], context));
    return sources;
  }
}

/** Every input read by its kind, in the inputs' order. */
async function readAll(inputs: readonly Input[], context: ReadContext): Promise<Source[]> {
  const ids = kindsOf(inputs);
  // What each kind loads lazily is loaded first, so a kind's reading starts at once and the
  // module processes load while this thread reads the other kinds.
  await Promise.all(ids.map((id) => inputKind(id).prepare?.()));
  const at = new Map<InputKindId, number[]>();
  for (const [i, input] of inputs.entries()) {
    const indexes = at.get(input.found.kind);
    if (indexes === undefined) at.set(input.found.kind, [i]);
    else indexes.push(i);
  }
  const reads = ids.map((id) => {
    const indexes = at.get(id) as number[];
    return readKind(
      id,
      indexes.map((i) => inputs[i] as Input),
      context,
    ).then((sources) => ({ indexes, sources }));
  });
  const sources = new Array<Source>(inputs.length);
  for (const { indexes, sources: read } of await Promise.all(reads)) indexes.forEach((i, j) => (sources[i] = read[j] as Source));
  return sources;
}

/** The offences across files of each input's tools (by input, then by tool): duplicate-tool among the inputs, or what the caller knows. */
function acrossAll(inputs: readonly Input[], sources: readonly Source[], options: PipelineOptions): (readonly Offence[])[][] {
  const { across } = options;
  if (across !== undefined) {
    return inputs.map((input, i) => {
      const tools = (sources[i] as Source).tools.map((lint) => lint.tool);
      const given = across(input);
      const each = typeof given === "function" ? given(tools) : [given];
      return tools.map((_, j) => each[j] ?? []);
    });
  }
  const named = inputs.flatMap((input, i) => (sources[i] as Source).tools.map((lint) => ({ directory: dirname(input.found.path), file: input.found.file, tool: lint.tool })));
  const found = duplicateToolOffences(named);
  let next = 0;
  return sources.map((source) =>
    source.tools.map(() => {
      const offence = found[next++] ?? null;
      return offence === null ? [] : [offence];
    }),
  );
}

/** One file's tools after the steps that follow the read: its offences across files placed, its directives applied. */
async function finish(source: Source, across: readonly (readonly Offence[])[], suppress: boolean): Promise<ToolLint[]> {
  const tools: ToolLint[] = [];
  for (const [i, lint] of source.tools.entries()) {
    const more = across[i] ?? [];
    tools.push(more.length === 0 ? lint : { ...lint, offences: sortOffences([...lint.offences, ...(await source.place(i, more))]) });
  }
  return suppress ? suppressFile(tools, await source.directives(), source.ownerOf) : tools;
}

/** The file's result under the rules, the per-file cap applied (src/core/offence-cap.ts), the offence that counts the rest under the rules too. */
export function resolved(file: FileResult, rules: SeverityRules): FileResult {
  const resolvedFile = resolveSeverities(file, rules);
  const offences = capOffences(resolvedFile.offences);
  return offences === resolvedFile.offences ? resolvedFile : resolveSeverities({ ...resolvedFile, offences }, rules);
}

/** An offence placed in another file than the linted one (Offence.file, absolute as the reader gives it), that file named as the run names the linted one. */
function namedLikeLinted(offence: Offence, found: FoundFile): Offence {
  if (offence.file === undefined) return offence;
  const named = join(dirname(found.file), relative(dirname(found.path), offence.file));
  // "./lib/tool.ex" (a search of ".") names its neighbour "./lib/schemas.ex".
  return Object.freeze({ ...offence, file: found.file.startsWith("./") && !named.startsWith(".") && !isAbsolute(named) ? `./${named}` : named });
}

function fileResult(found: FoundFile, lint: ToolLint): FileResult {
  return {
    file: found.file,
    tool: lint.tool,
    actions: lint.actions,
    offences: lint.offences.some((o) => o.file !== undefined) ? lint.offences.map((o) => namedLikeLinted(o, found)) : lint.offences,
    ...(lint.heldBack === undefined ? {} : { heldBack: lint.heldBack }),
    ...(lint.declaration === undefined ? {} : { declaration: lint.declaration }),
    ...(lint.places === undefined ? {} : { places: lint.places }),
  };
}

/** Lints the inputs through the pipeline; results in the inputs' order (an Elixir file's tools in the order they are written). */
export async function lintInputs(inputs: readonly Input[], options: PipelineOptions): Promise<Linted> {
  const sources = await readAll(inputs, options.read);
  const across = acrossAll(inputs, sources, options);
  const files: FileResult[] = [];
  const dependencies = new Map<string, readonly string[]>();
  for (const [i, input] of inputs.entries()) {
    let source = sources[i] as Source;
    let tools: ToolLint[];
    try {
      tools = await finish(source, across[i] ?? [], options.suppress);
    } catch (error) {
      // Placing or suppressing failed inside wymcp-lint: the file says so, as a failed read does.
      source = failedSource(input, error);
      tools = [...source.tools];
    }
    for (const lint of tools) files.push(resolved(fileResult(input.found, lint), options.rules));
    if (source.dependencies !== null) dependencies.set(input.found.path, source.dependencies);
  }
  return { files, dependencies };
}
