// The VS Code extension in a real VS Code (editors/vscode/README.md): code-server, with the
// .vsix built and installed, a folder holding one file of every kind the language server lints
// (test/fixtures/editors/workspace/), driven through Chromium as a user would. What the user
// sees is held to the CLI: each file's Problems rows and squiggles are its JSON report's
// offences (message, code, severity, line and column), and only those; a hover explains; a
// quick fix, and fix-all on save right after an edit, leave the bytes --fix writes. The linter
// is found in each way the README names (the setting, PATH, the workspace's node_modules, the
// bundled one), and its absence is said plainly. Skipped, with the reason, where code-server,
// Chromium or the extension's build tools are missing (.ci/run installs them).

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { arch, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { after, before, test } from "node:test";
import { type Editor, missingTools, type Problem, startEditor } from "../support/code-server.js";
import { ROOT, repoPath } from "../support/paths.js";

const EXTENSION = repoPath("editors/vscode");
const WORKSPACE = repoPath("test/fixtures/editors/workspace");
const BIN = repoPath("bin/wymcp-lint.js");
const FILES = ["books.actions.json", "search.actions.json5", "shop.tools.json", "notes.tool.ts", "lib/widgets.ex"];

const skip =
  (await missingTools()) ??
  (existsSync(join(EXTENSION, "node_modules/@vscode/vsce/vsce")) ? null : "the extension's build tools are not installed (npm ci in editors/vscode)") ??
  (process.platform === "linux" && arch() === "x64" ? null : "the bundled .vsix is built here for linux-x64 only");

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-vscode-"));
  dirs.push(dir);
  return dir;
}

/** A copy of the fixture workspace, with these workspace settings. */
function workspace(settings: Record<string, unknown>): string {
  const dir = tempDir();
  cpSync(WORKSPACE, dir, { recursive: true });
  mkdirSync(join(dir, ".vscode"));
  writeFileSync(join(dir, ".vscode", "settings.json"), JSON.stringify(settings));
  return dir;
}

/** PATH without any wymcp-lint on it, and with one: a directory holding a `wymcp-lint` command that runs this repository's. */
const bare = (process.env["PATH"] ?? "")
  .split(delimiter)
  .filter((dir) => dir !== "" && !existsSync(join(dir, "wymcp-lint")))
  .join(delimiter);
function pathWithLinter(): string {
  const dir = tempDir();
  writeFileSync(join(dir, "wymcp-lint"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(dir, "wymcp-lint"), 0o755);
  return `${dir}${delimiter}${bare}`;
}

interface Reported {
  readonly file: string;
  readonly offences: readonly { action: string | null; location: string; code: string; severity: string; message: string; line: number; column: number }[];
  readonly heldBack?: readonly { action: string; check: string; by: readonly string[]; message: string }[];
}

/**
 * What the Problems panel shows for each file of the workspace at `dir` (relative, "/"-separated),
 * from the CLI's report: its offences, and each check held back as information, on the first
 * offence that holds it back (docs/editors.md, "Diagnostics").
 */
function cliReport(dir: string, paths: readonly string[] = ["."]): Map<string, Problem[]> {
  let stdout: string;
  try {
    stdout = execFileSync(process.execPath, [BIN, "--format", "json", ...paths], { cwd: dir, encoding: "utf8" });
  } catch (error) {
    stdout = (error as { stdout: string }).stdout;
  }
  const { files } = JSON.parse(stdout) as { files: Reported[] };
  const byFile = new Map<string, Problem[]>();
  for (const file of files) {
    const problems = file.offences.map(asProblem);
    for (const held of file.heldBack ?? []) {
      const holder = file.offences.find((o) => o.action === held.action && held.by.includes(o.code));
      problems.push({ severity: "Info", message: `${held.action}: ${held.message}`, source: "wymcp-lint", code: held.check, line: holder?.line ?? 1, column: holder?.column ?? 1 });
    }
    const name = file.file.replace(/^\.\//, "");
    byFile.set(name, [...(byFile.get(name) ?? []), ...problems]);
  }
  return byFile;
}

/** An offence as the Problems panel shows it (docs/editors.md, "Diagnostics"). */
function asProblem(offence: Reported["offences"][number]): Problem {
  return {
    severity: offence.severity === "error" ? "Error" : "Warning",
    message: offence.action === null ? offence.message : `${offence.action}${offence.location === "" ? "" : ` at ${offence.location}`}: ${offence.message}`,
    source: "wymcp-lint",
    code: offence.code,
    line: offence.line,
    column: offence.column,
  };
}

const byPlace = (a: Problem, b: Problem): number => a.line - b.line || a.column - b.column || a.code.localeCompare(b.code) || a.message.localeCompare(b.message);

/** The bytes --fix writes for `text` as the file `name`. */
function fixedByCli(name: string, text: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, name, ".."), { recursive: true });
  writeFileSync(join(dir, name), text);
  try {
    execFileSync(process.execPath, [BIN, "--fix", name], { cwd: dir, stdio: "pipe" });
  } catch {
    // Exit 1: offences are left that --fix cannot fix.
  }
  return readFileSync(join(dir, name), "utf8");
}

