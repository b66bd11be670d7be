// Lints a running MCP server (wymcp-lint --server / --server-url) into the LintResult the
// file pipeline produces, so every format renders it: one FileResult per tool, each named
// by the server's label (its command line or URL) in place of a file. After the handshake
// and every page of tools/list:
//  - a Wymcp server (it lists Wymcp's help tool): help is asked about each other tool, the
//    answered actions map goes through the whole chain and the advisory checks (lintTool),
//    as an action file's would, and the answer is held to the tool's tools/list entry
//    (surface-drift);
//  - any other server: each tool is linted as a plain MCP tool with one action named like
//    it (core/plain-tool.ts), the advisory checks included, as a saved tools/list file is.
// What it publishes is kept as pins for src/pins/ (core/surface.ts). How many tools it lists is held to the clients' limits (core/client-limits/), on the
// first row. A malformed entry, or a help answer that is an error or of the wrong shape, is that
// tool's offence; the other tools are still linted. Severities follow the run's rules (the
// config's `rules`; src/config/severity-rules.ts). The session, and the server we
// started, end before this returns or throws.
// Loaded lazily by src/cli/run.ts.

import { inspectString } from "../text/escape.js";
import { lintTool } from "../core/lint-tool.js";
import type { ToolLint } from "../core/tool-lint.js";
import { finalizeOffence, toolOffence, type Offence } from "../core/offence.js";
import { toolCountDrafts } from "../core/client-limits/index.js";
import { noToolsDraft } from "../core/no-tools.js";
import { sortOffences } from "../core/order.js";
import { toolsListSurface } from "../core/surface.js";
import { resolved } from "../lint/pipeline.js";
import { totals, type FileResult, type LintResult } from "../lint/result.js";
import { DEFAULT_RULES, type SeverityRules } from "../lint/severity.js";
import { ServerFailure } from "./failure.js";
import { isWymcpHelp, readHelpAnswer } from "./help-contract.js";
import { asListedTool, type ListedTool } from "./listed-tool.js";
import { besideOthers, listNames, plainToolLabel, plainToolName, plainToolOffences } from "../core/plain-tool.js";
import { openSession, type ServerSession } from "./session.js";
import { surfaceDrift } from "./surface-drift.js";
import { serverLabel, type ServerTarget } from "./target.js";
import { now } from "../core/clock.js";

export interface ServerLintOptions {
  /** --server-timeout in milliseconds: the handshake and each request. */
  readonly timeoutMs: number;
  /** wymcp-lint's version, sent in the handshake. */
  readonly version: string;
  /** When the run began, by core/clock.ts's now(). */
  readonly startedAt?: number;
  /** Each code's severity (src/lint/severity.ts): the config's rules; every default when absent. */
  readonly rules?: SeverityRules;
}

/** The help-answer offence of a tool whose help answer could not be read. */
function helpAnswerOffence(tool: string, problem: string): Offence {
  return toolOffence(
    "help-answer",
    `asked about the tool ${inspectString(tool)}, ${problem}`,
    `Make help answer {"tool": ${inspectString(tool)}} with one JSON text {"tool", "description", "actions"} (docs/servers.md, "The help tool's wire format").`,
  );
}

/** A Wymcp tool's lint from its tools/list entry and what help answered about it. */
export function wymcpToolLint(tool: ListedTool, called: { readonly result: unknown } | { readonly error: string }): ToolLint {
  const answer = "error" in called ? { problem: `help answered the error ${called.error}` } : readHelpAnswer(called.result);
  if ("problem" in answer) return { tool: tool.name, actions: 0, offences: [helpAnswerOffence(tool.name, answer.problem)] };
  const lint = lintTool({ name: answer.tool, description: answer.description, actions: answer.actions }, { advisory: true });
  return { tool: lint.tool, actions: lint.actions, offences: sortOffences([...lint.offences, ...surfaceDrift(tool, answer)]) };
}

