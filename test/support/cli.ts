// Shared by the CLI tests: run() in-process with a recording io, the fixture folder, and
// small helpers that read the text report (offence heads, the untimed summary).

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LintOptions } from "../../src/cli/options/command.js";
import { run } from "../../src/cli/run.js";
import type { ModuleStandby } from "../../src/modules/standby.js";

/** test/fixtures/cli/. */
export const FIXTURES = fileURLToPath(new URL("../../test/fixtures/cli/", import.meta.url));

export interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly cwd?: string;
  readonly env?: Record<string, string | undefined>;
  readonly isTTY?: boolean;
  readonly stdin?: string | Uint8Array;
  readonly stdout?: (s: string) => void;
  /** A standby started as bin/wymcp-lint.js starts one (src/cli/early.ts), for run() to adopt or stop. */
  readonly standby?: ModuleStandby | null;
}

/** run(argv) with the fixtures as cwd, an empty environment and no terminal unless told. */
export async function cli(argv: readonly string[], options: CliOptions = {}): Promise<Outcome> {
  let stdout = "";
  let stderr = "";
  const input = options.stdin;
  const code = await run(
    argv,
    {
      stdout: options.stdout ?? ((s) => void (stdout += s)),
      stderr: (s) => void (stderr += s),
      ...(input === undefined ? {} : { stdin: async () => input }),
      cwd: options.cwd ?? FIXTURES,
      env: options.env ?? {},
      isTTY: options.isTTY ?? false,
    },
    { standby: options.standby ?? null },
  );
  return { code, stdout, stderr };
}

/** The report with the summary's time replaced, so two runs can be compared. */
export function untimed(report: string): string {
  return report.replace(/ \(\d+\.\d\d s\)\n$/, " (T s)\n");
}

/** The report's lines without the final summary and the blank line before it. */
export function offenceLines(report: string): string[] {
  const lines = report.split("\n");
  return lines.slice(0, Math.max(0, lines.length - 3));
}

/** Each offence line up to its location (file:line:col  code  tool T action A at LOC); other lines as they are. */
export function heads(report: string): string[] {
  return offenceLines(report).map((line) => (line.startsWith("  ") ? line : (line.split(": ")[0] as string)));
}

/** The summary line, time replaced. */
export function summary(report: string): string {
  const lines = untimed(report).split("\n");
  return lines[lines.length - 2] as string;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "wymcp-lint-cli-"));
}

/**
 * The lint options of a command line that sets nothing but `given`: every other field at
 * its default, written out here once so the tests of the two parsers state the same defaults.
 */
export function lintOptionsWith(given: Partial<LintOptions>): LintOptions {
  return {
    paths: [],
    format: "text",
    maxOffences: 10,
    maxWarnings: null,
    color: undefined,
    stdin: null,
    loadTimeoutMs: 10_000,
    elixirEval: false,
    ignore: true,
    ignorePattern: [],
    fix: false,
    fixDryRun: false,
    server: null,
    serverTimeoutMs: 30_000,
    cache: false,
    watch: false,
    cacheLocation: null,
    cacheStrategy: "content",
    config: null,
    baseline: null,
    updateBaseline: false,
    updatePins: false,
    printDeclaration: null,
    ...given,
  };
}
