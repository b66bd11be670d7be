// The random-kill campaign over --fix (docs/fixing.md: what --fix guarantees): files that need
// fixes, action files and tool modules fixed in two passes, are fixed by the real command
// (bin/wymcp-lint.js), which is killed at a random moment (SIGKILL or SIGINT). Each file must
// then be as it was or fully fixed, never half; after SIGINT no temporary file is left; and a
// later --fix sweeps what a SIGKILL left and finishes the work. Used by a few trials in
// test/fix/kill.test.ts and by the long campaign, `npm run kill-campaign` (kill-campaign.ts).

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));

/** An action file with a fix of each kind: a rename, a removed entry, a description split into notes. */
function actionFile(i: number): string {
  return `${JSON.stringify(
    {
      [`find_${i}`]: { descripton: "Find.", properties: { q: { type: "string" } }, required: ["q", "q"] },
      [`list_${i}`]: { description: `List.\nPage ${i} at a time.`, properties: {} },
    },
    null,
    2,
  )}\n`;
}

/** A tool module fixed in two passes (two overlapping superset groups), and a description split into notes. */
function toolModule(i: number): string {
  return `export default {
  name: "passes_${i}",
  description: "Fixed in two passes",
  actions: {
    search: {
      description: "Search.\\nBy any field.",
      properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } },
      required_one_of: [["a", "b"], ["a", "b", "c"], ["a"]],
    },
  },
};
`;
}

/** The files of a campaign: `count` of them, one tool module in every `moduleEvery`. */
export function campaignFiles(count: number, moduleEvery: number): Map<string, string> {
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    if (i % moduleEvery === moduleEvery - 1) files.set(`passes_${i}.tool.mjs`, toolModule(i));
    else files.set(`tool_${i}.actions.json`, actionFile(i));
  }
  return files;
}

function environment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
  return env;
}

function writeAll(files: ReadonlyMap<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-kill-"));
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return dir;
}

/**
 * The files, the same fully fixed (by one --fix run that is not interrupted), how long that
 * run took, and when from its start it wrote its first and last file (by their mtimes).
 */
export interface Campaign {
  readonly files: ReadonlyMap<string, string>;
  readonly fixed: ReadonlyMap<string, string>;
  readonly fixMs: number;
  readonly writesMs: readonly [number, number];
}

/** A moment to kill at: three times in four within the writes (20 ms either side), else anywhere in the run. */
export function killDelay(campaign: Campaign, random: () => number): number {
  const [from, to] = campaign.writesMs;
  if (random() < 0.25) return Math.floor(random() * campaign.fixMs);
  const start = Math.max(0, from - 20);
  return Math.floor(start + random() * (to + 20 - start));
}

export function prepareCampaign(count: number, moduleEvery: number): Campaign {
  const files = campaignFiles(count, moduleEvery);
  const dir = writeAll(files);
  try {
    const started = Date.now();
    const run = spawnSync(process.execPath, [BIN, "--fix", "."], { cwd: dir, env: environment(), encoding: "utf8", timeout: 600_000 });
    const fixMs = Date.now() - started;
    if (run.status !== 0) throw new Error(`the uninterrupted --fix exited ${run.status}: ${run.stderr}${run.stdout.slice(0, 2000)}`);
    const fixed = new Map([...files.keys()].map((name) => [name, readFileSync(join(dir, name), "utf8")]));
    for (const [name, text] of files) if (fixed.get(name) === text) throw new Error(`${name} was not fixed by the uninterrupted run`);
    const written = [...files.keys()].map((name) => statSync(join(dir, name)).mtimeMs - started);
    return { files, fixed, fixMs, writesMs: [Math.max(0, Math.min(...written)), Math.max(0, Math.max(...written))] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What one trial found: every file's state, and what is wrong. */
export interface Trial {
  readonly signal: "SIGKILL" | "SIGINT";
  readonly delayMs: number;
  /** How many files were left as they were, and how many fully fixed. */
  readonly original: number;
  readonly fixed: number;
  /** Each defect seen, in words (empty when the trial held). */
  readonly defects: string[];
}

const TEMPORARY = /\.wymcp-lint-\d+-[^.]+\.tmp$/;

/** One trial: --fix over a fresh copy of the campaign's files, killed with `signal` after `delayMs`. */
export async function killTrial(campaign: Campaign, signal: "SIGKILL" | "SIGINT", delayMs: number): Promise<Trial> {
  const dir = writeAll(campaign.files);
  const defects: string[] = [];
  let original = 0;
  let fixed = 0;
  try {
    const linter = spawn(process.execPath, [BIN, "--fix", "."], { cwd: dir, env: environment(), stdio: "ignore", detached: true });
    const exited = new Promise<void>((resolve) => linter.on("exit", () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    try {
      linter.kill(signal);
    } catch {
      // it has already ended
    }
    await exited;
    // A SIGKILL leaves the linter's module processes to the process group: end them, as a terminal would.
    try {
      process.kill(-(linter.pid as number), "SIGKILL");
    } catch {
      // none is left
    }
    for (const [name, text] of campaign.files) {
      const now = readFileSync(join(dir, name), "utf8");
      if (now === text) original++;
      else if (now === campaign.fixed.get(name)) fixed++;
      else defects.push(`${name} is neither as it was nor fully fixed`);
    }
    const temporaries = readdirSync(dir).filter((name) => TEMPORARY.test(name));
    if (signal === "SIGINT" && temporaries.length > 0) defects.push(`temporary files left after SIGINT: ${temporaries.join(", ")}`);
    // A later run sweeps what was left and finishes the work.
    const again = spawnSync(process.execPath, [BIN, "--fix", "."], { cwd: dir, env: environment(), encoding: "utf8", timeout: 600_000 });
    if (again.status !== 0) defects.push(`the --fix after the kill exited ${again.status}: ${again.stderr}`);
    for (const [name, text] of campaign.fixed) if (readFileSync(join(dir, name), "utf8") !== text) defects.push(`${name} is not fully fixed by the --fix after the kill`);
    const leftOver = readdirSync(dir).filter((name) => TEMPORARY.test(name));
    if (leftOver.length > 0) defects.push(`temporary files left after the next --fix: ${leftOver.join(", ")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { signal, delayMs, original, fixed, defects };
}
