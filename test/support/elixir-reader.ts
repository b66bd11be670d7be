// The reader fixture project (test/fixtures/elixir/reader/): its tool modules linted through the
// pipeline as the reader reads them, and through the command line with --elixir-eval, where
// Elixir computes them; shared by the tests of the reader's parts (test/elixir/read.test.ts, term-checks.test.ts).

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { discover } from "../../src/lint/discover.js";
import { cli } from "./cli.js";
import { lintFound } from "./lint.js";
import { repoPath } from "./paths.js";

export const READER_FIXTURE = repoPath("test/fixtures/elixir/reader");

export const noMix = spawnSync("mix", ["--version"], { encoding: "utf8" }).status === 0 ? false : "Elixir is not installed (Debian: apt-get install elixir)";

/** An offence as these tests compare it. */
export interface Seen {
  readonly file?: string;
  readonly via?: { readonly line: number; readonly column: number };
  readonly code: string;
  readonly action: string | null;
  readonly line?: number;
  readonly column?: number;
  readonly exact?: boolean;
  readonly message: string;
}

/** `CODE ACTION LINE:COLUMN MESSAGE`; one placed in another file opens with `FILE (via LINE:COLUMN)`. */
export const shown = (o: Seen): string =>
  `${o.file === undefined ? "" : `${o.file} (via ${o.via?.line}:${o.via?.column}) `}${o.code} ${o.action ?? "-"} ${o.line ?? 0}:${o.column ?? 0}${o.exact === false ? " (not exact)" : ""} ${o.message}`;

/** The offences of the tool module in `lib/reader/tools/NAME.ex`, as the static reader reads it. */
export async function readStatically(name: string): Promise<string[]> {
  const { files } = await discover([`lib/reader/tools/${name}.ex`], READER_FIXTURE);
  const result = await lintFound(files, { timeoutMs: 10_000 });
  return result.files.flatMap((file) => file.offences.map(shown));
}

/** The offences of every tool module of the project with --elixir-eval (Elixir computes them), by file name; the project is compiled in a copy. */
export async function readByElixir(): Promise<Map<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-reader-"));
  try {
    cpSync(READER_FIXTURE, dir, { recursive: true, filter: (path) => !path.includes("_build") });
    const { stdout } = await cli(["--no-config", "--format", "json", "--elixir-eval", "lib"], { cwd: dir });
    const report = JSON.parse(stdout) as { files: { file: string; offences: Seen[] }[] };
    return new Map(report.files.map((file) => [file.file.split("/").pop() as string, file.offences.map(shown)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
