// Token estimates (docs/tokens.md), when the config asks for them with `tokens`: each tool's
// text as a client receives it in tools/list (a Wymcp tool as Wymcp lists it: the action
// enum with the joined summary), each Wymcp action's schema as help gives it, and each
// server's total (a tools file, a directory of action files, a running server), counted
// offline with the o200k_base encoding (count.ts). Over a budget the config sets, a
// token-budget offence. A file's declaration is the one the run read whole for this step
// (core/declaration.ts; one that could not be read whole is not estimated), a running
// server's comes with its result. Called by src/engine/engine.ts after the pins, before the
// baseline.

import { dirname, resolve } from "node:path";
import { wymcpInputSchema } from "../core/action-summary.js";
import { inspectString } from "../text/escape.js";
import { finalizeOffence, withSeverity, type Offence } from "../core/offence.js";
import { sortOffences } from "../core/order.js";
import { plainToolLabel, repeatedNames } from "../core/plain-tool.js";
import type { TokenBudgets } from "../config/config.js";
import { totals, type FileResult, type LintResult, type TokenEstimates } from "../lint/result.js";
import type { SeverityRules } from "../lint/severity.js";
import { countText } from "../text/number-text.js";
import { relativePosixPath } from "../text/posix-path.js";
import { ENCODING, tokenCounter } from "./count.js";

export interface TokensStepOptions {
  readonly budgets: TokenBudgets;
  readonly cwd: string;
  readonly rules: SeverityRules;
}

type Count = (value: unknown) => number;

/** A Wymcp tool's estimates: as tools/list lists it, and each action as help gives it. */
function wymcpEstimates(count: Count, tool: string, description: unknown, actions: unknown): { tool: number; actions: Record<string, number> } {
  const map = typeof actions === "object" && actions !== null && !Array.isArray(actions) ? (actions as Record<string, unknown>) : {};
  const listed = { name: tool, ...(typeof description === "string" ? { description } : {}), inputSchema: wymcpInputSchema(map) ?? {} };
  const estimates: Record<string, number> = {};
  for (const [name, schema] of Object.entries(map)) estimates[name] = count(schema);
  return { tool: count(listed), actions: estimates };
}

/** A list of tools/list entries' estimates, by label (as offences name them). */
function listedEstimates(count: Count, entries: readonly unknown[]): Record<string, number> {
  const repeated = repeatedNames(entries);
  const tools: Record<string, number> = {};
  entries.forEach((entry, index) => {
    tools[plainToolLabel(entry, index, repeated[index])] = count(entry);
  });
  return tools;
}

function budgetOffence(what: string, estimate: number, budget: number, kind: "action" | "tool" | "server", action: string | null): Offence {
  return finalizeOffence(
    {
      code: "token-budget",
      path: [],
      target: { path: [], part: "value" },
      message: `${what} is about ${countText(estimate)} tokens (${ENCODING} estimate), over the config's budget of ${countText(budget)} for ${kind === "action" ? "an action" : `a ${kind}`}`,
      fix: "Shorten what the model reads (descriptions to one line, details in notes or in each parameter's schema), split the tool or the server, or raise the budget in the config's tokens.",
    },
    action,
  );
}

interface Row {
  readonly file: FileResult;
  readonly estimates: TokenEstimates;
  /** Whether its tools are plain (a tools file's entries, a plain server's): an offence about one is on its action. */
  readonly plain: boolean;
}

export async function tokensStep(result: LintResult, options: TokensStepOptions): Promise<LintResult> {
  const counter = await tokenCounter();
  const count: Count = (value) => counter(typeof value === "string" ? value : JSON.stringify(value ?? null));
  const rows = new Map<FileResult, Row>();
  const servers = new Map<string, FileResult[]>();
  const serverTotals: Record<string, number> = {};
  if (result.server !== undefined && result.surface !== undefined) {
    const { listed, answered, wymcp } = result.surface;
    const tools = listedEstimates(count, listed);
    serverTotals[result.server] = Object.values(tools).reduce((a, b) => a + b, 0);
    for (const file of result.files) {
      const tool = file.tool ?? "";
      const actions = answered.get(tool);
      const estimates: TokenEstimates =
        wymcp && actions !== undefined
          ? { tools: { [tool]: tools[tool] ?? 0 }, actions: wymcpEstimates(count, tool, undefined, actions).actions }
          : { tools: { [tool]: tools[tool] ?? 0 } };
      rows.set(file, { file, estimates, plain: !wymcp });
    }
    servers.set(result.server, [...result.files]);
  } else {
    for (const file of result.files) {
      const path = resolve(options.cwd, file.file);
      const declaration = file.declaration;
      if (declaration === undefined) continue;
      let estimates: TokenEstimates;
      let server: string;
      const plain = "listed" in declaration;
      if (plain) {
        estimates = { tools: listedEstimates(count, declaration.listed) };
        server = file.file;
      } else {
        const tool = declaration;
        const wymcp = wymcpEstimates(count, tool.name, tool.description, tool.actions);
        estimates = { tools: { [tool.name]: wymcp.tool }, actions: wymcp.actions };
        // One directory is one server's tools, as duplicate-tool reads it.
        server = relativePosixPath(dirname(path), options.cwd) || ".";
      }
      rows.set(file, { file, estimates, plain });
      servers.set(server, [...(servers.get(server) ?? []), file]);
      serverTotals[server] = (serverTotals[server] ?? 0) + Object.values(estimates.tools).reduce((a, b) => a + b, 0);
    }
  }
  const added = new Map<FileResult, Offence[]>();
  const report = (file: FileResult, offence: Offence): void => {
    const setting = options.rules.severityOf("token-budget", file.file);
    if (setting !== "off") added.set(file, [...(added.get(file) ?? []), withSeverity(offence, setting)]);
  };
  const { action: actionBudget, tool: toolBudget, server: serverBudget } = options.budgets;
  for (const { file, estimates, plain } of rows.values()) {
    for (const [tool, estimate] of Object.entries(estimates.tools)) {
      if (toolBudget !== undefined && estimate > toolBudget)
        report(file, budgetOffence(`the tool ${inspectString(tool)} as tools/list gives it`, estimate, toolBudget, "tool", plain ? tool : null));
    }
    for (const [action, estimate] of Object.entries(estimates.actions ?? {})) {
      if (actionBudget !== undefined && estimate > actionBudget)
        report(file, budgetOffence(`the action ${inspectString(action)} as help gives it`, estimate, actionBudget, "action", action));
    }
  }
  for (const [server, files] of servers) {
    const estimate = serverTotals[server] ?? 0;
    const first = files[0];
    if (serverBudget !== undefined && first !== undefined && estimate > serverBudget)
      report(first, budgetOffence(`the server ${inspectString(server)} (every tool it lists)`, estimate, serverBudget, "server", null));
  }
  const files = result.files.map((file) => {
    const row = rows.get(file);
    const more = added.get(file);
    if (row === undefined) return file;
    return { ...file, tokens: row.estimates, ...(more === undefined ? {} : { offences: sortOffences([...file.offences, ...more]) }) };
  });
  return { ...result, files, summary: totals(files, result.server !== undefined), tokens: { servers: serverTotals } };
}
