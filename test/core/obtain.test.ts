// The obtaining corollary holds by construction: a schema is obtained only through
// obtaining (src/core/obtain.ts, and the module process, which records the outcome as data),
// and both call actions() through callActions, so every call of it in src/ must sit in
// src/core/call-actions.ts.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { repoPath } from "../support/paths.js";

const OBTAINING_MODULE = "src/core/call-actions.ts";
// A call of a member named actions: .actions(), .actions.call/apply/bind(), ["actions"]().
const ACTIONS_CALL = /(?:\.\s*actions|\[\s*["'`]actions["'`]\s*\])\s*(?:\.\s*(?:call|apply|bind)\s*)?\(/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Source with comments blanked, so a comment that mentions actions() is not a call. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

export function actionsCallSites(root: string): string[] {
  const sites: string[] = [];
  for (const file of sourceFiles(join(root, "src"))) {
    const code = withoutComments(readFileSync(file, "utf8"));
    for (const _ of code.matchAll(ACTIONS_CALL)) sites.push(relative(root, file).split("\\").join("/"));
  }
  return sites;
}

test("every call of a tool's actions() in src/ sits in the one module that makes it", () => {
  const sites = actionsCallSites(repoPath(""));
  assert.ok(sites.includes(OBTAINING_MODULE), "the calling module itself calls actions()");
  assert.deepEqual(
    sites.filter((s) => s !== OBTAINING_MODULE),
    [],
  );
});

test("the call-site scan sees the forms a call can take", () => {
  const forms = ["tool.actions()", "tool.actions.call(tool)", "t . actions . apply(t, [])", 'tool["actions"]()', "x.actions\n()"];
  for (const form of forms) assert.equal([...form.matchAll(ACTIONS_CALL)].length, 1, form);
  assert.equal([...withoutComments("// calls tool.actions() once").matchAll(ACTIONS_CALL)].length, 0);
  assert.equal([..."obtainActions(tool); checkActions(map); tool.actions".matchAll(ACTIONS_CALL)].length, 0);
});
