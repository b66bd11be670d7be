// Real servers: the tools/list answers of published MCP servers (corpus README:
// fixtures/real-mcp/README.md). First the chain alone, exact, on the corpus as action files:
// on actions-clean/ it reports nothing; on actions/ exactly one `newline` at :description for
// each action whose description has a line break, and nothing else. Then the whole CLI with
// every check on (no config: every client's limits, the advisory and model-text checks), on
// both forms: as action files (actions/, actions-clean/) and as tools/list files (the same
// servers written out as their tools/list, and the answers captured whole in tools/,
// descriptions as published). No error beyond actions/' newlines, and every warning one of
// reviewed.json, which says per warning why it is right (but thin-description on the written-out
// form's placeholders, held exactly as `newline` is): a warning not there is a false
// alarm or a finding to review, and one listed that no longer comes is stale. The corpus is a
// test fixture, so a clone needs nothing beside it.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { lintActionFile } from "../src/core/lint-tool.js";
import { isMap, mapGet, mapKeys } from "../src/core/map.js";
import { cli } from "./support/cli.js";
import { repoPath } from "./support/paths.js";

const CORPUS = repoPath("test/fixtures/real-mcp");
const FOLDERS = ["actions-clean", "actions"] as const;

function files(folder: string): string[] {
  const dir = join(CORPUS, folder);
  assert.ok(existsSync(dir), `the real-server corpus is missing: expected ${dir} (test/fixtures/real-mcp)`);
  const names = readdirSync(dir)
    .filter((f) => f.endsWith(".actions.json"))
    .sort();
  assert.ok(names.length > 0, `no *.actions.json in ${dir}`);
  return names;
}

/** What the chain reports, as comparable lines. */
function reported(file: string, folder: string): { lines: string[]; actions: number; newlines: number } {
  const value: unknown = JSON.parse(readFileSync(join(CORPUS, folder, file), "utf8"));
  assert.ok(isMap(value), `${file}: the top level is not a map`);
  const tool = file.slice(0, file.indexOf(".actions."));
  const expected = mapKeys(value)
    .filter((name) => name !== "$schema")
    .filter((name) => {
      const description = mapGet(value, name);
      const text = isMap(description) ? mapGet(description, "description") : undefined;
      return typeof text === "string" && text.includes("\n");
    })
    .map((name) => `${String(name)} newline :description`)
    .sort();
  const result = lintActionFile(value, tool);
  assert.equal(result.tool, tool);
  const lines = result.offences.map((o) => `${o.action} ${o.code} ${o.location}${o.code === "newline" ? "" : `: ${o.message}`}`).sort();
  if (folder === "actions-clean") assert.deepEqual(lines, [], `${file}: false positives on a clean file`);
  else assert.deepEqual(lines, expected, `${file}: expected exactly one newline per multi-line description, nothing else`);
  return { lines, actions: result.actions, newlines: expected.length };
}

test("both corpus folders hold the same servers", () => {
  assert.deepEqual(files("actions"), files("actions-clean"));
});

for (const folder of FOLDERS) {
  test(`real servers, ${folder}/: ${folder === "actions-clean" ? "no offence at all" : "one newline per multi-line description, nothing else"}`, async (t) => {
    let actions = 0;
    let newlines = 0;
    for (const file of files(folder)) {
      await t.test(file, () => {
        const r = reported(file, folder);
        actions += r.actions;
        newlines += r.newlines;
      });
    }
    // The corpus must have been read for real: hundreds of actions, many multi-line ones.
    assert.ok(actions > 1000, `only ${actions} actions linted`);
    if (folder === "actions") assert.ok(newlines > 0, "no multi-line description found: the expectation would be empty");
  });
}

const REVIEWED: Readonly<Record<string, Readonly<Record<string, string>>>> = JSON.parse(readFileSync(join(CORPUS, "reviewed.json"), "utf8"));
const TIMEOUT = { timeout: 600_000 };

// biome-ignore lint/suspicious/noExplicitAny: the JSON report is read through one loose type
type Json = any;

