// What each action of the wymcp_lint tool does (docs/mcp.md), once its data is checked: a
// lint or a fix on the engine of the call's root (engines.ts: its turn among the calls, and
// cancelled with the call), or a code's docs. Every answer is data; a mistake in the call (a
// path outside the root, an unknown code, a file of no known kind) is an error answer naming
// what to send instead.

import { codeTitle, defaultSeverity, isOffenceCode, OFFENCE_CODES, type Severity } from "../core/codes.js";
import { closeMatch } from "../core/close-match.js";
import { explain } from "../code-docs/explain.js";
import { BaselineError, type Engine } from "../engine/engine.js";
import { kindOf, NAMED_KINDS, runsCode } from "../files/kind.js";
import { inspectString } from "../text/escape.js";
import { UsageError } from "../usage-error.js";
import { reportAnswer, type PageRequest } from "./answers.js";
import type { ActionName } from "./declarations.js";
import { Busy } from "./engines.js";
import type { Answer } from "./help.js";
import { insideRoot, resolveRoot, RootsUnavailable } from "./roots.js";

/** What the actions need of the server: the client's roots, and a turn on the engine of a root (null: no root, no config). */
export interface ActionContext {
  readonly clientRoots: () => Promise<readonly string[]>;
  readonly onEngine: <T>(root: string | null, work: (engine: Engine) => Promise<T>) => Promise<T>;
  /** Aborts when the client cancels the call. */
  readonly signal?: AbortSignal;
}

const fail = (error: string, message: string, more: Record<string, unknown> = {}): Answer => ({ value: { error, message, ...more }, isError: true });

const pageOf = (data: Readonly<Record<string, unknown>>): PageRequest => ({
  severity: data["severity"] as Severity,
  limit: data["limit"] as number,
  offset: data["offset"] as number,
});

/** `work`'s answer on the engine of `root`; the error answer when its config is broken (it is read again at the next call). */
async function onEngine(context: ActionContext, root: string | null, work: (engine: Engine) => Promise<Answer>): Promise<Answer> {
  // A UsageError before the engine is ready is its config's; after, the run's (runAction says which).
  let ready = false;
  try {
    return await context.onEngine(root, (engine) => {
      ready = true;
      return work(engine);
    });
  } catch (error) {
    if (error instanceof UsageError && !ready) return fail("invalid_config", error.message);
    throw error;
  }
}

/** The root of a call and the file it names, or the error answer. */
async function fileTarget(data: Readonly<Record<string, unknown>>, context: ActionContext): Promise<{ root: string | null; file: string } | Answer> {
  const filename = data["filename"] as string;
  const kind = kindOf(filename);
  if (kind === null) {
    return fail("invalid_data", `"filename" must name ${NAMED_KINDS}; got ${inspectString(filename)}`);
  }
  const root = resolveRoot(data["root"] as string | undefined, await context.clientRoots());
  if ("problem" in root) return fail("invalid_root", root.problem);
  if (root.ok === null) {
    // With no root, nothing on disk is read: an action file's text alone is enough to lint it.
    if (runsCode(kind))
      return fail("no_root", `a tool module is loaded where it lives, so ${inspectString(filename)} needs a root: pass "root", or connect from a client that lists its roots`);
    return { root: null, file: filename };
  }
  const file = insideRoot(root.ok, filename);
  if ("problem" in file) return fail("outside_root", file.problem);
  return { root: root.ok, file: file.ok };
}

async function lintFiles(data: Readonly<Record<string, unknown>>, context: ActionContext): Promise<Answer> {
  const root = resolveRoot(data["root"] as string | undefined, await context.clientRoots());
  if ("problem" in root) return fail("invalid_root", root.problem);
  if (root.ok === null) return fail("no_root", 'lint_files reads files, and there is no root to read them in: pass "root", or connect from a client that lists its roots');
  const paths: string[] = [];
  for (const path of data["paths"] as readonly string[]) {
    const inside = insideRoot(root.ok, path);
    if ("problem" in inside) return fail("outside_root", inside.problem);
    paths.push(inside.ok);
  }
  if (paths.length === 0) return fail("invalid_data", '"paths" is empty: name a file, directory or glob, such as "."');
  const { signal } = context;
  return onEngine(context, root.ok, async (engine) => {
    const { result } = await engine.run({ paths }, signal === undefined ? {} : { signal });
    return { value: { action: "lint_files", ...reportAnswer(result, pageOf(data), root.ok) }, isError: false };
  });
}

async function lintText(data: Readonly<Record<string, unknown>>, context: ActionContext): Promise<Answer> {
  const target = await fileTarget(data, context);
  if ("value" in target) return target;
  const { signal } = context;
  return onEngine(context, target.root, async (engine) => {
    const { result } = await engine.run({ text: data["text"] as string, file: target.file }, signal === undefined ? {} : { signal });
    return { value: { action: "lint_text", ...reportAnswer(result, pageOf(data), target.root) }, isError: false };
  });
}

/** The fixed text once (null when nothing changed: the caller has it), and its diff only when asked. */
async function fixText(data: Readonly<Record<string, unknown>>, context: ActionContext): Promise<Answer> {
  const target = await fileTarget(data, context);
  if ("value" in target) return target;
  const text = data["text"] as string;
  const { signal } = context;
  return onEngine(context, target.root, async (engine) => {
    const fixed = await engine.fixText(text, target.file, signal === undefined ? {} : { signal });
    const changed = fixed.text !== text;
    const diff = changed && data["diff"] === true ? (fixed.result.files[0]?.diff ?? null) : null;
    return {
      value: { action: "fix_text", text: changed ? fixed.text : null, changed, diff, notes: fixed.notes, ...reportAnswer(fixed.result, pageOf(data), target.root) },
      isError: false,
    };
  });
}

function explainCode(data: Readonly<Record<string, unknown>>): Answer {
  const asked = data["code"] as string;
  const code = asked.trim().toLowerCase().replaceAll("_", "-");
  const text = explain(code);
  if (text === null || !isOffenceCode(code)) {
    const close = closeMatch(code, OFFENCE_CODES);
    return fail("unknown_code", `Unknown offence code ${inspectString(asked)}${close === null ? "" : ` (did you mean "${close}"?)`}. list_codes gives every code.`, {
      valid_codes: OFFENCE_CODES,
    });
  }
  return { value: { action: "explain", code, severity: defaultSeverity(code), title: codeTitle(code), text }, isError: false };
}

function listCodes(): Answer {
  return { value: { action: "list_codes", codes: OFFENCE_CODES.map((code) => ({ code, severity: defaultSeverity(code), title: codeTitle(code) })) }, isError: false };
}

/** The answer of `action` to its checked `data`; a mistake in the paths the lint reports (UsageError) is an error answer. */
export async function runAction(action: ActionName, data: Readonly<Record<string, unknown>>, context: ActionContext): Promise<Answer> {
  try {
    switch (action) {
      case "lint_files":
        return await lintFiles(data, context);
      case "lint_text":
        return await lintText(data, context);
      case "fix_text":
        return await fixText(data, context);
      case "explain":
        return explainCode(data);
      case "list_codes":
        return listCodes();
    }
  } catch (error) {
    if (error instanceof BaselineError) return fail("invalid_baseline", error.message);
    if (error instanceof UsageError) return fail("invalid_paths", error.message);
    if (error instanceof RootsUnavailable) return fail("roots_unavailable", error.message);
    if (error instanceof Busy) return fail("busy", error.message);
    throw error;
  }
}
