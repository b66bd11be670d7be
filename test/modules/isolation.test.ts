// The isolation of tool modules: the probes a hostile or careless module was
// tried with, as fixtures run through the real command (test/fixtures/isolation/hostile/),
// each beside the same well-behaved files (test/fixtures/isolation/well-behaved/). For each:
// the well-behaved files' report is exactly what they give alone, the hostile module gets
// its own load-error or honest result, the JSON report parses, nothing reaches stderr, the
// run ends within the load timeout plus a generous margin, and every file keeps its bytes.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";
import type { JsonReport } from "../support/reports.js";

const BIN = repoPath("bin/wymcp-lint.js");
const WELL_BEHAVED = repoPath("test/fixtures/isolation/well-behaved");
const HOSTILE = repoPath("test/fixtures/isolation/hostile");
// Margin over the load timeout for a whole run on a machine whose cores are busy.
const MARGIN_MS = 60_000;

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
}

function lint(dir: string, args: readonly string[], timeoutSeconds: number): Run {
  const env = { ...process.env };
  for (const name of ["NO_COLOR", "FORCE_COLOR", "WYMCP_LINT_DEBUG"]) delete env[name];
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, "--load-timeout", String(timeoutSeconds), ...args, "."], {
    cwd: dir,
    env,
    encoding: "utf8",
    timeout: timeoutSeconds * 1000 + MARGIN_MS,
  });
  assert.equal(result.error, undefined, `the run did not end: ${String(result.error)}`);
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, elapsedMs: performance.now() - started };
}

function setUp(hostile: readonly string[]): string {
  const dir = tempDir();
  for (const name of readdirSync(WELL_BEHAVED)) copyFileSync(join(WELL_BEHAVED, name), join(dir, name));
  for (const name of hostile) copyFileSync(join(HOSTILE, name), join(dir, name));
  return dir;
}

function bytes(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((n) => !n.endsWith(".fifo"))
      .map((n) => [n, readFileSync(join(dir, n)).toString("base64")]),
  );
}

const wellBehaved = readdirSync(WELL_BEHAVED).map((n) => `./${n}`);
let baseline: JsonReport | undefined;

function alone(): JsonReport {
  if (baseline === undefined) {
    const run = lint(setUp([]), ["--format", "json"], 10);
    assert.deepEqual([run.code, run.stderr], [1, ""]);
    baseline = JSON.parse(run.stdout) as JsonReport;
  }
  return baseline;
}

/** What a hostile file's entry in the report must be: tool, and [code, message] per offence. */
type Expected = readonly [tool: string | null, offences: readonly (readonly [string, string | RegExp])[]];

// The permission model's refusals name the isolation (src/modules/refusal.ts).
const REFUSED = /^loading the module was refused by the linter's isolation: Node's permission model denied ("ChildProcess"|"FileSystemWrite"|this API) \(ERR_ACCESS_DENIED\)/;

function probe(title: string, hostile: Readonly<Record<string, Expected>>, options: { timeoutSeconds?: number; fifo?: boolean } = {}): void {
  test(title, () => {
    const names = Object.keys(hostile);
    const dir = setUp(names);
    if (options.fifo === true) assert.equal(spawnSync("mkfifo", [join(dir, "pipe.fifo")]).status, 0, "mkfifo");
    const before = bytes(dir);
    const timeoutSeconds = options.timeoutSeconds ?? 3;
    const run = lint(dir, ["--format", "json", "--max-offences", "0"], timeoutSeconds);

    assert.equal(run.stderr, "");
    const report = JSON.parse(run.stdout) as JsonReport;
    const expectedAlone = alone();
    assert.deepEqual(
      report.files.filter((f) => wellBehaved.includes(f.file)),
      expectedAlone.files,
      "the well-behaved files' report is what they give alone",
    );
    let offences = 0;
    for (const [name, [tool, expected]] of Object.entries(hostile)) {
      const file = report.files.find((f) => f.file === `./${name}`);
      assert.ok(file, `${name} is in the report`);
      assert.equal(file.tool, tool, name);
      assert.deepEqual(
        file.offences.map((o) => o.code),
        expected.map(([code]) => code),
        name,
      );
      file.offences.forEach((o, i) => {
        const message = (expected[i] as readonly [string, string | RegExp])[1];
        if (typeof message === "string") assert.equal(o.message, message, name);
        else assert.match(o.message, message, name);
      });
      offences += expected.length;
    }
    assert.deepEqual(report.summary.files, expectedAlone.summary.files + names.length);
    assert.deepEqual(report.summary.offences, expectedAlone.summary.offences + offences);
    assert.equal(run.code, 1, "the exit code counts every offence");
    assert.ok(run.elapsedMs < timeoutSeconds * 1000 + MARGIN_MS, `${run.elapsedMs} ms`);
    assert.deepEqual(bytes(dir), before, "every file keeps its bytes");
  });
}

