// A real editor drives `wymcp-lint --lsp`: Neovim (0.7, from Debian's packages; .ci/run
// installs it) headless, with test/fixtures/lsp/neovim.lua: an action file and a tool module
// get their diagnostics, the action file's quick fix is applied and the file written, and its
// bytes are those --fix writes; a fix asked for before an edit is refused after it (versioned
// edits); a broken config open in the editor keeps its diagnostic; an Elixir module is linted
// again when the file its actions/0 reads is mended (a dependency, which Neovim 0.7 cannot watch
// for the server); a module spinning in its load is abandoned for its next text, though its load
// timeout is an hour (the time it took is said, not judged: bench/lsp.mjs times it); an ignore
// file written outside the editor is seen, the server watching the disk itself; and the client
// logs no warning (a registration it cannot take logged one each). Skipped, with the reason,
// where Neovim is absent.

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

const FIXTURES = repoPath("test/fixtures/lsp");
const nvim = spawnSync("nvim", ["--version"], { encoding: "utf8" });
const skip = nvim.error !== undefined || nvim.status !== 0 ? "Neovim (nvim) is not installed here" : false;

test("Neovim gets the diagnostics of each kind of file, applies a quick fix as --fix does, refuses one for an older text, keeps a broken config's diagnostic, follows an Elixir dependency, abandons a spinning load and sees an ignore file written outside it, with nothing logged", {
  skip,
  timeout: 240_000,
}, async (t) => {
  const dir = tempDir();
  // Neovim's own files (its LSP log) apart from the workspace, fresh.
  const cache = tempDir();
  try {
    mkdirSync(join(dir, ".git"));
    copyFileSync(join(FIXTURES, "search.actions.json5"), join(dir, "search.actions.json5"));
    writeFileSync(
      join(dir, "notes.tool.mjs"),
      'export const name = "notes";\nexport const description = "Notes";\nexport const actions = { write: { description: "Write", properties: {}, requird: [] } };\n',
    );
    writeFileSync(join(dir, "wymcp-lint.config.json"), '{ "rules": { "unknown-key": "sometimes" } }\n');
    mkdirSync(join(dir, "lib"));
    writeFileSync(
      join(dir, "lib", "shop.ex"),
      'defmodule Shop do\n  use Wymcp.Tool\n\n  def name, do: "shop"\n  def description, do: "Shop"\n  def actions, do: Shop.Actions.all()\nend\n',
    );
    writeFileSync(join(dir, "lib", "actions.ex"), 'defmodule Shop.Actions do\n  def all do\n    %{find: %{description: "Find", propertes: %{}}}\n  end\nend\n');
    writeFileSync(join(dir, "spins.tool.mjs"), "for (;;) {}\n");
    const out = join(dir, "record.json");
    const child = spawn("nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", `luafile ${join(FIXTURES, "neovim.lua")}`], {
      cwd: dir,
      env: { ...process.env, XDG_CACHE_HOME: cache, WYMCP_DIR: dir, WYMCP_OUT: out, WYMCP_NODE: process.execPath, WYMCP_BIN: repoPath("bin/wymcp-lint.js") },
      stdio: ["ignore", "ignore", "pipe"],
    });
    // Neovim's own time-outs (60 s a wait) end the script; this only turns a hang of Neovim itself into a failure.
    const timer = setTimeout(() => child.kill("SIGKILL"), 220_000);
    const [code] = await once(child, "exit");
    clearTimeout(timer);
    const record = JSON.parse(readFileSync(out, "utf8")) as {
      failure?: string;
      config: number;
      configAfter: number;
      actions: string[];
      module: string[];
      stale: string;
      fix?: string;
      elixir: string[];
      elixirAfter: string[];
      spins: string[];
      spinsMs: number;
      moduleIgnored: string[];
      logged: string[];
    };
    assert.equal(record.failure, undefined);
    assert.equal(code, 0);
    // The broken config (its folder lints with the defaults meanwhile): one diagnostic, kept while it is open.
    assert.equal(record.config, 1);
    assert.equal(record.configAfter, 1);
    assert.deepEqual(record.module, ["unknown-key"]);
    // With the check its wrong-type holds back, as information.
    assert.deepEqual(record.actions, ["duplicate", "missing-key", "unknown-key", "unknown-related", "wrong-type"]);
    // Asked for before a line was typed: refused, the text left as typed.
    assert.equal(record.stale, "refused");
    assert.equal(record.fix, 'Rename to "description"');
    const original = readFileSync(join(FIXTURES, "search.actions.json5"), "utf8");
    assert.equal(readFileSync(join(dir, "search.actions.json5"), "utf8"), original.replace("descripton", "description"));
    assert.deepEqual(record.elixir, ["missing-key", "unknown-key"]);
    assert.deepEqual(record.elixirAfter, []);
    assert.deepEqual(record.spins, ["unknown-key"]);
    t.diagnostic(`a spinning load abandoned: its next text's diagnostics ${record.spinsMs} ms after the change`);
    assert.deepEqual(record.moduleIgnored, []);
    assert.deepEqual(record.logged, []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
});
