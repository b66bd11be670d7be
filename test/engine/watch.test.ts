// --watch through the real command (docs/cli.md, "Watch"): a change is reported, a file deleted
// and made again is followed, --format json is one document a line per run, --watch --fix
// does not run again on its own writes, SIGINT ends it with the last run's exit code and
// no module process left (checked with ps), and a changed module, or a file it loaded, is
// linted again in a module process that was up before the change (the module trace says which).
// Every wait is on output, with generous timeouts.

import assert from "node:assert/strict";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { mergedTargets } from "../../src/engine/watch.js";
import { tempDir } from "../support/cli.js";

const BIN = fileURLToPath(new URL("../../bin/wymcp-lint.js", import.meta.url));
const WAIT_MS = 60_000;
const CLEAN = '{ "find": { "description": "Find", "properties": { "q": { "type": "string" } } } }\n';
const BROKEN = '{ "find": { "description": "Find", "propertes": {} } }\n';

interface Report {
  readonly files: readonly { readonly file: string; readonly offences: readonly { readonly code: string }[] }[];
  readonly summary: { readonly errors: number };
}

/** A running --watch: its reports as they come (stdout lines), and its exit. */
class Watching {
  readonly child: ChildProcess;
  readonly lines: string[] = [];
  stdout = "";
  stderr = "";
  readonly exited: Promise<number | null>;
  #waiters: (() => void)[] = [];

  constructor(cwd: string, args: readonly string[], extraEnv: Record<string, string> = {}) {
    const env = { ...process.env, ...extraEnv };
    for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
    this.child = spawn(process.execPath, [BIN, "--watch", ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    this.child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      this.stdout += chunk;
      const parts = this.stdout.split("\n");
      this.stdout = parts.pop() as string;
      this.lines.push(...parts);
      this.#wake();
    });
    this.child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.stderr += chunk;
      this.#wake();
    });
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  /** Waits until `ready` holds of what was printed. */
  async until(ready: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!ready()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; stdout: ${this.lines.join("\n")}; stderr: ${this.stderr}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The JSON reports so far, one a line. */
  reports(): Report[] {
    return this.lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Report);
  }

  /** Waits for report number `n` (1-based). */
  async report(n: number): Promise<Report> {
    await this.until(() => this.reports().length >= n, `report ${n}`);
    return this.reports()[n - 1] as Report;
  }
}

/** The pids of the module processes whose parent is `pid`. */
function moduleProcessesOf(pid: number): number[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" });
  return table
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1] === String(pid) && fields.some((field) => field.endsWith("child/main.js")))
    .map((fields) => Number(fields[0]));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const codesOf = (report: Report, file: string): string[] => report.files.find((f) => f.file === file)?.offences.map((o) => o.code) ?? [];

test("--watch --format json: one document a line per run; a change is reported; a file deleted and made again is followed; SIGINT ends it with no module process left", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(dir, "a.actions.json"), CLEAN);
  writeFileSync(join(dir, "b.actions.json"), CLEAN);
  const watching = new Watching(dir, ["--format", "json", "--load-timeout", "120", "."]);
  try {
    const first = await watching.report(1);
    assert.deepEqual([first.files.length, first.summary.errors], [2, 0]);

    writeFileSync(join(dir, "a.actions.json"), BROKEN);
    await watching.until(() => codesOf(watching.reports().at(-1) as Report, "./a.actions.json").includes("unknown-key"), "the edit's report");

    rmSync(join(dir, "b.actions.json"));
    await watching.until(() => (watching.reports().at(-1) as Report).files.length === 1, "the report without the deleted file");
    writeFileSync(join(dir, "b.actions.json"), BROKEN);
    await watching.until(() => codesOf(watching.reports().at(-1) as Report, "./b.actions.json").includes("unknown-key"), "the report of the file made again");
    assert.ok(
      watching.lines.every((line) => line.startsWith("{") && line.endsWith("}")),
      "every line is one document",
    );

    // A module that never finishes loading: SIGINT comes while its module process runs.
    writeFileSync(join(dir, "slow.tool.mjs"), "await new Promise((resolve) => setTimeout(resolve, 600_000));\nexport default {};\n");
    const pid = watching.child.pid as number;
    await watching.until(() => moduleProcessesOf(pid).length > 0, "a module process");
    const modules = moduleProcessesOf(pid);
    watching.child.kill("SIGINT");
    // The last run that finished found errors: its exit code is the watch's.
    assert.equal(await watching.exited, 1);
    for (const module of modules) await watching.until(() => !alive(module), `module process ${module} to end`);
    assert.deepEqual(moduleProcessesOf(pid), []);
    assert.equal(watching.stderr, "");
  } finally {
    watching.child.kill("SIGKILL");
  }
});