let clientVsix = "";
let bundledVsix = "";
before(
  () => {
    if (skip !== null) return;
    const dir = tempDir();
    clientVsix = join(dir, "wymcp-lint.vsix");
    execFileSync(process.execPath, ["scripts/package.mjs", "--out", clientVsix], { cwd: EXTENSION, stdio: "pipe" });
    bundledVsix = join(dir, "wymcp-lint-linux-x64.vsix");
    execFileSync(process.execPath, ["scripts/package.mjs", "--bundle-linter", "--target", "linux-x64", "--out", bundledVsix], { cwd: EXTENSION, stdio: "pipe" });
  },
  { timeout: 600_000 },
);

async function withEditor(options: Parameters<typeof startEditor>[0], body: (editor: Editor) => Promise<void>): Promise<void> {
  const editor = await startEditor(options);
  try {
    await body(editor);
  } catch (error) {
    // What the page showed, for whoever reads the failure.
    const shot = join(tmpdir(), `wymcp-lint-code-server-failure-${process.pid}-${Date.now()}.png`);
    await editor.page.screenshot({ path: shot }).catch(() => undefined);
    throw Object.assign(error as Error, { message: `${(error as Error).message}\n(the page as it was: ${shot})` });
  } finally {
    await editor.close();
  }
}

test("each kind of file shows in the Problems panel and as squiggles exactly what the CLI reports; a hover explains; a quick fix and fix-all on save right after an edit write what --fix writes", {
  skip: skip ?? false,
  timeout: 600_000,
}, async () => {
  const folder = workspace({ "wymcp-lint.path": BIN, "editor.codeActionsOnSave": { "source.fixAll.wymcp-lint": "explicit" } });
  const report = cliReport(folder);
  await withEditor({ vsix: clientVsix, folder, path: bare }, async (editor) => {
    for (const file of FILES) {
      const expected = [...(report.get(file) ?? [])].sort(byPlace);
      assert.ok(expected.length > 0, `${file} has offences`);
      await editor.open(file.split("/").pop() as string);
      // Every row is the linter's: the JSON schema the extension contributes reports nothing of its own.
      const shown = (await editor.problems(expected.length)).sort(byPlace);
      assert.deepEqual(shown, expected, file);
      const squiggled = new Set((await editor.squiggles()).map((s) => `${s.line} ${s.kind}`));
      for (const problem of expected) {
        const kind = problem.severity === "Error" ? "error" : problem.severity === "Warning" ? "warning" : "info";
        assert.ok(squiggled.has(`${problem.line} ${kind}`), `${file}: a squiggle (${kind}) on line ${problem.line}`);
      }
      await editor.closeAll();
    }

    // A hover on the misspelt key explains its code.
    await editor.open("books.actions.json");
    await editor.problems(2);
    await editor.goTo(1, 15);
    // The code's explanation, as --explain gives it, below the problem's own line.
    const hover = await editor.hover(/unknown-key: /);
    const explained = execFileSync(process.execPath, [BIN, "--explain", "unknown-key"], { encoding: "utf8" });
    assert.ok(hover.includes((explained.split("\n")[0] as string).replace(/^unknown-key[^A-Za-z]*/, "")), hover);
    assert.match(hover, /What it means/);

    // The quick fix, saved: the bytes --fix writes (the file's one mechanical fix).
    const books = readFileSync(join(folder, "books.actions.json"), "utf8");
    const titles = await editor.quickFix('Rename to "description"');
    assert.ok(titles.includes("Disable unknown-key for this file") === false, "JSON holds no comments");
    await editor.save();
    assert.equal(readFileSync(join(folder, "books.actions.json"), "utf8"), fixedByCli("books.actions.json", books));
    await editor.closeAll();

    // An edit, then a save at once: fix-all on save fixes the text just typed, as --fix would.
    await editor.open("search.actions.json5");
    await editor.problems(4);
    await editor.goTo(1, 1);
    await editor.page.keyboard.type("// Edited.\n");
    await editor.page.waitForSelector(".tab.active.dirty");
    const edited = `// Edited.\n${readFileSync(join(folder, "search.actions.json5"), "utf8")}`;
    await editor.save();
    assert.equal(readFileSync(join(folder, "search.actions.json5"), "utf8"), fixedByCli("search.actions.json5", edited));

    assert.match(await editor.output(), /running .*bin\/wymcp-lint\.js \(found through the wymcp-lint\.path setting\)/);
  });
});

