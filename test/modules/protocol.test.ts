// The messages between the linter and a module process (src/modules/protocol.ts): what one
// side writes the other reads back as the same message, every message is one line, and
// the linter takes nothing for a message that is not one (a module can write to the channel).

import assert from "node:assert/strict";
import { test } from "node:test";
import {
  type ChildMessage,
  decodeChildMessage,
  decodeLinterMessage,
  encodeLinterMessage,
  encodeReady,
  encodeResult,
  encodeTranspileRequest,
  type JsonText,
  type LinterMessage,
} from "../../src/modules/protocol.js";
import type { WireResult } from "../../src/modules/wire.js";

const noTool = '{"kind":"no-tool"}' as JsonText<WireResult>;

test("what a module process writes, the linter reads back as that message", () => {
  const cases: readonly (readonly [string, ChildMessage])[] = [
    [encodeReady(), { kind: "ready" }],
    [encodeResult(3, noTool, false), { kind: "result", id: 3, result: { kind: "no-tool" } }],
    [encodeResult(4, noTool, true), { kind: "result", id: 4, result: { kind: "no-tool" }, retire: true }],
    [encodeResult(5, noTool, false, ["/a/b.tool.mjs", "/a/props.json"]), { kind: "result", id: 5, result: { kind: "no-tool" }, loaded: ["/a/b.tool.mjs", "/a/props.json"] }],
    [
      encodeTranspileRequest("/a/b.ts", 'export const x: number = 1;\n"\u2028"', "module"),
      { kind: "transpile", file: "/a/b.ts", source: 'export const x: number = 1;\n"\u2028"', format: "module" },
    ],
    [encodeTranspileRequest("/a/c.cts", "", "commonjs"), { kind: "transpile", file: "/a/c.cts", source: "", format: "commonjs" }],
  ];
  for (const [line, message] of cases) {
    assert.doesNotMatch(line, /\n/, "one message, one line");
    assert.deepEqual(decodeChildMessage(line), message, line);
  }
});

test("what the linter writes, a module process reads back as that message", () => {
  const messages: readonly LinterMessage[] = [
    { kind: "job", id: 0, file: "/a/b.tool.mjs" },
    { kind: "job", id: 7, file: "/a/b.tool.ts", source: "export default {};\n" },
    { kind: "job", id: 8, file: "/a/b.tool.mjs", track: true },
    { kind: "transpiled", code: "const x = 1;\n" },
    { kind: "transpile-failed", error: "/a/b.ts:1:4: ERROR: Expected ';'" },
  ];
  for (const message of messages) {
    const line = encodeLinterMessage(message);
    assert.doesNotMatch(line, /\n/, "one message, one line");
    assert.deepEqual(decodeLinterMessage(line), message);
  }
});

test("a line that is not a message is null to the linter, never a guess", () => {
  const lines = [
    "",
    "not json",
    "42",
    "null",
    "[]",
    "{}",
    '{"ready":true}',
    '{"kind":"hello"}',
    '{"kind":"result","id":"3","result":{"kind":"no-tool"}}',
    '{"kind":"result","id":1.5,"result":{"kind":"no-tool"}}',
    '{"kind":"result","id":3}',
    '{"kind":"result","id":3,"result":{"kind":"forged"}}',
    '{"kind":"result","id":3,"result":[]}',
    '{"kind":"result","id":3,"result":{"kind":"no-tool"},"retire":"yes"}',
    '{"kind":"result","id":3,"result":{"kind":"no-tool"},"loaded":"/a.json"}',
    '{"kind":"result","id":3,"result":{"kind":"no-tool"},"loaded":["/a.json",4]}',
    '{"kind":"transpile","file":"/a.ts","source":"","format":"esm"}',
    '{"kind":"transpile","file":"/a.ts","format":"module"}',
  ];
  for (const line of lines) assert.equal(decodeChildMessage(line), null, line);
});