probe("1. a module that patches the built-ins gets its honest offences, built by us", {
  "forges-through-built-ins.tool.mjs": [
    "forger",
    [
      ["missing-key", `missing mandatory key "description"`],
      ["unknown-key", `unknown key "descriptoin" in the action schema`],
      ["wrong-type", `"notes" must be a string; got a function`],
      ["unknown-key", `unknown key "requird" in the action schema`],
    ],
  ],
});

probe("2. writing to /dev/stdout, /proc/self/fd/1 or through a child with inherited stdio never reaches our output", {
  "writes-dev-stdout.tool.mjs": [null, [["load-error", REFUSED]]],
  "writes-proc-fd.tool.mjs": ["proc_fd", []],
  "inherits-stdio.tool.mjs": [null, [["load-error", REFUSED]]],
});

test("2. ... nor into the annotations of --format github", () => {
  const dir = setUp(["writes-dev-stdout.tool.mjs", "writes-proc-fd.tool.mjs", "inherits-stdio.tool.mjs"]);
  const run = lint(dir, ["--format", "github"], 3);
  assert.equal(run.stderr, "");
  assert.doesNotMatch(run.stdout, /forged|\u001b/);
  assert.equal(run.stdout.split("\n").filter((l) => l.startsWith("::error file=")).length, 3, run.stdout);
});

probe(
  "3. a module that never ends (a FIFO nobody writes, a sleeping child, a detached grandchild) costs its own load-error and no wait beyond the timeout",
  {
    "reads-fifo.tool.mjs": [null, [["load-error", "did not finish loading within 3 s (--load-timeout)"]]],
    "sleeps-in-exec.tool.mjs": [null, [["load-error", REFUSED]]],
    "detached-grandchild.tool.mjs": [null, [["load-error", REFUSED]]],
  },
  { fifo: true },
);

const REFUSED_KILL = /^loading the module threw Error: process\.kill\(\d+\) would stop the linter; refused while linting$/;

probe("4. a module cannot kill the linter: a string pid, a pid object that answers differently on a later call, process._kill, the kill command, process.binding", {
  "kills-with-string-pid.tool.mjs": [null, [["load-error", REFUSED_KILL]]],
  "kills-with-changing-pid.tool.mjs": ["changing_pid", []],
  "kills-with-raw-kill.tool.mjs": [null, [["load-error", REFUSED_KILL]]],
  "kills-with-spawn.tool.mjs": [null, [["load-error", REFUSED]]],
  "misuses-binding.tool.mjs": [null, [["load-error", REFUSED]]],
});

probe("5. a module cannot change another file", {
  "changes-sibling.tool.mjs": [null, [["load-error", REFUSED]]],
});

probe(
  "6. memory outside the heap counts: Buffers beyond the cap are a load-error naming it",
  { "hoards-buffers.tool.mjs": [null, [["load-error", "ran out of memory while loading (limit 512 MB)"]]] },
  // Filling the Buffers takes its time on a busy machine; the cap, not the clock, must stop it.
  { timeoutSeconds: 120 },
);

probe("7. a refusal of the permission model names the linter's isolation, at import and in actions()", {
  "writes-file-at-import.tool.mjs": [null, [["load-error", REFUSED]]],
  "execs-in-actions.tool.mjs": ["versioned", [["load-error", /^actions\(\) was refused by the linter's isolation: Node's permission model denied "ChildProcess"/]]],
});

test("7. ... and its fix names the docs page and says to move the side effect out of import time", () => {
  const dir = setUp(["writes-file-at-import.tool.mjs", "execs-in-actions.tool.mjs"]);
  const report = JSON.parse(lint(dir, ["--format", "json"], 10).stdout) as JsonReport;
  const refusals = report.files.filter((f) => f.file.startsWith("./writes-file") || f.file.startsWith("./execs")).flatMap((f) => f.offences);
  assert.equal(refusals.length, 2);
  for (const offence of refusals) {
    assert.match(offence.fix, /^Move the side effect \(writing files, starting processes\) out of import time and out of actions\(\)/);
    assert.match(offence.fix, /docs\/isolation\.md/);
    assert.doesNotMatch(offence.fix, /run it with node/);
  }
});

probe(
  "8. a module that writes 600 MB with no newline into the linter's channel gets a load-error, not a linter dead of a string too long",
  {
    "floods-channel.tool.mjs": [null, [["load-error", "its process answered with a line longer than 64 MiB (did the module write to the linter's channel?)"]]],
  },
  // Writing 64 MB through a pipe takes its time on a busy machine; the cap, not the clock, must stop it.
  { timeoutSeconds: 120 },
);
