// no-tools (docs/codes/no-tools.md): a server, or a saved tools/list, that lists no tool at
// all. Called where one server's whole list is read: plain-tool.ts (a tools file) and the
// server's lint (src/server/lint-server.ts).

import type { Draft, Target } from "./offence.js";

/** The no-tools draft of a list of `tools` entries at `target`, or null when it lists some. */
export function noToolsDraft(tools: number, target: Target): Draft | null {
  if (tools > 0) return null;
  return {
    code: "no-tools",
    path: [],
    target,
    message: "tools/list lists no tool: a client connected to this server has nothing to call",
    fix: "Register the server's tools before it answers tools/list, or remove the server from the clients' configs.",
  };
}