/** One plain tool's lint: its entry's offences (core/plain-tool.ts), one action named like the tool. */
function plainTool(entry: unknown, label: string): ToolLint {
  return { tool: plainToolName(entry), actions: 1, offences: plainToolOffences(entry, label, { advisory: true }) };
}

/** The server's rows, and what it publishes as pins (core/surface.ts): tools/list, each Wymcp tool's actions as help gave them, its instructions. */
async function lintTools(session: ServerSession, label: string): Promise<{ files: FileResult[]; surface: NonNullable<LintResult["surface"]> }> {
  const entries = await session.listTools();
  const listed = entries.map(asListedTool);
  const wymcp = listed.some((tool) => tool !== null && isWymcpHelp(tool));
  const list = listNames(entries, true);
  const results: FileResult[] = [];
  const answered = new Map<string, unknown>();
  for (const [index, entry] of entries.entries()) {
    const tool = listed[index] ?? null;
    // Wymcp's own help tool is the framework's, not a declaration of the server's.
    if (wymcp && tool !== null && isWymcpHelp(tool)) continue;
    const action = plainToolLabel(entry, index, list.repeated[index]);
    let linted: ToolLint;
    if (wymcp && tool !== null) {
      const called = await session.callTool("help", { tool: tool.name });
      const answer = "error" in called ? null : readHelpAnswer(called.result);
      if (answer !== null && !("problem" in answer)) answered.set(tool.name, answer.actions);
      linted = wymcpToolLint(tool, called);
    } else {
      linted = plainTool(entry, action);
    }
    const named = besideOthers(list, index, entry, tool?.description, linted.offences, wymcp ? null : action);
    const offences = named.length > 0 ? sortOffences([...named, ...linted.offences]) : linted.offences;
    results.push({ file: label, tool: linted.tool, actions: linted.actions, offences });
  }
  // Rows in tool order, as files are in path order: the same server gives the same report.
  results.sort((a, b) => ((a.tool ?? "") < (b.tool ?? "") ? -1 : (a.tool ?? "") > (b.tool ?? "") ? 1 : 0));
  const hashes = toolsListSurface(entries, (name) => answered.get(name), session.instructions());
  return { files: withToolCount(results, entries.length, label), surface: { hashes, wymcp, listed: entries, answered } };
}

/**
 * The clients' limits on how many tools one server lists (core/client-limits/), on the first
 * row: the server has no row of its own. A server that lists no tool has one row, its label's,
 * for its no-tools offence.
 */
function withToolCount(results: FileResult[], tools: number, label: string): FileResult[] {
  const none = noToolsDraft(tools, { path: [], part: "value" });
  if (none !== null) return [{ file: label, tool: null, actions: 0, offences: [finalizeOffence(none, null)] }];
  const first = results[0];
  const counted = toolCountDrafts(tools, { path: [], part: "value" }).map((draft) => finalizeOffence(draft, null));
  if (first === undefined || counted.length === 0) return results;
  return [{ ...first, offences: sortOffences([...counted, ...first.offences]) }, ...results.slice(1)];
}

/** Lints the server; throws ServerFailure when it cannot be linted. Always ends the session. */
export async function lintServer(target: ServerTarget, options: ServerLintOptions): Promise<LintResult> {
  const startedAt = options.startedAt ?? now();
  const label = serverLabel(target);
  let session: ServerSession | null = null;
  let linted: Awaited<ReturnType<typeof lintTools>>;
  try {
    session = await openSession(target, { timeoutMs: options.timeoutMs, version: options.version });
    linted = await lintTools(session, label);
  } catch (error) {
    await session?.close();
    throw error instanceof ServerFailure ? error.about(label, session?.stderrTail() ?? []) : error;
  }
  await session.close();
  const rules = options.rules ?? DEFAULT_RULES;
  const files = linted.files.map((file) => resolved(file, rules));
  return { files, summary: totals(files, true), durationMs: now() - startedAt, server: label, surface: linted.surface };
}
