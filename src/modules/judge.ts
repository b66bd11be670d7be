// Turns what a module process found for one module (wire.ts) into that file's lint, in our
// own process: the values are rebuilt (rebuild.ts) and the tool checked by lintTool, the
// same chain the library runs on real objects, so every offence is built here with our own
// built-ins. A tool that throws on being read (a getter, a Proxy trap) is a load-error; so
// is a module that threw at import, whose syntax error, if that was the cause, keeps its place.

import { lintTool, type ToolLint } from "../core/lint-tool.js";
import type { SyntaxErrorCause } from "../core/offence.js";
import { rebuild } from "./rebuild.js";
import { describeThrown } from "../core/escape.js";
import { describeExitCode, loadErrorLint, noToolLint } from "./offences.js";
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

const isPlace = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 1;

/** The answer's syntax error as the offence carries it, frozen; a place that is not one is dropped (the text is then parsed for it). */
function syntaxErrorOf(cause: SyntaxErrorCause | undefined): SyntaxErrorCause | undefined {
  if (cause === undefined) return undefined;
  const at: Partial<NonNullable<SyntaxErrorCause["at"]>> | null = typeof cause === "object" && cause !== null && typeof cause.at === "object" ? cause.at : null;
  const position = typeof at?.position === "object" ? at.position : null;
  if (typeof at?.file !== "string" || position === null || !isPlace(position.line) || !isPlace(position.column)) return Object.freeze({ at: null });
  return Object.freeze({ at: Object.freeze({ file: at.file, position: Object.freeze({ line: position.line, column: position.column }) }) });
}

export function judge(result: WireResult): ToolLint {
  switch (result.kind) {
    case "no-tool":
      return noToolLint();
    case "abort-called":
      return loadErrorLint("called process.abort() while loading");
    case "exit-called": {
      const code = result.code === null ? undefined : rebuild(result.nodes).value(result.code);
      return loadErrorLint(`called process.exit(${describeExitCode(code)}) while loading`);
    }
    case "import-threw":
      return loadErrorLint(`loading the module threw ${describeThrown(rebuild(result.nodes).value(result.thrown))}`, undefined, syntaxErrorOf(result.syntaxError));
    case "read-threw":
      return loadErrorLint(`reading the tool threw ${describeThrown(rebuild(result.nodes).value(result.thrown))}`);
    case "tool": {
      const { replay } = rebuild(result.nodes);
      try {
        return lintTool(toolView(result.reads, result.call, replay), { advisory: true });
      } catch (error) {
        return loadErrorLint(`reading the tool threw ${describeThrown(error)}`);
      }
    }
  }
}