test("--watch in text: each run's report under a line naming what changed", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "a.actions.json"), CLEAN);
  const watching = new Watching(dir, ["."]);
  try {
    await watching.until(() => watching.lines.some((line) => line.startsWith("1 file, 1 action: no offences")), "the first report");
    writeFileSync(join(dir, "a.actions.json"), BROKEN);
    await watching.until(() => watching.lines.includes("wymcp-lint: changed: a.actions.json"), "the changed line");
    await watching.until(() => watching.lines.some((line) => /^1 file, 1 action: \d+ offences?/.test(line)), "the second report");
    watching.child.kill("SIGINT");
    assert.equal(await watching.exited, 1);
  } finally {
    watching.child.kill("SIGKILL");
  }
});

test("--watch --fix fixes what changed, once, and does not run again on its own writes", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "a.actions.json"), BROKEN);
  writeFileSync(join(dir, "b.actions.json"), CLEAN);
  const watching = new Watching(dir, ["--fix", "--format", "json", "."]);
  try {
    const first = await watching.report(1);
    assert.deepEqual(codesOf(first, "./a.actions.json"), []);
    // The next report is the one this edit causes: none came from the fix's own write.
    writeFileSync(join(dir, "b.actions.json"), BROKEN);
    const second = await watching.report(2);
    assert.deepEqual([codesOf(second, "./a.actions.json"), codesOf(second, "./b.actions.json")], [[], []]);
    writeFileSync(join(dir, "a.actions.json"), CLEAN.replace("Find", "Find it"));
    const third = await watching.report(3);
    assert.equal(third.summary.errors, 0);
    assert.equal(watching.reports().length, 3);
    watching.child.kill("SIGINT");
    assert.equal(await watching.exited, 0);
  } finally {
    watching.child.kill("SIGKILL");
  }
});

test("--watch lints a changed module, and a module whose loaded file changed, in a process up before the change", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  mkdirSync(join(dir, "tools"));
  mkdirSync(join(dir, "lib"));
  // lib/ is no path of the run: it is watched because the module loaded a file there.
  writeFileSync(join(dir, "lib", "props.json"), '{ "q": { "type": "string" } }\n');
  const tool = (description: string): string =>
    `import properties from "../lib/props.json" with { type: "json" };\nexport default { name: "search", description: "Search", actions: () => ({ find: { description: ${JSON.stringify(description)}, properties } }) };\n`;
  writeFileSync(join(dir, "tools", "search.tool.mjs"), tool("Find"));
  const watching = new Watching(dir, ["--format", "json", "tools"], { WYMCP_LINT_TRACE: "modules" });
  /** The pid of a process started idle after the last run, once the trace says so. */
  const idleProcess = async (after: number): Promise<string> => {
    await watching.until(() => /module process \d+ started, idle\n/.test(watching.stderr.slice(after)), "a fresh idle module process");
    return (/module process (\d+) started, idle\n/.exec(watching.stderr.slice(after)) as RegExpExecArray)[1] as string;
  };
  /** What the trace says between `from` and the report the change caused. */
  const traceOfRun = (from: number): string => watching.stderr.slice(from);
  try {
    assert.deepEqual(codesOf(await watching.report(1), "tools/search.tool.mjs"), []);
    let idle = await idleProcess(0);

    let from = watching.stderr.length;
    writeFileSync(join(dir, "tools", "search.tool.mjs"), tool("Find\nit"));
    assert.deepEqual(codesOf(await watching.report(2), "tools/search.tool.mjs"), ["newline"]);
    let run = traceOfRun(from);
    assert.match(run, new RegExp(`module process ${idle} taken, idle\n.*module process ${idle} loads .*search\\.tool\\.mjs\n`, "s"));
    assert.doesNotMatch(run.slice(0, run.indexOf(" answered ")), / started\n/, "no module process started for the change");
    idle = await idleProcess(from);

    from = watching.stderr.length;
    writeFileSync(join(dir, "lib", "props.json"), '{ "q": { "type": "string" }, "r": 5 }\n');
    assert.deepEqual(codesOf(await watching.report(3), "tools/search.tool.mjs"), ["newline", "wrong-type"]);
    run = traceOfRun(from);
    assert.match(run, new RegExp(`module process ${idle} taken, idle\n.*module process ${idle} loads .*search\\.tool\\.mjs\n`, "s"));
    assert.doesNotMatch(run.slice(0, run.indexOf(" answered ")), / started\n/, "no module process started for the change");

    watching.child.kill("SIGINT");
    assert.equal(await watching.exited, 1);
    assert.deepEqual(moduleProcessesOf(watching.child.pid as number), []);
  } finally {
    watching.child.kill("SIGKILL");
  }
});

/** How many inotify watches the process holds (each watched directory is one). */
function inotifyWatches(pid: number): number {
  let count = 0;
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    let info: string;
    try {
      info = readFileSync(`/proc/${pid}/fdinfo/${fd}`, "utf8");
    } catch {
      continue; // closed since the listing
    }
    count += info.split("\n").filter((line) => line.startsWith("inotify wd:")).length;
  }
  return count;
}

