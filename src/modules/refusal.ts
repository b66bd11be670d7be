// Recognizes a refusal of Node's permission model (docs/isolation.md):
// the module processes run without write, child-process or inspector access, so a module
// that writes a file or starts a process while loading is refused there although it runs
// under plain node. Its load-error then says the linter's isolation refused it and what to
// move, instead of reading like the module's own bug. The thrown value is the rebuilt one,
// whose reads replay what the module process recorded (wire.ts, THROWN_READS).

import { inspectString } from "../text/escape.js";

/** What the permission model refused: the permission's name (`ChildProcess`, `FileSystemWrite`, …), null when it names none; undefined when the value is no such refusal. */
export function refusedPermission(thrown: unknown): string | null | undefined {
  if (typeof thrown !== "object" || thrown === null) return undefined;
  try {
    const { code, permission } = thrown as { code?: unknown; permission?: unknown };
    if (code !== "ERR_ACCESS_DENIED") return undefined;
    return typeof permission === "string" && permission !== "" ? permission : null;
  } catch {
    return undefined;
  }
}

/** The message of a load-error whose cause was a refusal; `doing` says what was refused ("loading the module", "actions()"). */
export function refusalMessage(doing: string, permission: string | null): string {
  const what = permission === null ? "this API" : inspectString(permission);
  return `${doing} was refused by the linter's isolation: Node's permission model denied ${what} (ERR_ACCESS_DENIED), which tool modules are not given while they load; under plain node the module may run fine`;
}

export const REFUSAL_FIX =
  "Move the side effect (writing files, starting processes) out of import time and out of actions(), into the code that serves the tool; validation only imports the module and calls actions() once (docs/isolation.md).";