const scratch = mkdtempSync(join(tmpdir(), "wymcp-real-corpus-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** An action file's actions as the server listed them: a tools/list result of plain tools. */
function asToolsList(file: string): unknown {
  const value = JSON.parse(readFileSync(join(CORPUS, "actions", file), "utf8")) as Record<string, Record<string, unknown>>;
  const tools = Object.entries(value)
    .filter(([name]) => name !== "$schema")
    .map(([name, action]) => {
      const inputSchema: Record<string, unknown> = { type: "object", properties: action["properties"] };
      if (Object.hasOwn(action, "required")) inputSchema["required"] = action["required"];
      return { name, description: action["description"], inputSchema };
    });
  return { tools };
}

/** The CLI's JSON report on `dir`, each file's offences as `form/file` → lines, and its counts. */
async function lintFolder(dir: string, form: string): Promise<{ code: number; lines: Map<string, string[]>; errors: string[]; actions: number }> {
  const { code, stdout, stderr } = await cli(["--format", "json", "--no-config", "."], { cwd: dir });
  assert.ok(code === 0 || code === 1, `exit ${code}: ${stderr}`);
  const report: Json = JSON.parse(stdout);
  const lines = new Map<string, string[]>();
  const errors: string[] = [];
  for (const file of report.files) {
    const key = `${form}/${String(file.file).replace(/^\.\//, "")}`;
    for (const o of file.offences) {
      const line = `${o.action ?? "-"} ${o.code} ${o.location}: ${o.message}`;
      if (o.severity === "error") errors.push(`${key}: ${line}`);
      else lines.set(key, [...(lines.get(key) ?? []), line]);
    }
  }
  return { code, lines, errors, actions: report.summary.actions };
}

/** Every warning of `form` held to the reviewed list: the same lines, each with its reason. */
function heldToReview(form: string, lines: ReadonlyMap<string, string[]>): void {
  const reviewed = Object.keys(REVIEWED).filter((key) => key.startsWith(`${form}/`));
  for (const key of new Set([...lines.keys(), ...reviewed])) {
    const got = lines.get(key) ?? [];
    const pinned = REVIEWED[key] ?? {};
    assert.deepEqual([...got].sort(), Object.keys(pinned).sort(), `${key}: the warnings differ from reviewed.json`);
    for (const [line, why] of Object.entries(pinned)) assert.ok(why.trim().length > 20, `${key}: "${line}" is listed without a reason`);
  }
}

/**
 * The written-out form's descriptions are the action files' placeholders (README.md): each
 * one-line "Performs <name>." says nothing the name does not, and thin-description says so
 * there, as `newline` is held to the multi-line ones. Each tool whose placeholder is one line, as
 * `listed/file tool`.
 */
function placeholders(): string[] {
  return files("actions")
    .flatMap((file) => {
      const value = JSON.parse(readFileSync(join(CORPUS, "actions", file), "utf8")) as Record<string, { description?: unknown }>;
      const listed = `listed/${file.replace(/\.actions\.json$/, ".tools.json")}`;
      return Object.entries(value)
        .filter(([name, action]) => name !== "$schema" && action.description === `Performs ${name}.`)
        .map(([name]) => `${listed} ${name}`);
    })
    .sort();
}

/** The thin-description warnings of `lines`, taken out of it, as `listed/file tool`. */
function placeholdersFound(lines: Map<string, string[]>): string[] {
  const found: string[] = [];
  for (const [key, got] of lines) {
    const rest = got.filter((line) => {
      const m = /^(\S+) thin-description :description: /.exec(line);
      if (m !== null) found.push(`${key} ${m[1]}`);
      return m === null;
    });
    if (rest.length === 0) lines.delete(key);
    else lines.set(key, rest);
  }
  return found.sort();
}

test("each captured tools/list answer has its record in servers.json: the package, the version installed, the date, the count", () => {
  const servers = JSON.parse(readFileSync(join(CORPUS, "servers.json"), "utf8")) as { file: string; package: string; version?: string; captured?: string; tools?: number }[];
  const captured = readdirSync(join(CORPUS, "tools")).filter((f) => f.endsWith(".tools.json"));
  assert.deepEqual(
    captured.sort(),
    servers
      .filter((s) => s.version !== undefined)
      .map((s) => `${s.file}.tools.json`)
      .sort(),
    "a file without its record, or a record of a version without its file",
  );
  for (const server of servers.filter((s) => s.version !== undefined)) {
    const listed = JSON.parse(readFileSync(join(CORPUS, "tools", `${server.file}.tools.json`), "utf8")) as { tools: unknown[] };
    assert.equal(listed.tools.length, server.tools, `${server.file}: servers.json's count`);
    assert.match(server.version as string, /^\d+\.\d+\.\d+/, `${server.file}: the version installed`);
    assert.match(server.captured as string, /^\d{4}-\d\d-\d\d$/, `${server.file}: the date captured`);
  }
});

test("real servers as action files, through the CLI with every check on: no error, every warning reviewed", TIMEOUT, async () => {
  for (const form of ["actions-clean", "actions"]) {
    const { lines, errors, actions } = await lintFolder(join(CORPUS, form), form);
    // actions/ keeps each multi-line description's line break: that action's newline error is
    // what a Wymcp action's description must not have, and test/real-corpus.test.ts holds it exactly.
    const unexpected = form === "actions" ? errors.filter((e) => !/ newline :description: /.test(e)) : errors;
    assert.deepEqual(unexpected, [], `${form}: errors`);
    assert.ok(actions > 1000, `${form}: only ${actions} actions linted`);
    heldToReview(form, lines);
  }
});

test("real servers as tools/list files, through the CLI with every check on: no error, every warning reviewed", TIMEOUT, async () => {
  const written = join(scratch, "listed");
  mkdirSync(written);
  for (const file of files("actions")) {
    writeFileSync(join(written, file.replace(/\.actions\.json$/, ".tools.json")), JSON.stringify(asToolsList(file), null, 2));
  }
  const listed = await lintFolder(written, "listed");
  assert.deepEqual(listed.errors, [], "errors on the corpus written as tools/list files");
  assert.ok(listed.actions > 1000, `only ${listed.actions} tools linted`);
  const thin = placeholdersFound(listed.lines);
  assert.ok(thin.length > 100, `only ${thin.length} placeholders found thin`);
  assert.deepEqual(thin, placeholders(), "thin-description: exactly the one-line placeholders of the written-out form");
  heldToReview("listed", listed.lines);

  const captured = readdirSync(join(CORPUS, "tools")).filter((f) => f.endsWith(".tools.json"));
  assert.ok(captured.length >= 10, `only ${captured.length} captured tools/list answers`);
  const tools = await lintFolder(join(CORPUS, "tools"), "tools");
  assert.deepEqual(tools.errors, [], "errors on the captured tools/list answers");
  heldToReview("tools", tools.lines);
});
