// The engine through the library (docs/library.md, "The engine"): one object across runs that
// lints paths and in-memory texts, fixes a text, keeps open documents and each file's last
// result, and leaves no module process behind when disposed. Its results are the CLI's:
// the same files give the same report either way.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { createEngine } from "../../src/index.js";
import { duplicateToolOffences } from "../../src/lint/duplicate-tools.js";
import { cli, FIXTURES, tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const MODULE = 'export default { name: "notes", description: "Notes", actions: () => ({ add: { description: "Add a note", properties: { text: { type: "string" } } } }) };\n';
const BROKEN_ACTIONS = '{ "search": { "description": "Find", "propertes": { "q": { "type": "string" } } } }\n';

/** The pids of module processes (those running the built child/main.js) whose parent is this test's process. */
function moduleProcesses(): string[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" });
  return table
    .split("\n")
    .filter((line) => line.includes("child/main.js"))
    .filter((line) => line.trim().split(/\s+/)[1] === String(process.pid))
    .map((line) => line.trim().split(/\s+/)[0] as string);
}

/** The module processes still there once the killed ones have had up to 10 s to end (a kill is not instant on a busy machine). */
async function moduleProcessesLeft(): Promise<string[]> {
  for (let waited = 0; waited < 10_000 && moduleProcesses().length > 0; waited += 50) await new Promise((r) => setTimeout(r, 50));
  return moduleProcesses();
}

test("lintPaths gives the CLI's result: the same files, offences and totals as wymcp-lint --format json", async () => {
  const engine = await createEngine({ cwd: FIXTURES });
  try {
    const result = await engine.lintPaths(["offences", "clean"]);
    const { stdout } = await cli(["offences", "clean", "--format", "json"]);
    const report = JSON.parse(stdout) as { files: { file: string; offences: { code: string; line: number }[] }[]; summary: unknown };
    assert.deepEqual(
      result.files.map((f) => [f.file, f.offences.map((o) => [o.code, o.line])]),
      report.files.map((f) => [f.file, f.offences.map((o) => [o.code, o.line])]),
    );
    assert.deepEqual({ ...result.summary }, report.summary);
    assert.equal(engine.resultOf("offences/shop.actions.json")?.offences.length, result.files.find((f) => f.file === "offences/shop.actions.json")?.offences.length);
  } finally {
    engine.dispose();
  }
});

test("lintText lints an action file's text as the named file, which need not exist, with each offence's edits", async () => {
  const engine = await createEngine({ cwd: tempDir() });
  try {
    const result = await engine.lintText(BROKEN_ACTIONS, "search.actions.json");
    const [file] = result.files;
    assert.equal(file?.file, "search.actions.json");
    assert.equal(file?.tool, "search");
    const typo = file?.offences.find((o) => o.code === "unknown-key");
    assert.equal(typo?.line, 1);
    assert.ok((typo?.edits?.length ?? 0) > 0, "the rename's edits come with the offence");
    assert.equal(result.summary.files, 1);
  } finally {
    engine.dispose();
  }
});

test("fixText fixes a text in memory as --fix would, and writes nothing", async () => {
  const dir = tempDir();
  const engine = await createEngine({ cwd: dir });
  try {
    const fixed = await engine.fixText(BROKEN_ACTIONS, "search.actions.json");
    assert.equal(fixed.text, BROKEN_ACTIONS.replace("propertes", "properties"));
    assert.deepEqual(fixed.result.files[0]?.offences, []);
    assert.match(fixed.result.files[0]?.diff ?? "", /^\+.*"properties"/m);
    assert.deepEqual(fixed.notes, []);
    assert.throws(() => readFileSync(join(dir, "search.actions.json")), { code: "ENOENT" });
  } finally {
    engine.dispose();
  }
});

test("a tool module's text is loaded in a module process as if it were the file, and dispose() leaves no module process behind", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  const engine = await createEngine({ cwd: dir });
  try {
    const clean = await engine.lintText(MODULE, "notes.tool.js");
    assert.deepEqual(clean.files[0]?.offences, []);
    assert.equal(clean.files[0]?.tool, "notes");
    const broken = await engine.lintText(MODULE.replace("properties", "propertes"), "notes.tool.js");
    assert.deepEqual(broken.files[0]?.offences.map((o) => o.code).sort(), ["missing-key", "unknown-key"]);
  } finally {
    engine.dispose();
  }
  assert.deepEqual(await moduleProcessesLeft(), []);
  await assert.rejects(engine.lintPaths(["."]), /disposed/);
});

test("update() with a text makes the file an open document that lintPaths lints in place of the disk; forget() returns to the disk", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, "tools"));
  writeFileSync(join(dir, "tools", "search.actions.json"), BROKEN_ACTIONS);
  const engine = await createEngine({ cwd: dir });
  try {
    const first = await engine.lintPaths(["tools"]);
    assert.equal(first.summary.errors > 0, true);
    engine.update("tools/search.actions.json", BROKEN_ACTIONS.replace("propertes", "properties"));
    assert.equal(engine.resultOf("tools/search.actions.json"), undefined, "an update drops the file's last result");
    const open = await engine.lintPaths(["tools"]);
    assert.deepEqual(
      open.files.map((f) => [f.file, f.offences.length]),
      [["tools/search.actions.json", 0]],
    );
    assert.equal(open.summary.errors, 0);
    engine.forget("tools/search.actions.json");
    const again = await engine.lintPaths(["tools"]);
    assert.deepEqual(again.summary, first.summary);
  } finally {
    engine.dispose();
  }
});

