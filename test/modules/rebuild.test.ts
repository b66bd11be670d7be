// The rebuild is faithful: a module's declaration, obtained in a module process
// as data and rebuilt here, gets exactly the offences lintTool finds on the real objects,
// in-process. Differential over every module fixture that can safely run in the test's own
// process (chain fixtures wrapped into tools, the adversarial and loader fixtures), so the
// data path is held to the real-object path on cycles, getters, Proxies, symbols, Maps,
// null and foreign prototypes, class instances and thrown values.

import assert from "node:assert/strict";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { plainDeclaration } from "../../src/core/declaration.js";
import { lintTool } from "../../src/core/lint-tool.js";
import type { ToolLint } from "../../src/core/tool-lint.js";
import { describeThrown } from "../../src/core/escape.js";
import { lintToolModules, loadErrorLint } from "../../src/modules/index.js";
import { tempDir } from "../support/cli.js";
import { repoPath } from "../support/paths.js";

type Namespace = Record<string, unknown>;

/** What the linter found for a module before module processes: lintTool on its real exports. */
function toolOf(namespace: Namespace): unknown {
  const candidate = namespace["default"];
  if (typeof candidate === "object" && candidate !== null) return candidate;
  const named: Record<string, unknown> = {};
  for (const key of ["name", "description", "actions"]) if (key in namespace) named[key] = namespace[key];
  return named;
}

function inProcess(namespace: Namespace): unknown {
  const tool = toolOf(namespace);
  try {
    return lintTool(tool, { advisory: true });
  } catch (error) {
    return loadErrorLint(`reading the tool threw ${describeThrown(error)}`);
  }
}

function chainModules(dir: string): string[] {
  const chain = repoPath("test/fixtures/chain");
  const inputs: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name === "input.mjs") inputs.push(join(d, e.name));
    }
  };
  walk(chain);
  return inputs.map((input, i) => {
    const file = join(dir, `chain${i}.tool.mjs`);
    writeFileSync(
      file,
      `import actions from ${JSON.stringify(pathToFileURL(input).href)};\nexport default { name: "chain", description: "A chain fixture", actions: () => actions };\n`,
    );
    return file;
  });
}

const SAFE_FIXTURES = [
  "test/fixtures/adversarial/modules/cycles.tool.mjs",
  "test/fixtures/adversarial/modules/frozen.tool.mjs",
  "test/fixtures/adversarial/modules/null-prototype.tool.mjs",
  "test/fixtures/adversarial/modules/prototype-literal.tool.mjs",
  "test/fixtures/adversarial/modules/prototype-names.tool.mjs",
  ...readdirSync(repoPath("test/fixtures/adversarial/modules/getters")).map((n) => `test/fixtures/adversarial/modules/getters/${n}`),
  ...readdirSync(repoPath("test/fixtures/adversarial/modules/proxies")).map((n) => `test/fixtures/adversarial/modules/proxies/${n}`),
  "test/fixtures/modules/valid/default-export.tool.mjs",
  "test/fixtures/modules/valid/named-exports.tool.mjs",
  "test/fixtures/modules/valid/proxy.tool.mjs",
  "test/fixtures/modules/broken/actions-throws.tool.mjs",
  "test/fixtures/modules/broken/actions-returns-promise.tool.mjs",
  "test/fixtures/modules/broken/getter-throws.tool.mjs",
  // Not broken/hostile-proxy.tool.mjs: importing it here, under the tests' TypeScript loader,
  // springs its traps (test/modules/lint-modules.test.ts checks its result).
  ...readdirSync(repoPath("test/fixtures/rebuild")).map((n) => `test/fixtures/rebuild/${n}`),
].map(repoPath);

test("every module fixture that can run here gets the same lint from its rebuild as from its real objects", async () => {
  const files = [...chainModules(tempDir()), ...SAFE_FIXTURES];
  for (const file of files) assert.ok(existsSync(file), file);
  const rebuilt = await lintToolModules(files, { timeoutMs: 60_000 });
  let declared = 0;
  for (const [i, file] of files.entries()) {
    const namespace = (await import(pathToFileURL(file).href)) as Namespace;
    const { declaration, ...lint } = rebuilt[i] as ToolLint;
    assert.deepEqual(lint, inProcess(namespace), file);
    // The declaration the pins and token estimates read is the real objects' as plain data.
    if (declaration !== undefined) {
      const tool = toolOf(namespace) as { name: unknown; description: unknown; actions: unknown };
      const actions = typeof tool.actions === "function" ? (tool.actions as () => unknown)() : tool.actions;
      assert.deepEqual(declaration, plainDeclaration(tool.name, tool.description, actions), file);
      declared++;
    }
  }
  assert.ok(declared > 0, "some fixture loads whole");
});
