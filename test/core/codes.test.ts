// Every offence code is a record (src/core/codes.ts), a docs page (docs/codes/<code>.md) and
// two fixtures under test/fixtures/codes/<code>/: `trigger`, a tiny project that must report
// the code, and `near-miss`, the closest one that must not. Each is linted through the real
// CLI in-process (run(argv, io), `--format json`), with every check at its default: no config
// unless the fixture holds one (a config with token budgets, say), beside what the project
// holds (a lock file of pins, a baseline, inline directives). A fixture holding `server.json`
// ({"server": "wymcp-server.ts" | "plain-server.ts", "args": [...]}) is a running server
// instead: that test server of test/support/ is started with --server, its arguments "." and
// "./…" naming the fixture's own folder and files; one holding `args.json` is linted with those
// arguments in place of ".". What the runs report is held to the records: the trigger reports
// the code at its default severity, from every kind of input it holds (a trigger of several
// kinds witnesses that the code applies to each); every offence comes from a kind of input its
// code applies to; a code --fix repairs has its edits in the trigger, and a code it never
// repairs has none anywhere. A fixture with --elixir-eval in its args.json compiles its Mix
// project (its _build/ is ignored by git), and skips where Elixir is not installed.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { test } from "node:test";
import { CODE_TABLE, codeFacts, type InputKind, OFFENCE_CODES, type OffenceCode } from "../../src/core/codes.js";
import { kindOf } from "../../src/files/kind.js";
import { cli } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/codes");
const CASES = ["trigger", "near-miss"] as const;
// The test servers are TypeScript, run from the source through tsx as the tests are.
const SERVERS = new Set(["wymcp-server.ts", "plain-server.ts"]);
// Generous: a busy machine must not fail a test.
const SERVER_TIMEOUT = ["--server-timeout", "120"];
const LOAD_TIMEOUT = ["--load-timeout", "120"];

interface ReportedOffence {
  readonly code: OffenceCode;
  readonly severity: string;
  readonly edits: unknown[] | null;
}

interface Linted {
  readonly kind: InputKind;
  readonly file: string;
  readonly offence: ReportedOffence;
}

/** The kind of input a report's file is, by its name (a server's tools are the server's). */
function inputKind(file: string, server: boolean): InputKind {
  const kind = server ? "server" : kindOf(file);
  assert.ok(kind !== null, `no kind of input is named like ${file}`);
  return kind;
}

/** The command line a fixture is linted with, after `--format json`. */
function argvOf(dir: string): { argv: string[]; server: boolean } {
  const config = ["wymcp-lint.config.json", "wymcp-lint.config.json5"].some((name) => existsSync(join(dir, name))) ? [] : ["--no-config"];
  const serverFile = join(dir, "server.json");
  if (existsSync(serverFile)) {
    const { server, args } = JSON.parse(readFileSync(serverFile, "utf8")) as { server: string; args: string[] };
    assert.ok(SERVERS.has(server), `${serverFile}: no test server ${server}`);
    const local = args.map((arg) => (arg === "." || arg.startsWith("./") ? resolve(dir, arg) : arg));
    return { argv: [...config, ...SERVER_TIMEOUT, "--server", "--", process.execPath, "--import", "tsx", repoPath(`test/support/${server}`), ...local], server: true };
  }
  const argsFile = join(dir, "args.json");
  const paths = existsSync(argsFile) ? (JSON.parse(readFileSync(argsFile, "utf8")) as string[]) : ["."];
  return { argv: [...config, ...LOAD_TIMEOUT, ...paths], server: false };
}

/** What a fixture's run reports: every offence, with the kind of input it came from, and the kinds of input linted. */
async function lint(dir: string): Promise<{ offences: Linted[]; kinds: Set<InputKind> }> {
  const { argv, server } = argvOf(dir);
  const { code, stdout, stderr } = await cli(["--format", "json", ...argv], { cwd: dir });
  assert.ok(code === 0 || code === 1, `exit ${code}: ${stderr}`);
  const report = JSON.parse(stdout) as { files: { file: string; offences: ReportedOffence[] }[] };
  return {
    offences: report.files.flatMap(({ file, offences }) => offences.map((offence) => ({ kind: inputKind(file, server), file, offence }))),
    kinds: new Set(report.files.map(({ file }) => inputKind(file, server))),
  };
}

