// A real editor drives `wymcp-lint --lsp`: Neovim (0.7, from Debian's packages; .ci/run
// installs it) headless, with test/fixtures/lsp/neovim.lua: an action file and a tool module
// get their diagnostics, the action file's quick fix is applied and the file written, and
// its bytes are those --fix writes. Skipped, with the reason, where Neovim is absent.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/lsp");
const nvim = spawnSync("nvim", ["--version"], { encoding: "utf8" });
const skip = nvim.error !== undefined || nvim.status !== 0 ? "Neovim (nvim) is not installed here" : false;

test("Neovim gets the diagnostics of an action file and a tool module, and a quick fix it applies gives the bytes --fix gives", { skip }, async () => {
  const dir = tempDir();
  try {
    copyFileSync(join(FIXTURES, "search.actions.json5"), join(dir, "search.actions.json5"));
    writeFileSync(
      join(dir, "notes.tool.mjs"),
      'export const name = "notes";\nexport const description = "Notes";\nexport const actions = { write: { description: "Write", properties: {}, requird: [] } };\n',
    );
    const out = join(dir, "record.json");
    const child = spawn("nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", `luafile ${join(FIXTURES, "neovim.lua")}`], {
      cwd: dir,
      env: { ...process.env, WYMCP_DIR: dir, WYMCP_OUT: out, WYMCP_NODE: process.execPath, WYMCP_BIN: repoPath("bin/wymcp-lint.js") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    // Neovim's own time-outs (60 s a wait) end the script; this only turns a hang of Neovim itself into a failure.
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    const [code] = await once(child, "exit");
    clearTimeout(timer);
    const record = JSON.parse(readFileSync(out, "utf8")) as { failure?: string; actions: string[]; module: string[]; fix?: string };
    assert.equal(record.failure, undefined);
    assert.equal(code, 0);
    assert.deepEqual(record.module, ["unknown-key"]);
    // With the check its wrong-type holds back, as information.
    assert.deepEqual(record.actions, ["duplicate", "missing-key", "unknown-key", "unknown-related", "wrong-type"]);
    assert.equal(record.fix, 'Rename to "description"');
    const original = readFileSync(join(FIXTURES, "search.actions.json5"), "utf8");
    assert.equal(readFileSync(join(dir, "search.actions.json5"), "utf8"), original.replace("descripton", "description"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
