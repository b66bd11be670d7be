// The names of the files beside an editor's document (src/lsp/names-on-disk.ts): read without
// running anything, kept while each file is unchanged, and only the names: the files' texts are
// not kept alive by them, however long the session.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { NamesOnDisk } from "../../src/lsp/names-on-disk.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Tool modules and Elixir files of about a megabyte each, whose names are written as strings. */
function neighbours(dir: string, count: number): number {
  const filler = "x".repeat(1024 * 1024);
  for (let i = 0; i < count; i++) {
    writeFileSync(join(dir, `m${i}.tool.ts`), `export const name = "a-rather-long-tool-name-${i}";\n// ${filler}\nexport const actions = {};\n`);
    writeFileSync(
      join(dir, `e${i}.ex`),
      `defmodule Shop.Tools.Catalogue${i} do\n  use Wymcp.Tool\n  def name, do: "a-rather-long-elixir-name-${i}"\n  def description, do: "x"\n  def actions, do: %{}\nend\n# ${filler}\n`,
    );
  }
  return 2 * count * filler.length;
}

test("the names of the files beside a document are kept, and their texts are not", async () => {
  const warm = mkdtempSync(join(tmpdir(), "wymcp-lint-names-"));
  const dir = mkdtempSync(join(tmpdir(), "wymcp-lint-names-"));
  try {
    // Every module the reading loads, loaded before the measure.
    neighbours(warm, 1);
    const names = new NamesOnDisk();
    await names.of(warm, new Set(), () => false);
    const bytes = neighbours(dir, 20);
    gc();
    const before = process.memoryUsage().heapUsed;
    const found = await names.of(dir, new Set(), () => false);
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    assert.equal(found.size, 40);
    assert.deepEqual(found.get(join(dir, "m3.tool.ts")), ["a-rather-long-tool-name-3"]);
    assert.deepEqual(found.get(join(dir, "e7.ex")), ["a-rather-long-elixir-name-7"]);
    // About 40 MB of text read; what is kept is a small part of it.
    assert.ok(retained < bytes / 10, `${retained} bytes kept after reading ${bytes}`);
    // Kept while unchanged: the same names again, the texts not read again.
    assert.deepEqual(await names.of(dir, new Set(), () => false), found);
  } finally {
    rmSync(warm, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
});