test("--watch follows a directory deleted and made again, below the paths and the one named", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "tools", "sub"), { recursive: true });
  writeFileSync(join(dir, "tools", "a.actions.json"), CLEAN);
  writeFileSync(join(dir, "tools", "sub", "b.actions.json"), CLEAN);
  const watching = new Watching(dir, ["--format", "json", "tools"]);
  const last = (): Report => watching.reports().at(-1) as Report;
  try {
    assert.equal((await watching.report(1)).files.length, 2);
    rmSync(join(dir, "tools", "sub"), { recursive: true });
    await watching.until(() => last().files.length === 1, "the report without the deleted directory");
    mkdirSync(join(dir, "tools", "sub"));
    writeFileSync(join(dir, "tools", "sub", "b.actions.json"), BROKEN);
    await watching.until(() => codesOf(last(), "tools/sub/b.actions.json").includes("unknown-key"), "the report of the directory made again");
    writeFileSync(join(dir, "tools", "sub", "b.actions.json"), CLEAN);
    await watching.until(() => last().files.length === 2 && last().summary.errors === 0, "an edit in the directory made again");

    rmSync(join(dir, "tools"), { recursive: true });
    await watching.until(() => watching.stderr.includes("tools"), "the named directory gone");
    mkdirSync(join(dir, "tools"));
    writeFileSync(join(dir, "tools", "a.actions.json"), BROKEN);
    await watching.until(() => watching.reports().length > 0 && codesOf(last(), "tools/a.actions.json").includes("unknown-key"), "the report of the named directory made again");
    writeFileSync(join(dir, "tools", "a.actions.json"), CLEAN);
    await watching.until(() => last().files.length === 1 && last().summary.errors === 0, "an edit in the named directory made again");
    watching.child.kill("SIGINT");
    assert.equal(await watching.exited, 0);
  } finally {
    watching.child.kill("SIGKILL");
  }
});

test("--watch survives a symbolic link that loops, and follows no link to a directory made during the watch", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "a.actions.json"), CLEAN);
  // A tree elsewhere, with directories enough that watching it would show.
  const outside = tempDir();
  for (let i = 0; i < 20; i++) mkdirSync(join(outside, `d${i}`, "e"), { recursive: true });
  writeFileSync(join(outside, "x.actions.json"), BROKEN);
  const watching = new Watching(dir, ["--format", "json", "."]);
  try {
    await watching.report(1);
    const pid = watching.child.pid as number;
    const before = inotifyWatches(pid);
    symlinkSync("loop", join(dir, "loop"));
    symlinkSync(outside, join(dir, "elsewhere"));
    mkdirSync(join(dir, "sub"));
    symlinkSync(outside, join(dir, "sub", "elsewhere"));
    writeFileSync(join(dir, "sub", "b.actions.json"), BROKEN);
    await watching.until(() => codesOf(watching.reports().at(-1) as Report, "./sub/b.actions.json").includes("unknown-key"), "the report after the links");
    const last = watching.reports().at(-1) as Report;
    assert.deepEqual(
      last.files.map((f) => f.file),
      ["./a.actions.json", "./sub/b.actions.json"],
    );
    // The directory made is watched; the links, and the 41 directories they lead to, are not.
    assert.equal(inotifyWatches(pid), before + 1);
    assert.equal(watching.stderr, "");
    watching.child.kill("SIGINT");
    assert.equal(await watching.exited, 1);
  } finally {
    watching.child.kill("SIGKILL");
  }
});

test("--watch with --update-pins or --update-baseline never runs again for its own writes", async () => {
  for (const flag of ["--update-pins", "--update-baseline"]) {
    const dir = tempDir();
    writeFileSync(join(dir, "a.actions.json"), BROKEN);
    const watching = new Watching(dir, [flag, "."]);
    const changed = (): string[] => watching.lines.filter((line) => line.startsWith("wymcp-lint: changed: "));
    try {
      await watching.until(() => watching.lines.some((line) => line.startsWith("1 file, 1 action")), `${flag}: the first report`);
      // Each edit changes what the flag writes.
      for (const [n, text] of [BROKEN.replace("Find", "Find one"), CLEAN, BROKEN.replace("Find", "Find two")].entries()) {
        writeFileSync(join(dir, "a.actions.json"), text);
        await watching.until(() => changed().length > n, `${flag}: the report of edit ${n + 1}`);
      }
      await watching.until(() => watching.lines.filter((line) => line.startsWith("1 file, 1 action")).length >= 4, `${flag}: the fourth report`);
      assert.deepEqual(changed(), Array(3).fill("wymcp-lint: changed: a.actions.json"), flag);
      watching.child.kill("SIGINT");
      await watching.exited;
    } finally {
      watching.child.kill("SIGKILL");
    }
  }
});

test("a recursive watch covers what is below it, but not below node_modules or .git, which it never enters: those are watched on their own", () => {
  assert.deepEqual(
    mergedTargets([
      { dir: "/p", recursive: true },
      { dir: "/p/src", recursive: false },
      { dir: "/p/src/lib", recursive: true },
      { dir: "/p/node_modules/pkg", recursive: false },
      { dir: "/p/.git/info", recursive: false },
      { dir: "/other", recursive: false },
    ]),
    [
      { dir: "/p", recursive: true },
      { dir: "/p/node_modules/pkg", recursive: false },
      { dir: "/p/.git/info", recursive: false },
      { dir: "/other", recursive: false },
    ],
  );
});
