// Injection, core side: hostile keys and strings (terminal escapes, "\r",
// U+2028, bidi controls, "::error::" sequences, "%0A") placed in every slot a user string
// can reach an offence from. No raw control character may reach location, message, fix,
// the text line of renderOffenceLine or the library report, and a text line stays one
// line (docs/locations.md). `action` keeps the raw name by design (JSON); text escapes it.

import assert from "node:assert/strict";
import { test } from "node:test";
import { inspectString } from "../../src/text/escape.js";
import { lintActionFile } from "../../src/core/lint-tool.js";
import type { Offence } from "../../src/core/offence.js";
import { renderOffenceLine, renderReport } from "../../src/core/report.js";
import { checkTool } from "../../src/validate.js";
import { HOSTILE } from "../support/hostile.js";
import { RAW_CONTROL } from "../support/properties.js";

function define(target: object, key: PropertyKey, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A plain object from entries, each key an own key (so "__proto__" and friends are kept). */
function obj(entries: readonly (readonly [PropertyKey, unknown])[]): Record<PropertyKey, unknown> {
  const out = {};
  for (const [k, v] of entries) define(out, k, v);
  return out as Record<PropertyKey, unknown>;
}

/** One action per slot, each with the hostile string `h` where a user string goes. */
function hostileActions(h: string): { actions: Record<PropertyKey, unknown>; expected: readonly (readonly [string, string])[] } {
  const actions = obj([
    // The action name itself, beside an unknown key also named h.
    [
      h,
      obj([
        ["description", "d"],
        ["properties", {}],
        [h, 1],
      ]),
    ],
    // A property name in the location, and a property name in a message.
    [
      "in_location",
      obj([
        ["description", "d"],
        ["properties", obj([[h, obj([["properties", 5]])]])],
      ]),
    ],
    [
      "in_message",
      obj([
        ["description", "d"],
        ["properties", obj([[h, true]])],
      ]),
    ],
    // A symbol key whose description is hostile.
    [
      "symbol_key",
      obj([
        ["description", "d"],
        ["properties", obj([[Symbol(h), {}]])],
      ]),
    ],
    // Required entries, duplicated and undeclared; groups likewise.
    [
      "required",
      obj([
        ["description", "d"],
        ["properties", obj([["a", {}]])],
        ["required", [h, h]],
      ]),
    ],
    [
      "one_of",
      obj([
        ["description", "d"],
        ["properties", obj([["a", {}]])],
        ["required_one_of", [[h], [h, "a"]]],
      ]),
    ],
    // A hostile value shown in a wrong-type message ("got ...").
    [
      "shown_value",
      obj([
        ["description", "d"],
        ["properties", h],
        ["notes", Symbol(h)],
      ]),
    ],
    // Default keys, at the top and nested.
    [
      "default_key",
      obj([
        ["description", "d"],
        ["properties", obj([["o", obj([["properties", {}]])]])],
        [
          "defaults",
          obj([
            [h, 1],
            ["o", obj([[h, 2]])],
          ]),
        ],
      ]),
    ],
    // "$schema"-adjacent: a near-miss key at action level.
    [
      `$schema${h}`,
      obj([
        ["description", "d"],
        ["properties", {}],
      ]),
    ],
  ]);
  const expected: (readonly [string, string])[] = [
    [h, "unknown-key"],
    ["in_location", "wrong-type"],
    ["in_message", "wrong-type"],
    ["symbol_key", "wrong-type"],
    ["required", "duplicate"],
    ["required", "undeclared"],
    ["one_of", "undeclared"],
    ["one_of", "superset-group"],
    ["shown_value", "wrong-type"],
    ["default_key", "undeclared-default"],
  ];
  if (h.includes("\n")) expected.push([h, "newline"], [`$schema${h}`, "newline"]);
  return { actions, expected };
}

function assertSafe(offences: readonly Offence[], tool: string): void {
  for (const o of offences) {
    for (const field of ["location", "message", "fix"] as const) {
      assert.doesNotMatch(o[field], RAW_CONTROL, `raw control in ${o.code} ${field}: ${JSON.stringify(o[field])}`);
    }
    const line = renderOffenceLine(o, { file: "x.actions.json", tool });
    assert.doesNotMatch(line, RAW_CONTROL, `raw control in the text line: ${JSON.stringify(line)}`);
    assert.equal(line.split("\n").length, 1, "a text line is one line");
    assert.ok(!line.startsWith("::"), "a text line cannot pose as a workflow command");
  }
  const report = renderReport(offences, tool, 0).split("\n");
  assert.equal(report.length, offences.length + 1, "the report is a heading and one line per offence");
  for (const line of report) assert.doesNotMatch(line, RAW_CONTROL, `raw control in the report: ${JSON.stringify(line)}`);
}

for (const h of HOSTILE) {
  test(`hostile string ${JSON.stringify(h)} reaches no output raw`, () => {
    const { actions, expected } = hostileActions(h);
    const { offences } = lintActionFile(actions, h);
    // Every slot was reported, so the hostile string really went through the chain.
    const found = new Set(offences.map((o) => `${o.action}\u0000${o.code}`));
    for (const [action, code] of expected) assert.ok(found.has(`${action}\u0000${code}`), `no ${code} for action ${JSON.stringify(action)}`);
    assertSafe(offences, h);

    // The hostile string is named, escaped, where it is the subject.
    const inLocation = offences.find((o) => o.action === "in_location");
    assert.equal(inLocation?.location, `:properties[${inspectString(h)}]`);
    const unknown = offences.find((o) => o.code === "unknown-key");
    assert.ok(unknown?.message.includes(inspectString(h)), `the unknown key is named escaped: ${unknown?.message}`);
    // "%0A" is text, not a line break: it stays as written (the github format escapes "%").
    if (h.includes("%0A")) assert.ok(unknown?.message.includes("%0A"));
  });
}

test("hostile tool names, a hostile $schema and hostile errors from actions() reach no output raw", () => {
  for (const h of HOSTILE) {
    // "$schema" holding a hostile string is allowed; holding a hostile symbol is tool-shape.
    const allowed = lintActionFile(
      obj([
        ["$schema", h],
        ["ok", { description: "d", properties: {} }],
      ]),
      "tool",
    );
    assert.deepEqual(allowed.offences, []);
    const wrong = lintActionFile(obj([["$schema", Symbol(h)]]), h);
    assert.deepEqual(
      wrong.offences.map((o) => o.code),
      ["tool-shape"],
    );
    assertSafe(wrong.offences, h);

    const throwing = checkTool({
      name: h,
      description: Symbol(h),
      actions: () => {
        throw new Error(h);
      },
    });
    // The chain's two; and the checks beside it on the hostile name (a name outside the MCP rule,
    // its hidden characters, a client's limit), each escaped too.
    const codes = throwing.map((o) => o.code);
    assert.deepEqual(codes.filter((code) => code === "load-error" || code === "tool-shape").sort(), ["load-error", "tool-shape"]);
    assert.deepEqual(
      codes.filter((code) => !["load-error", "tool-shape", "tool-name", "hidden-character", "client-limit"].includes(code)),
      [],
    );
    assertSafe(throwing, h);

    // A Map's non-string action key: its String() form is the raw label, escaped in text.
    const mapped = checkTool({ name: h, description: "d", actions: new Map<unknown, unknown>([[Symbol(h), { description: "d", properties: {} }]]) });
    assert.deepEqual(
      mapped.map((o) => o.code).filter((code) => !["tool-name", "hidden-character", "client-limit"].includes(code)),
      ["wrong-type"],
    );
    assertSafe(mapped, h);
  }
});