test("the linter is found on PATH, then in the workspace's node_modules once there is one; under run onSave, the Problems panel changes on save only", {
  skip: skip ?? false,
  timeout: 600_000,
}, async () => {
  const folder = workspace({});
  const expected = [...(cliReport(folder).get("books.actions.json") ?? [])].sort(byPlace);
  const search = [...(cliReport(folder).get("search.actions.json5") ?? [])].sort(byPlace);
  await withEditor({ vsix: clientVsix, folder, path: pathWithLinter() }, async (editor) => {
    await editor.open("books.actions.json");
    assert.deepEqual((await editor.problems(expected.length)).sort(byPlace), expected);
    assert.match(await editor.output(), /running \S+\/wymcp-lint \(found through PATH\)/);
    mkdirSync(join(folder, "node_modules"));
    symlinkSync(ROOT, join(folder, "node_modules", "wymcp-lint"));
    await editor.command("wymcp-lint: Restart the language server");
    await editor.waitForOutput(/found through the workspace's node_modules/);
    await editor.closeAll();
    await editor.open("books.actions.json");
    assert.deepEqual((await editor.problems(expected.length)).sort(byPlace), expected);
    await editor.closeAll();

    // Linted on save only: the setting changed, the extension starts the server again.
    writeFileSync(join(folder, ".vscode", "settings.json"), JSON.stringify({ "wymcp-lint.run": "onSave" }));
    await editor.output();
    await editor.waitForOutput(/(found through the workspace's node_modules[\s\S]*){2}/);
    await editor.open("search.actions.json5");
    assert.deepEqual((await editor.problems(search.length)).sort(byPlace), search);
    // The line whose entry is not an action deleted: unsaved, the panel keeps what the last save
    // showed (a wait that only lets a pull made on the change come; a slow machine passes it
    // without proving anything, never fails it).
    await editor.goTo(7, 1);
    await editor.page.keyboard.press("Control+Shift+K");
    await editor.page.waitForSelector(".tab.active.dirty");
    await editor.page.waitForTimeout(2_000);
    assert.deepEqual((await editor.problems(search.length)).sort(byPlace), search);
    // Saved: the panel shows what the CLI reports of the saved file.
    await editor.save();
    const saved = [...(cliReport(folder, ["search.actions.json5"]).get("search.actions.json5") ?? [])].sort(byPlace);
    // Its wrong-type gone, and the check that wrong-type held back.
    assert.equal(saved.length, search.length - 2);
    assert.deepEqual((await editor.problems(saved.length)).sort(byPlace), saved);
  });
});

test("the linter bundled in a .vsix built for this platform runs; with no linter anywhere, a message says so", { skip: skip ?? false, timeout: 600_000 }, async () => {
  const folder = workspace({});
  const expected = [...(cliReport(folder).get("notes.tool.ts") ?? [])].sort(byPlace);
  await withEditor({ vsix: bundledVsix, folder, path: bare }, async (editor) => {
    await editor.open("notes.tool.ts");
    const shown = (await editor.problems(expected.length)).filter((problem) => problem.source === "wymcp-lint").sort(byPlace);
    assert.deepEqual(shown, expected);
    assert.match(await editor.output(), /running \S+\/server\/node_modules\/wymcp-lint\/bin\/wymcp-lint\.js \(found through the linter bundled with this extension\)/);
  });
  await withEditor({ vsix: clientVsix, folder, path: bare }, async (editor) => {
    await editor.open("books.actions.json");
    await editor.page.waitForSelector(".notification-list-item-message:has-text('no wymcp-lint was found')");
    const [message] = (await editor.notifications()).filter((text) => text.includes("wymcp-lint"));
    assert.match(message ?? "", /no wymcp-lint was found: .*npm install --save-dev wymcp-lint.*PATH.*wymcp-lint\.path/);
  });
});
