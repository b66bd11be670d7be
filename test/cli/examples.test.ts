// The bundled examples: `npx wymcp-lint examples` prints exactly the report the README
// shows (time aside) and exits 1, as documented. UPDATE_GOLDEN=1 rewrites the README block.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";
import { cli, untimed } from "../support/cli.js";
import { repoPath, ROOT } from "../support/paths.js";

const START = "<!-- sample-report:start -->\n```text\n";
const END = "```\n<!-- sample-report:end -->";

function readmeSample(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  assert.ok(start >= 0 && end > start, "README.md has the sample-report block");
  return readme.slice(start + START.length, end);
}

test("`wymcp-lint examples` prints the README's sample report and exits 1", async () => {
  const outcome = await cli(["examples"], { cwd: ROOT });
  assert.equal(outcome.code, 1);
  assert.equal(outcome.stderr, "");
  const shown = untimed(outcome.stdout).replace(" (T s)\n", " (0.25 s)\n");
  const readmePath = repoPath("README.md");
  const readme = readFileSync(readmePath, "utf8");
  if (process.env["UPDATE_GOLDEN"] === "1") {
    writeFileSync(readmePath, readme.replace(START + readmeSample(readme) + END, START + shown + END));
    return;
  }
  assert.equal(shown, readmeSample(readme));
});

test("the clean examples lint clean", async () => {
  const outcome = await cli(["examples/catalogue.actions.json", "examples/orders.actions.json5", "examples/weather.tool.js", "examples/notes.tool.ts"], { cwd: ROOT });
  assert.equal(outcome.stderr, "");
  assert.equal(outcome.code, 0, outcome.stdout);
  assert.match(outcome.stdout, /^4 files, 8 actions: no offences \(\d+\.\d\d s\)\n$/);
});