test("every code has its record, its docs page and its two fixtures, and every page and fixture folder is a code's", () => {
  const codes = [...OFFENCE_CODES].sort();
  assert.deepEqual(readdirSync(repoPath("docs/codes")).sort(), codes.map((code) => `${code}.md`).sort());
  assert.deepEqual(readdirSync(FIXTURES).sort(), codes);
  for (const code of codes) assert.deepEqual(readdirSync(join(FIXTURES, code)).sort(), [...CASES].sort(), code);
});

test("the records are whole: a gate only on the defaults check and the advisory checks, every advisory check gated on its keys", () => {
  const gated = OFFENCE_CODES.filter((code) => codeFacts(code).gate !== undefined);
  assert.deepEqual(gated, ["undeclared-default", ...OFFENCE_CODES.filter((code) => CODE_TABLE[code].origin === "advisory")]);
  for (const code of gated) assert.equal(codeFacts(code).gate?.by, code === "undeclared-default" ? "action" : "keys", code);
  for (const code of OFFENCE_CODES) {
    const facts = codeFacts(code);
    assert.doesNotMatch(facts.title, /\bTODO\b/, `${code}: the record keeps a TODO of the scaffold (npm run new-code)`);
    assert.ok(new Set(facts.appliesTo).size === facts.appliesTo.length, `${code}: an input named twice`);
    if (facts.fixable !== "never") assert.ok(new Set(facts.fixable).size === facts.fixable.length, `${code}: a repair named twice`);
  }
});

/** Every offence of every fixture, for the checks across codes. */
const everything: Linted[] = [];

// A fixture linted with --elixir-eval runs Elixir: it skips, with the reason, where Elixir is not installed.
const noElixir = spawnSync("mix", ["--version"], { encoding: "utf8" }).status === 0 ? false : "Elixir is not installed (Debian: apt-get install elixir)";
const needsElixir = (code: string): boolean => CASES.some((name) => (argvOf(join(FIXTURES, code, name)).argv as string[]).includes("--elixir-eval"));

for (const code of OFFENCE_CODES) {
  const facts = codeFacts(code);
  test(`${code}: the trigger reports it, the near miss does not`, { skip: needsElixir(code) && noElixir }, async () => {
    const trigger = await lint(join(FIXTURES, code, "trigger"));
    const nearMiss = await lint(join(FIXTURES, code, "near-miss"));
    const found = trigger.offences.filter((l) => l.offence.code === code);
    assert.ok(found.length > 0, `the trigger reports ${JSON.stringify(trigger.offences.map((l) => l.offence.code))}`);
    // A trigger may hold inputs of several kinds: each kind of input it holds reports the code.
    assert.deepEqual(new Set(found.map((l) => l.kind)), trigger.kinds, "a kind of input in the trigger that does not report it");
    for (const { offence } of found) assert.equal(offence.severity, facts.severity, "no config: the record's default severity");
    assert.deepEqual(
      nearMiss.offences.filter((l) => l.offence.code === code),
      [],
      "the near miss reports it",
    );
    const edited = found.some(({ offence }) => offence.edits !== null && offence.edits.length > 0);
    if (facts.fixable !== "never") assert.ok(edited, "a code --fix repairs has its edits in the trigger");
    everything.push(...trigger.offences, ...nearMiss.offences);
  });
}

test("every offence of the fixtures comes from a kind of input its code applies to, and has edits only when its code is fixable", () => {
  assert.ok(everything.length > OFFENCE_CODES.length, "the fixtures ran first");
  const wrong = everything.filter(({ kind, offence }) => !(codeFacts(offence.code).appliesTo as readonly InputKind[]).includes(kind));
  assert.deepEqual(
    wrong.map(({ file, kind, offence }) => `${offence.code} from ${file} (${kind})`),
    [],
  );
  const edited = everything.filter(({ offence }) => codeFacts(offence.code).fixable === "never" && offence.edits !== null);
  assert.deepEqual(
    edited.map(({ file, offence }) => `${offence.code} in ${file}`),
    [],
  );
});
