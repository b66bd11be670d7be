// Elixir tool modules evaluated by the project's own Elixir (docs/inputs.md, "Evaluated by
// Elixir", --elixir-eval): the project's `mix` runs the script this package ships
// (elixir/wymcp_lint/lib/wymcp_lint/evaluate.ex), which compiles the project, calls each tool
// module's name/0, description/0 and actions/0 and writes the terms as tagged JSON after a
// marker we chose. This file starts it (in a process group of its own, killed at the time
// limit or when the run stops: src/modules/spawn.ts), reads its answer back into terms
// (term.ts), and says why there is none: every failure is a message, never a throw.

import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { killModuleProcess, spawnOwned } from "../modules/spawn.js";
import type { Place, Term } from "./term.js";

/** The script `mix run` is given: the package's own, beside its mix task. */
export const EVALUATE_SCRIPT = fileURLToPath(new URL("../../elixir/wymcp_lint/lib/wymcp_lint/evaluate.ex", import.meta.url));

/** How the project's Elixir is run (the config's `elixir`, --elixir-eval, --load-timeout). */
export interface EvaluateOptions {
  /** The `mix` executable (absolute). */
  readonly mix: string;
  /** Wall time each function call gets inside Elixir, in milliseconds. */
  readonly callTimeoutMs: number;
  /** Wall time the whole evaluation of one project gets (compiling included), in milliseconds. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/** What one function of a tool module gave: its term, or why none (it raised, or did not return in time). */
export type Outcome = { readonly term: Term } | { readonly failure: string };

/** What Elixir gave of one module: each function it defines; `failure` when the module itself could not be called. */
export interface EvaluatedModule {
  readonly name?: Outcome;
  readonly description?: Outcome;
  readonly actions?: Outcome;
  readonly failure?: string;
}

/** A project's evaluation: each module by its full name (without "Elixir."), or why there is none. */
export type Evaluation = { readonly modules: ReadonlyMap<string, EvaluatedModule> } | { readonly failure: string };

// What is kept of what mix writes beside the answer, for a failure's message.
const TAIL_CHARACTERS = 4000;
// What the answer may be at most: a declaration is kilobytes.
const MAX_OUTPUT = 64 * 1024 * 1024;

/** The last lines of `text`, at most TAIL_CHARACTERS. */
function tail(text: string): string {
  const trimmed = text.trim();
  return trimmed.length <= TAIL_CHARACTERS ? trimmed : `…${trimmed.slice(-TAIL_CHARACTERS)}`;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The `mix` to run: `configured` (a path, relative to `base`, or a name looked up on PATH), or
 * `mix` on PATH; null when there is none.
 */
export function findMix(configured: string | null, base: string, path: string | undefined): string | null {
  const name = configured ?? "mix";
  if (name.includes("/")) {
    const full = isAbsolute(name) ? name : resolve(base, name);
    return executable(full) ? full : null;
  }
  for (const dir of (path ?? "").split(delimiter)) {
    if (dir === "") continue;
    const full = join(dir, name);
    if (executable(full)) return full;
  }
  return null;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Runs the evaluation in the project at `root` for the tool modules it implements and those
 * `modules` names; resolves with what Elixir said, or why it said nothing usable. Rejects only
 * when `signal` aborts (the process is killed first).
 */
export function evaluateProject(root: string, modules: readonly string[], options: EvaluateOptions): Promise<Evaluation> {
  // node:crypto is taken here, not imported: this module loads with the Elixir reader in every
  // run that reads Elixir, and few of them evaluate (bench/README.md).
  const marker = `wymcp-lint-${process.getBuiltinModule("node:crypto").randomBytes(12).toString("hex")}:`;
  const args = ["run", "--no-start", "-r", EVALUATE_SCRIPT, "-e", "WymcpLint.Evaluate.main(System.argv())", "--", marker, String(options.callTimeoutMs), ...modules];
  return new Promise((resolvePromise, reject) => {
    let child: ReturnType<typeof spawnOwned>;
    try {
      child = spawnOwned(options.mix, args, { stdio: ["pipe", "pipe", "pipe"], cwd: root });
    } catch (error) {
      resolvePromise({ failure: `${options.mix} could not be started: ${(error as Error).message}` });
      return;
    }
    let stdout = "";
    let stderr = "";
    let settled = false;
    const finish = (outcome: Evaluation | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (outcome instanceof Error) reject(outcome);
      else resolvePromise(outcome);
    };
    const onAbort = (): void => {
      killModuleProcess(child);
      finish(options.signal?.reason instanceof Error ? options.signal.reason : new Error("the run was cancelled"));
    };
    // Why the process was stopped, told once it has ended (so that none is left when the run reports).
    let stopped: string | null = null;
    const stop = (why: string): void => {
      stopped ??= why;
      killModuleProcess(child);
    };
    const timer = setTimeout(
      () => stop(`Elixir did not finish compiling the project and calling its tool modules within ${seconds(options.timeoutMs)} (the config's elixir.timeout)`),
      options.timeoutMs,
    );
    if (options.signal?.aborted === true) onAbort();
    options.signal?.addEventListener("abort", onAbort);
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      if (stdout.length > MAX_OUTPUT) stop(`Elixir wrote more than ${MAX_OUTPUT / 1024 / 1024} MiB`);
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = tail(stderr + chunk);
    });
    child.once("error", (error) => finish({ failure: `${options.mix} could not be started: ${error.message}` }));
    child.once("close", (code, signal) => {
      // Whatever it started is stopped with it.
      killModuleProcess(child);
      if (stopped !== null) {
        finish({ failure: stopped });
        return;
      }
      const at = stdout.lastIndexOf(marker);
      if (code !== 0 || at < 0) {
        const said = tail(`${stderr}\n${at < 0 ? stdout : stdout.slice(0, at)}`);
        const ended = signal === null ? `exited with code ${code}` : `was ended by ${signal}`;
        finish({ failure: `mix ${ended}${said === "" ? "" : `: ${said}`}` });
        return;
      }
      const line = stdout.slice(at + marker.length).split("\n", 1)[0] as string;
      finish(answerOf(line, root));
    });
  });
}

type Tagged = Record<string, unknown>;

class BadAnswer extends Error {}

function isTagged(value: unknown): value is Tagged {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The script's line read back: each module's outcomes, or why the line is not what it writes. */
function answerOf(line: string, root: string): Evaluation {
  // The terms get a place in the project until they are given the reader's (evaluated.ts).
  const at: Place = { file: join(root, "mix.exs"), span: { start: 0, end: 0 } };
  try {
    const answer: unknown = JSON.parse(line);
    if (!isTagged(answer) || !Array.isArray(answer["modules"])) throw new BadAnswer("no list of modules");
    const modules = new Map<string, EvaluatedModule>();
    for (const entry of answer["modules"] as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== "string" || !isTagged(entry[1])) throw new BadAnswer("a module that is not [name, outcomes]");
      modules.set(entry[0], moduleOf(entry[1], at));
    }
    return { modules };
  } catch (error) {
    if (!(error instanceof BadAnswer) && !(error instanceof SyntaxError)) throw error;
    return { failure: `Elixir's answer is not the JSON wymcp-lint's script writes (${error.message}): ${tail(line).slice(0, 200)}` };
  }
}

function moduleOf(told: Tagged, at: Place): EvaluatedModule {
  if (typeof told["error"] === "string") return { failure: told["error"] };
  const out: { -readonly [K in keyof EvaluatedModule]: EvaluatedModule[K] } = {};
  for (const fn of ["name", "description", "actions"] as const) {
    const outcome = told[fn];
    if (!isTagged(outcome)) throw new BadAnswer(`no outcome of ${fn}/0`);
    if ("missing" in outcome) continue;
    if (typeof outcome["raised"] === "string") out[fn] = { failure: `${fn}/0 raised: ${outcome["raised"]}` };
    else if (typeof outcome["timeout"] === "number") out[fn] = { failure: `${fn}/0 did not return within ${seconds(outcome["timeout"])} (--load-timeout)` };
    else out[fn] = { term: termOf(outcome["value"], at) };
  }
  return out;
}

/** A tagged term (the script's `tag/1`) as a term at `at`. */
export function termOf(value: unknown, at: Place): Term {
  if (!isTagged(value)) throw new BadAnswer("a term that is not tagged");
  const items = (list: unknown): Term[] => {
    if (!Array.isArray(list)) throw new BadAnswer("a list that is not an array");
    return list.map((item) => termOf(item, at));
  };
  const pairs = (list: unknown): [Term, Term][] => {
    if (!Array.isArray(list)) throw new BadAnswer("entries that are not an array");
    return list.map((pair) => {
      if (!Array.isArray(pair) || pair.length !== 2) throw new BadAnswer("an entry that is not a pair");
      return [termOf(pair[0], at), termOf(pair[1], at)];
    });
  };
  if (typeof value["s"] === "string") return { kind: "string", value: value["s"], at };
  if (typeof value["a"] === "string") return { kind: "atom", value: value["a"], at };
  if (typeof value["i"] === "string" && /^-?\d+$/.test(value["i"])) return { kind: "integer", value: BigInt(value["i"]), at };
  if (typeof value["f"] === "string" && Number.isFinite(Number(value["f"]))) return { kind: "float", value: Number(value["f"]), at };
  if (typeof value["c"] === "string")
    return { kind: "list", items: Array.from(value["c"], (c): Term => ({ kind: "integer", value: BigInt(c.codePointAt(0) as number), at })), charlist: true, at };
  if ("l" in value) return { kind: "list", items: items(value["l"]), at };
  if ("kw" in value) return { kind: "list", items: pairs(value["kw"]).map((pair): Term => ({ kind: "tuple", items: pair, at })), keywords: true, at };
  if ("t" in value) return { kind: "tuple", items: items(value["t"]), at };
  if ("m" in value) {
    const entries = pairs(value["m"]).map(([key, item]) => ({ key, value: item }));
    return typeof value["struct"] === "string" ? { kind: "map", entries, struct: value["struct"], at } : { kind: "map", entries, at };
  }
  if (typeof value["x"] === "string") return { kind: "dynamic", what: `${value["x"]}, which no JSON holds`, at };
  throw new BadAnswer("a term of no known tag");
}
