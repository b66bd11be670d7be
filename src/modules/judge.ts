// Turns what a module process found for one module (wire.ts) into that file's lint, in our
// own process: the values are rebuilt (rebuild.ts) and the tool checked by lintTool, the
// same chain the library runs on real objects, so every offence is built here with our own
// built-ins. A tool that throws on being read (a getter, a Proxy trap) is a load-error; so
// is a module that threw at import, whose syntax error, if that was the cause, keeps its place;
// a refusal of the isolation's permission model says so (refusal.ts), and so does an import
// of a tsconfig "paths" alias, which Node cannot resolve (path-alias.ts).

import { plainDeclaration, type PlainDeclaration } from "../core/declaration.js";
import { lintTool } from "../core/lint-tool.js";
import type { ToolLint } from "../core/tool-lint.js";
import type { Offence, SyntaxErrorCause } from "../core/offence.js";
import { rebuild } from "./rebuild.js";
import { describeThrown } from "../core/escape.js";
import { describeExitCode, loadErrorLint, noToolLint, toolListLint } from "./offences.js";
import { ALIAS_FIX, unresolvedAlias } from "./path-alias.js";
import { REFUSAL_FIX, refusalMessage, refusedPermission } from "./refusal.js";
import { TOOL_READS, type WireOutcome, type WireResult } from "./wire.js";

/** The tool as lintTool reads it: name, description, actions, each answering what the module's answered. */
function toolView(reads: readonly WireOutcome[], call: WireOutcome | null, replay: (o: WireOutcome) => unknown): object {
  const view: Record<string, unknown> = {};
  TOOL_READS.forEach((key, i) => {
    const outcome = reads[i];
    Object.defineProperty(view, key, {
      enumerable: true,
      get: () => {
        // lintTool stops at the first read that throws, as the module process did.
        if (outcome === undefined) return undefined;
        const value = replay(outcome);
        if (key !== "actions" || call === null) return value;
        // actions() was called once, there: calling it here gives what that call gave.
        return () => replay(call);
      },
    });
  });
  return view;
}

/** The declaration as the module's reads gave it, when each read and the call of actions() answered; null otherwise. */
function declarationOf(reads: readonly WireOutcome[], call: WireOutcome | null, replay: (o: WireOutcome) => unknown): PlainDeclaration | null {
  const [name, description, actions] = reads;
  if (name?.[0] !== "ok" || description?.[0] !== "ok" || actions?.[0] !== "ok" || call?.[0] === "throw") return null;
  try {
    return plainDeclaration(replay(name), replay(description), replay(call ?? actions));
  } catch {
    return null;
  }
}

const isPlace = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 1;

/** The answer's syntax error as the offence carries it, frozen; a place that is not one is dropped (the text is then parsed for it). */
function syntaxErrorOf(cause: SyntaxErrorCause | undefined): SyntaxErrorCause | undefined {
  if (cause === undefined) return undefined;
  const at: Partial<NonNullable<SyntaxErrorCause["at"]>> | null = typeof cause === "object" && cause !== null && typeof cause.at === "object" ? cause.at : null;
  const position = typeof at?.position === "object" ? at.position : null;
  if (typeof at?.file !== "string" || position === null || !isPlace(position.line) || !isPlace(position.column)) return Object.freeze({ at: null });
  return Object.freeze({ at: Object.freeze({ file: at.file, position: Object.freeze({ line: position.line, column: position.column }) }) });
}

/** The load-error of a module that threw while `doing`: a refusal of the isolation says so. */
function threwLint(doing: string, thrown: unknown, syntaxError?: SyntaxErrorCause): ToolLint {
  const refused = refusedPermission(thrown);
  if (refused !== undefined) return loadErrorLint(refusalMessage(doing, refused), REFUSAL_FIX);
  const alias = unresolvedAlias(thrown);
  if (alias !== null) return loadErrorLint(`${doing} threw ${describeThrown(thrown)}; ${alias}`, ALIAS_FIX);
  return loadErrorLint(`${doing} threw ${describeThrown(thrown)}`, undefined, syntaxError);
}

const isActionsLoadError = (o: Offence): boolean => o.code === "load-error" && o.target.path[0] === "actions";

function refusedOffence(offence: Offence, permission: string | null): Offence {
  return Object.freeze({ ...offence, message: refusalMessage("actions()", permission), fix: REFUSAL_FIX });
}

export function judge(result: WireResult): ToolLint {
  switch (result.kind) {
    case "no-tool":
      return noToolLint();
    case "tool-list":
      return toolListLint(Number.isSafeInteger(result.length) ? result.length : null);
    case "abort-called":
      return loadErrorLint("called process.abort() while loading");
    case "exit-called": {
      const code = result.code === null ? undefined : rebuild(result.nodes).value(result.code);
      return loadErrorLint(`called process.exit(${describeExitCode(code)}) while loading`);
    }
    case "import-threw":
      return threwLint("loading the module", rebuild(result.nodes).value(result.thrown), syntaxErrorOf(result.syntaxError));
    case "read-threw":
      return threwLint("reading the tool", rebuild(result.nodes).value(result.thrown));
    case "tool": {
      const { replay, value } = rebuild(result.nodes);
      try {
        const lint = lintTool(toolView(result.reads, result.call, replay), { advisory: true });
        const refused = result.call?.[0] === "throw" ? refusedPermission(value(result.call[1])) : undefined;
        if (refused !== undefined) return { ...lint, offences: lint.offences.map((o) => (isActionsLoadError(o) ? refusedOffence(o, refused) : o)) };
        // A module that did not load whole keeps its old pins (docs/pins.md): it gets no declaration.
        const declaration = lint.offences.some((o) => o.code === "load-error") ? null : declarationOf(result.reads, result.call, replay);
        return declaration === null ? lint : { ...lint, declaration };
      } catch (error) {
        return loadErrorLint(`reading the tool threw ${describeThrown(error)}`);
      }
    }
  }
}
