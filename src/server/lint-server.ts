// Lints a running MCP server (wymcp-lint --server / --server-url) into the LintResult the
// file pipeline produces, so every format renders it: one FileResult per tool, each named
// by the server's label (its command line or URL) in place of a file. After the handshake
// and every page of tools/list:
//  - a Wymcp server (it lists Wymcp's help tool): help is asked about each other tool, the
//    answered actions map goes through the whole chain and the advisory checks (lintTool),
//    as an action file's would, and the answer is held to the tool's tools/list entry
//    (surface-drift);
//  - any other server: each tool is linted as a tool with one action (plain-tool.ts), the
//    advisory checks included, as the CLI lints files.
// Severities follow the run's rules (the config's `rules`; src/config/severity-rules.ts).
// A help answer that is an error or of the wrong shape stops the run (ServerFailure, exit
// 1). The session, and the server we started, end before this returns or throws.
// Loaded lazily by src/cli/run.ts.

import { performance } from "node:perf_hooks";
import { checkActions } from "../core/chain.js";
import { inspectString } from "../text/escape.js";
import { lintTool, type ToolLint } from "../core/lint-tool.js";
import { toolOffence, type Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { summarize } from "../lint/lint-paths.js";
import type { FileResult, LintResult } from "../lint/result.js";
import type { SeverityRules } from "../lint/severity.js";
import { ServerFailure } from "./failure.js";
import { isWymcpHelp, readHelpAnswer } from "./help-contract.js";
import type { ListedTool } from "./listed-tool.js";
import { plainActionSchema } from "./plain-tool.js";
import { openSession, type ServerSession } from "./session.js";
import { surfaceDrift } from "./surface-drift.js";
import { serverLabel, type ServerTarget } from "./target.js";

export interface ServerLintOptions {
  /** --server-timeout in milliseconds: the handshake and each request. */
  readonly timeoutMs: number;
  /** wymcp-lint's version, sent in the handshake. */
  readonly version: string;
  /** performance.now() when the run began. */
  readonly startedAt?: number;
  /** Each code's severity (src/lint/severity.ts): the config's rules; every default when absent. */
  readonly rules?: SeverityRules;
}

function plainTool(tool: ListedTool): ToolLint {
  return { tool: tool.name, actions: 1, offences: checkActions(new Map([[tool.name, plainActionSchema(tool)]]), { advisory: true }) };
}

async function wymcpTool(session: ServerSession, tool: ListedTool): Promise<ToolLint> {
  const answer = readHelpAnswer(await session.callTool("help", { tool: tool.name }));
  if ("problem" in answer) throw new ServerFailure(`asked about the tool ${inspectString(tool.name)}, ${answer.problem}`, 1);
  const lint = lintTool({ name: answer.tool, description: answer.description, actions: answer.actions }, { advisory: true });
  return { tool: lint.tool, actions: lint.actions, offences: sortOffences([...lint.offences, ...surfaceDrift(tool, answer)]) };
}

/** Each tool listed again after its first listing gets duplicate-tool. */
function duplicateListing(tools: readonly ListedTool[]): Map<ListedTool, Offence> {
  const first = new Set<string>();
  const offences = new Map<ListedTool, Offence>();
  for (const tool of tools) {
    if (!first.has(tool.name)) {
      first.add(tool.name);
      continue;
    }
    offences.set(
      tool,
      toolOffence(
        "duplicate-tool",
        `tools/list lists the tool name ${inspectString(tool.name)} more than once`,
        "Register each tool once: a client calls tools by name, so only one of them can be reached.",
        { path: ["name"], part: "value" },
      ),
    );
  }
  return offences;
}

async function lintTools(session: ServerSession, label: string): Promise<FileResult[]> {
  const tools = await session.listTools();
  const wymcp = tools.some(isWymcpHelp);
  const duplicates = duplicateListing(tools);
  const results: FileResult[] = [];
  for (const tool of tools) {
    // Wymcp's own help tool is the framework's, not a declaration of the server's.
    if (wymcp && isWymcpHelp(tool)) continue;
    const linted = wymcp ? await wymcpTool(session, tool) : plainTool(tool);
    const duplicate = duplicates.get(tool);
    const offences = duplicate === undefined ? linted.offences : sortOffences([duplicate, ...linted.offences]);
    results.push({ file: label, tool: linted.tool, actions: linted.actions, offences });
  }
  // Rows in tool order, as files are in path order: the same server gives the same report.
  return results.sort((a, b) => ((a.tool ?? "") < (b.tool ?? "") ? -1 : (a.tool ?? "") > (b.tool ?? "") ? 1 : 0));
}

/** Lints the server; throws ServerFailure when it cannot be linted. Always ends the session. */
export async function lintServer(target: ServerTarget, options: ServerLintOptions): Promise<LintResult> {
  const startedAt = options.startedAt ?? performance.now();
  const label = serverLabel(target);
  let session: ServerSession | null = null;
  let files: FileResult[];
  try {
    session = await openSession(target, { timeoutMs: options.timeoutMs, version: options.version });
    files = await lintTools(session, label);
  } catch (error) {
    await session?.close();
    throw error instanceof ServerFailure ? error.about(label, session?.stderrTail() ?? []) : error;
  }
  await session.close();
  return { ...summarize(files, startedAt, options.rules), server: label };
}
