// The comment scanners and the directive reader: text that only looks like a
// comment (in a string, a template, a regular expression) is never one; directives are read
// with their codes, reason and position; slips are kept as malformed. And applyDirectives:
// which offences each directive removes and which directives are findings.

import assert from "node:assert/strict";
import { test } from "node:test";
import { toolOffence, withPosition } from "../../src/core/offence.js";
import { OFFENCE_CODES } from "../../src/core/codes.js";
import { applyDirectives } from "../../src/suppress/apply-directives.js";
import { json5Comments, scriptComments } from "../../src/suppress/comments.js";
import { directivesOf } from "../../src/suppress/directives.js";

const texts = (comments: readonly { text: string }[]): string[] => comments.map((c) => c.text);

test("JSON5: comments outside strings only, both quote kinds, escapes", () => {
  const source = `{
  // one
  a: "// not a comment", b: '/* nor this */', c: "say \\"// still not\\"", /* two */
  d: 1, // three
}`;
  assert.deepEqual(texts(json5Comments(source)), [" one", " two ", " three"]);
});

test("JSON5: text that stops lexing keeps the comments before the error", () => {
  assert.deepEqual(texts(json5Comments('// kept\n{ a: "unterminated\n // lost')), [" kept"]);
});

const SCRIPT_CASES: readonly (readonly [string, string, readonly string[]])[] = [
  ["strings of both kinds", `const a = "// no"; const b = '/* no */'; // yes`, [" yes"]],
  ["a template with nested substitutions", "const t = `// no ${ `/* no ${x} */` + y } // no`; /* yes */", [" yes "]],
  ["a substitution with an object literal", "const t = `a ${ { k: '//' }.k } b // no`; // yes", [" yes"]],
  ["a regular expression holding slashes", "const r = /\\/\\/ no/g; const s = /[/]/; // yes", [" yes"]],
  ["division, not a regular expression", "const q = a / b / c; // yes\nconst w = (a) / 2; /* also */", [" yes", " also "]],
  ["a regular expression after return", "function f() { return /\\/* no/.test(x); } // yes", [" yes"]],
  ["a shebang line", "#!/usr/bin/env node\n// yes", [" yes"]],
  ["an unterminated block comment", "x; /* open", [" open"]],
  ["JSDoc", "/**\n * Docs // inside\n */\nexport const a = 1;", ["*\n * Docs // inside\n "]],
];

for (const [name, source, expected] of SCRIPT_CASES) {
  test(`JS/TS comments: ${name}`, () => assert.deepEqual(texts(scriptComments(source)), [...expected]));
}

test("directives: both kinds, several codes, a reason, block comments, positions", () => {
  const source = `{
  // wymcp-lint-disable-next-line unknown-key, missing-key -- kept for v1 clients
  a: 1,
  /* wymcp-lint-disable-file cycle */ b: 2,
  /*
   * wymcp-lint-disable-next-line wrong-type
   */
  c: "// wymcp-lint-disable-file unknown-key",
}`;
  assert.deepEqual(
    directivesOf(source, "json5").map((d) => ({ ...d })),
    [
      { kind: "wymcp-lint-disable-next-line", codes: ["unknown-key", "missing-key"], line: 2, column: 3, endLine: 2, word: "wymcp-lint-disable-next-line" },
      { kind: "wymcp-lint-disable-file", codes: ["cycle"], line: 4, column: 3, endLine: 4, word: "wymcp-lint-disable-file" },
      { kind: "wymcp-lint-disable-next-line", codes: ["wrong-type"], line: 5, column: 3, endLine: 7, word: "wymcp-lint-disable-next-line" },
    ],
  );
});

test("directives: slips are malformed, a missing code list is empty, other comments are not directives", () => {
  const source = [
    "// wymcp-lint-disable-nextline unknown-key",
    "// wymcp-lint-disable-next-line",
    "// wymcp-lint-disable-next-line -- only a reason",
    "// wymcp-lint-disable-file,unknown-key",
    "// a comment about wymcp-lint-disable-file",
    "// eslint-disable-next-line",
  ].join("\n");
  assert.deepEqual(
    directivesOf(source, "module").map((d) => [d.kind, d.codes, d.line]),
    [
      ["malformed", ["unknown-key"], 1],
      ["wymcp-lint-disable-next-line", [], 2],
      ["wymcp-lint-disable-next-line", [], 3],
      ["malformed", [], 4],
    ],
  );
});

const at = (code: (typeof OFFENCE_CODES)[number], line?: number) => {
  const offence = toolOffence(code, "m", "f");
  return line === undefined ? offence : withPosition(offence, line, 3);
};

test("apply: next-line covers the named codes on the next line only; file covers the code everywhere", () => {
  const offences = [at("unknown-key", 3), at("unknown-key", 4), at("missing-key", 3), at("cycle"), at("cycle", 9)];
  const source = "{\n// wymcp-lint-disable-next-line unknown-key\n\n\n\n// wymcp-lint-disable-file cycle\n}";
  const { kept, suppressed, findings } = applyDirectives(offences, directivesOf(source, "json5"), OFFENCE_CODES);
  assert.deepEqual(
    kept.map((o) => [o.code, o.line]),
    [
      ["unknown-key", 4],
      ["missing-key", 3],
    ],
  );
  assert.equal(suppressed, 3);
  assert.deepEqual(findings, []);
});

test("apply: unused codes, unknown codes (with the close match), no code and malformed directives are findings", () => {
  const source = [
    "// wymcp-lint-disable-next-line unknown-key, missing-key",
    "x",
    "// wymcp-lint-disable-file unknwon-key",
    "// wymcp-lint-disable-next-line",
    "// wymcp-lint-disable-nextline cycle",
    "// wymcp-lint-disable-file not-a-code-at-all",
  ].join("\n");
  const { kept, findings } = applyDirectives([at("unknown-key", 2)], directivesOf(source, "module"), OFFENCE_CODES);
  assert.deepEqual(kept, []);
  assert.deepEqual(
    findings.map((f) => [f.directive.line, f.problems]),
    [
      [1, [{ kind: "unused", code: "missing-key" }]],
      [3, [{ kind: "unknown-code", code: "unknwon-key", suggestion: "unknown-key" }]],
      [4, [{ kind: "no-code" }]],
      [5, [{ kind: "malformed", suggestion: "wymcp-lint-disable-next-line" }]],
      [6, [{ kind: "unknown-code", code: "not-a-code-at-all", suggestion: null }]],
    ],
  );
});

test("apply: a near miss, an offence on the directive's own line or two lines down, stays", () => {
  const source = "// wymcp-lint-disable-next-line unknown-key\nx\ny";
  const { kept, findings } = applyDirectives([at("unknown-key", 1), at("unknown-key", 3)], directivesOf(source, "module"), OFFENCE_CODES);
  assert.equal(kept.length, 2);
  assert.deepEqual(
    findings.map((f) => f.problems),
    [[{ kind: "unused", code: "unknown-key" }]],
  );
});
