// The module loader's entry (src/modules/index.ts): every supported module kind loads, each
// way a module misbehaves is one offence of its own with an exact code and message, results
// are frozen data, options are checked. How the pool runs many modules: pool.test.ts.
// Fixtures: test/fixtures/modules/{valid,broken}/.

import { test } from "node:test";
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { describeThrown } from "../../src/core/escape.js";
import { lintToolModule, lintToolModules } from "../../src/modules/index.js";
import { cli } from "../support/cli.js";

const FIXTURES = new URL("../../test/fixtures/modules/", import.meta.url);
// Short, so the two timeout cases stay quick; long enough for a module to load on a machine whose cores are busy.
const TIMEOUT_MS = 6000;
const options = { timeoutMs: TIMEOUT_MS };

function fixture(relative: string): string {
  return fileURLToPath(new URL(relative, FIXTURES));
}

// ---------------------------------------------------------------------------------------
// Every supported module kind and both export styles

const VALID: ReadonlyArray<readonly [file: string, tool: string, actions: number]> = [
  ["valid/default-export.tool.mjs", "catalogue", 2],
  ["valid/named-exports.tool.mjs", "named", 3],
  ["valid/commonjs.tool.cjs", "commonjs", 1],
  ["valid/commonjs-package/plain.tool.js", "commonjs_package", 2],
  ["valid/commonjs-package/compiled.tool.js", "compiled", 1],
  ["valid/commonjs-package/typed.tool.ts", "typed_commonjs", 2],
  ["valid/typescript/default-export.tool.ts", "typescript", 2],
  ["valid/typescript/named-exports.tool.mts", "typescript_mts", 3],
  ["valid/typescript/commonjs.tool.cts", "typescript_cts", 1],
  ["valid/typescript/argv.tool.ts", "argv_2_clean", 1],
  ["../library-modules/define-tool.tool.ts", "light_entry", 1],
  ["../library-modules/validating.tool.ts", "validating", 1],
  ["valid/proxy.tool.mjs", "proxied", 1],
  ["valid/chatty.tool.mjs", "chatty", 1],
  ["valid/late-errors.tool.mjs", "late", 1],
  ["valid/posts-to-parent-port.tool.mjs", "honest", 1],
];

for (const [file, tool, actions] of VALID) {
  test(`loads ${file}: tool ${tool}, ${actions} action(s), no offence`, async () => {
    // TypeScript modules start the loader-hooks thread: give them the production timeout.
    const lint = await lintToolModule(fixture(file), { timeoutMs: 10_000 });
    assert.deepEqual({ tool: lint.tool, actions: lint.actions, offences: lint.offences }, { tool, actions, offences: [] });
  });
}

// ---------------------------------------------------------------------------------------
// Modules that misbehave: each is one offence with an exact code and message

const BROKEN: ReadonlyArray<readonly [file: string, code: string, message: string | RegExp, tool?: string]> = [
  ["broken/no-tool.tool.mjs", "no-tool", /^declares no tool: /],
  ["broken/tool-list.tool.mjs", "tool-shape", "expected one tool; got a list of 2 values (a module declares one tool, as its default export or its named exports)"],
  ["broken/throws.tool.mjs", "load-error", "loading the module threw TypeError: boom at import"],
  ["broken/throws-42.tool.mjs", "load-error", "loading the module threw 42"],
  ["broken/throws-null.tool.mjs", "load-error", "loading the module threw null"],
  ["broken/exit-0.tool.mjs", "load-error", "called process.exit(0) while loading"],
  ["broken/exit-in-actions.tool.mjs", "load-error", "called process.exit(7) while loading"],
  // Its own process is a module process: it ends, and the module alone pays for it.
  ["broken/kills-own-process.tool.mjs", "load-error", "stopped while loading (signal SIGTERM)"],
  ["broken/kills-linter.tool.mjs", "load-error", /^loading the module threw Error: process\.kill\(\d+\) would stop the linter; refused while linting$/],
  ["broken/top-level-await-never-settles.tool.mjs", "load-error", "never finished loading: a top-level await never settled"],
  ["broken/top-level-await-keeps-loop-alive.tool.mjs", "load-error", "did not finish loading within 6 s (--load-timeout)"],
  ["broken/busy-loop.tool.mjs", "load-error", "did not finish loading within 6 s (--load-timeout)"],
  ["broken/actions-throws.tool.mjs", "load-error", "actions() threw Error: actions exploded", "throws_in_actions"],
  ["broken/actions-returns-promise.tool.mjs", "tool-shape", /^actions\(\) must return a map .*got a Promise$/, "async_actions"],
  ["broken/getter-throws.tool.mjs", "load-error", "reading the tool threw Error: getter exploded"],
  ["broken/hostile-proxy.tool.mjs", "load-error", 'reading the tool threw "trap sprung"'],
  ["broken/syntax-error.tool.ts", "load-error", /^loading the module threw TransformError: .*syntax-error\.tool\.ts:1:\d+: ERROR: /],
];

