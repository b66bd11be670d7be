// No call in src/ spreads a list into its arguments (`lines.push(...more)`, `Math.max(...xs)`):
// every argument goes on the stack, so a list the input makes long (a diff of 100,000 lines,
// 200,000 stale baseline entries) overflows it and the run ends with no report. Lists are
// appended with core/append.ts; a parameter list's own `...rest` is no spread and is allowed.
// The vendored JSON Schema validator (src/core/json-schema/vendored/) is the package's code,
// unchanged: where a value's errors are too many for its spreads, the value check catches the
// RangeError and leaves that value unjudged (src/core/value-check.ts).

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import ts from "typescript";
import { repoPath } from "./support/paths.js";

const SRC = repoPath("src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Each `file:line` where a call or `new` spreads an argument. */
export function spreadCalls(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isSpreadElement(node) && (ts.isCallExpression(node.parent) || ts.isNewExpression(node.parent))) {
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

test("the finder sees spreads into calls and leaves array literals and rest parameters alone", () => {
  assert.deepEqual(spreadCalls("x.ts", "a.push(...b);\nMath.max(1, ...c);\nnew Set(...d);"), ["x.ts:1", "x.ts:2", "x.ts:3"]);
  assert.deepEqual(spreadCalls("y.ts", "const a = [...b, ...c];\nfunction f(...rest: number[]) {}\nconst { x, ...o } = p;"), []);
});

test("no call in src/ spreads a list into its arguments", () => {
  const files = sourceFiles(SRC).filter((file) => !relative(SRC, file).split("\\").join("/").startsWith("core/json-schema/vendored/"));
  assert.ok(files.length > 50);
  const found = files.flatMap((file) => spreadCalls(relative(SRC, file).split("\\").join("/"), readFileSync(file, "utf8")));
  assert.deepEqual(found, [], "append with appendAll (src/core/append.ts) instead");
});