test("an Elixir file of several tool modules keeps a result per tool, from disk and as an open document", async () => {
  const dir = tempDir();
  const text = readFileSync(repoPath("test/fixtures/elixir/several/widgets_test.exs"), "utf8");
  writeFileSync(join(dir, "widgets_test.exs"), text);
  const engine = await createEngine({ cwd: dir });
  try {
    const disk = await engine.lintPaths(["."]);
    assert.deepEqual(
      engine.resultsOf("widgets_test.exs").map((f) => f.tool),
      ["widgets", "gadgets", "widgets"],
    );
    assert.equal(engine.resultOf("widgets_test.exs")?.tool, "widgets");
    engine.update("widgets_test.exs", text.replaceAll("propertes:", "properties:"));
    const open = await engine.lintPaths(["."]);
    assert.deepEqual(
      open.files.map((f) => [f.tool, f.offences.length]),
      [
        ["widgets", 1],
        ["gadgets", 1],
        ["widgets", 1],
      ],
    );
    assert.deepEqual(open.summary, { ...disk.summary, offences: 3, errors: 2 });
    assert.equal(engine.resultsOf("widgets_test.exs").length, 3);
  } finally {
    engine.dispose();
  }
});

test("the engine reads the config once, when created: its rules set the severities of every lint", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "wymcp-lint.config.json"), '{ "rules": { "unknown-key": "warn" } }\n');
  const engine = await createEngine({ cwd: dir });
  try {
    assert.notEqual(engine.config, null);
    const result = await engine.lintText(BROKEN_ACTIONS, "search.actions.json");
    assert.equal(result.files[0]?.offences.find((o) => o.code === "unknown-key")?.severity, "warn");
  } finally {
    engine.dispose();
  }
  writeFileSync(join(dir, "wymcp-lint.config.json"), "{ not json");
  await assert.rejects(createEngine({ cwd: dir }), { name: "UsageError" });
});

test("lintText takes the offences across files its caller found (duplicate-tool), before the text's directives apply", async () => {
  const dir = tempDir();
  const engine = await createEngine({ cwd: dir });
  try {
    const files = [
      { directory: dir, file: "books.actions.json", tool: "books" },
      { directory: dir, file: "books.actions.json5", tool: "books" },
    ];
    const across = duplicateToolOffences(files).filter((o) => o !== null);
    assert.equal(across.length, 1);
    const text = '{ find: { description: "Find", properties: {} } }\n';
    const alone = await engine.lintText(text, "books.actions.json5");
    assert.deepEqual(alone.files[0]?.offences, []);
    const duplicate = await engine.lintText(text, "books.actions.json5", { across });
    assert.deepEqual(
      duplicate.files[0]?.offences.map((o) => [o.code, o.severity]),
      [["duplicate-tool", "error"]],
    );
    const disabled = await engine.lintText(`// wymcp-lint-disable-file duplicate-tool\n${text}`, "books.actions.json5", { across });
    assert.deepEqual(disabled.files[0]?.offences, []);
  } finally {
    engine.dispose();
  }
});

test("a run of a tool module's text tells what its result depends on: the files it imports", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(dir, "shared.js"), 'export const description = "Notes";\n');
  const engine = await createEngine({ cwd: dir, dependencies: true });
  try {
    const text = `import { description } from "./shared.js";\n${MODULE.replace('"Notes"', "description")}`;
    const { result, dependencies } = await engine.run({ text, file: "notes.tool.js" });
    assert.deepEqual(result.files[0]?.offences, []);
    assert.deepEqual([...dependencies], [[join(dir, "notes.tool.js"), [join(dir, "shared.js")]]]);
  } finally {
    engine.dispose();
  }
});

test("ignores() says what a search of cwd skips: .gitignore, the config's ignore, node_modules and dot-folders, read afresh", async () => {
  const dir = tempDir();
  mkdirSync(join(dir, ".git"));
  writeFileSync(join(dir, ".gitignore"), "generated/\n");
  writeFileSync(join(dir, "wymcp-lint.config.json"), '{ "ignore": ["drafts/**"] }\n');
  const engine = await createEngine({ cwd: dir });
  try {
    assert.equal(engine.ignores("generated/a.actions.json"), true);
    assert.equal(engine.ignores("drafts/b.actions.json"), true);
    assert.equal(engine.ignores("node_modules/pkg/c.actions.json"), true);
    assert.equal(engine.ignores(".hidden/d.actions.json"), true);
    assert.equal(engine.ignores("tools/e.actions.json"), false);
    assert.equal(engine.ignores("generatedx.actions.json"), false);
    writeFileSync(join(dir, ".gitignore"), "tools/\n");
    assert.equal(engine.ignores("tools/e.actions.json"), true, "a changed .gitignore counts at once");
    assert.equal(engine.ignores("generated/a.actions.json"), false);
    assert.equal(engine.baselineFile, join(dir, "wymcp-lint-baseline.json"));
  } finally {
    engine.dispose();
  }
});