for (const [file, code, message, tool = null] of BROKEN) {
  test(`${file} is ${code}, and nothing else happens`, async () => {
    const timeoutMs = file.endsWith(".ts") ? 10_000 : TIMEOUT_MS;
    const lint = await lintToolModule(fixture(file), { timeoutMs });
    assert.equal(lint.offences.length, 1, JSON.stringify(lint.offences));
    const [offence] = lint.offences;
    assert.equal(offence?.code, code);
    if (typeof message === "string") assert.equal(offence?.message, message);
    else assert.match(offence?.message ?? "", message);
    assert.equal(lint.tool, tool);
    assert.equal(lint.actions, 0);
    assert.equal(offence?.action, null);
    assert.deepEqual(offence?.path, []);
    assert.ok((offence?.fix ?? "") !== "", "every offence says what to do");
  });
}

test("a module's error message is escaped, cut short, and carries no stack trace", async () => {
  const lint = await lintToolModule(fixture("broken/throws-hostile-message.tool.mjs"), options);
  const message = lint.offences[0]?.message ?? "";
  assert.equal(lint.offences[0]?.code, "load-error");
  assert.ok(message.startsWith("loading the module threw Error: \\u{1B}[2J\\u{1B}[31mred\\n::error file=x::forged\\u{202E}xxx"), message);
  assert.doesNotMatch(message, /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u);
  assert.ok(message.endsWith("x…"));
  assert.ok(message.length < 400, `${message.length} characters`);
  for (const lintOf of [lint, await lintToolModule(fixture("broken/throws.tool.mjs"), options)]) {
    // A stack frame would show as an escaped newline then "at", or as a file URL or position.
    assert.doesNotMatch(lintOf.offences[0]?.message ?? "", /\\n\s*at |file:\/\/|\.mjs:\d/);
  }
});

test("describeThrown names any thrown value safely", () => {
  const hostile = {
    get message(): string {
      throw new Error("no");
    },
  };
  const cases: ReadonlyArray<readonly [unknown, string]> = [
    [new RangeError("out of range"), "RangeError: out of range"],
    [new Error(""), "Error"],
    [vm.runInNewContext('new TypeError("other realm")'), "TypeError: other realm"],
    [Object.assign(new Error("x"), { name: 7 }), "Error: x"],
    [42, "42"],
    [null, "null"],
    [undefined, "undefined"],
    [Symbol("s\u001b"), "Symbol(s\\u{1B})"],
    ["oops\n", '"oops\\n"'],
    ["é".repeat(300), `"${"é".repeat(200)}…"`],
    [{ message: "error-like" }, "Error: error-like"],
    [[1, 2], "a list"],
    [hostile, "an unreadable value"],
    [
      new Proxy(new Error("p"), {
        get: () => {
          throw new Error("trap");
        },
      }),
      "a Proxy",
    ],
  ];
  for (const [value, expected] of cases) assert.equal(describeThrown(value), expected);
});

test("results are frozen plain data", async () => {
  const lint = await lintToolModule(fixture("broken/throws.tool.mjs"), options);
  const offence = lint.offences[0];
  assert.ok(Object.isFrozen(lint) && Object.isFrozen(lint.offences));
  assert.ok(offence && Object.isFrozen(offence) && Object.isFrozen(offence.path) && Object.isFrozen(offence.target));
  assert.deepEqual(offence.target, { path: [], part: "value" });
  assert.equal(offence.location, "");
});

test("options are checked", async () => {
  assert.throws(() => lintToolModule(fixture("valid/commonjs.tool.cjs"), { timeoutMs: 0 }), RangeError);
  await assert.rejects(lintToolModules([fixture("valid/commonjs.tool.cjs")], { timeoutMs: 1000, concurrency: 0 }), RangeError);
});

test("through the CLI, export default [a, b] is one tool-shape offence saying a module declares one tool", async () => {
  const { code, stdout } = await cli(["--format", "json", "--no-config", fixture("broken/tool-list.tool.mjs")]);
  assert.equal(code, 1);
  const [file] = JSON.parse(stdout).files;
  assert.deepEqual(
    file.offences.map((o: { code: string; message: string }) => [o.code, o.message]),
    [["tool-shape", "expected one tool; got a list of 2 values (a module declares one tool, as its default export or its named exports)"]],
  );
});

test("through the CLI, TypeScript decorators load: legacy ones (a parameter decorator too) under experimentalDecorators, standard ones without", async () => {
  const { stdout } = await cli(["--format", "json", "--no-config", fixture("ts-config/legacy/decorated.tool.ts"), fixture("ts-config/standard/decorated.tool.ts")]);
  const files = JSON.parse(stdout).files.map((f: { tool: string; offences: unknown[] }) => [f.tool, f.offences]);
  assert.deepEqual(files, [
    ["legacy_decorated", []],
    ["standard_decorated", []],
  ]);
});

test("through the CLI, an import of a tsconfig paths alias is a load-error naming the alias, its tsconfig and the workaround", async () => {
  const { code, stdout } = await cli(["--format", "json", "--no-config", fixture("ts-config/legacy/aliased.tool.ts")]);
  assert.equal(code, 1);
  const [offence] = JSON.parse(stdout).files[0].offences;
  assert.equal(offence.code, "load-error");
  assert.match(offence.message, /; "@shared\/common\.js" is the tsconfig "paths" alias "@shared\/\*" \(".*ts-config\/legacy\/tsconfig\.json"\), which the linter does not resolve/);
  assert.match(offence.fix, /^Import it by a relative path, or declare the alias in package\.json "imports"/);
  assert.match(offence.fix, /docs\/inputs\.md, "Supported TypeScript"/);
});
