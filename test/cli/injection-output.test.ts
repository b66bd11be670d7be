// Injection, output side: hostile strings (terminal escapes, "\r", U+2028,
// bidi controls, "::error::" workflow commands, "%0A") in action names, property names,
// default keys, required entries, file and directory names, module tool names and module
// error messages, rendered by the real CLI (run() in-process) in every format: text (plain
// and coloured), json, sarif, github, from files and from --stdin. In no output may a raw
// control or bidi character appear (but the newline ending a line, and JSON's own escapes);
// text has one line per offence, github one `::` command per offence, and no other line
// GitHub's runner would read as a command. The core side is test/core/injection.test.ts.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { escapeText } from "../../src/text/escape.js";
import { cli, tempDir } from "../support/cli.js";
import { HOSTILE } from "../support/hostile.js";
import { parseGithubCommand, type JsonReport } from "../support/reports.js";

// What may never appear raw in any output: C0 controls but "\n", DEL, C1, the line and
// paragraph separators, the bidi controls.
const RAW_UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// The runner trims leading white space (.NET's, which JavaScript's \s covers) before it looks for "::".
const COMMAND_LINE = /^\s*::/u;
// The palette's own SGR sequences: the only escapes coloured text may carry.
const SGR = /\u001b\[\d+(?:;\d+)*m/g;

/** A hostile string as a file name: no "/" and no NUL. */
function fileName(h: string): string {
  return h.replace(/[/\u0000]/g, "_");
}

/** Every slot of an action file, each holding `h`. */
function hostileActions(h: string): Record<string, unknown> {
  return {
    [h]: { description: "d", properties: {}, [h]: 1 },
    property: { description: "d", properties: { [h]: { properties: 5 } } },
    default_keys: { description: "d", properties: { o: { properties: {} } }, defaults: { [h]: 1, o: { [h]: 2 } } },
    required: { description: "d", properties: {}, required: [h] },
    value: { description: h, properties: {} },
  };
}

/** One string that carries every kind of hostile character at once, for the modules. */
const ALL = HOSTILE.join("|");

function hostileTree(): string {
  const dir = tempDir();
  for (const h of HOSTILE) writeFileSync(join(dir, `${fileName(h)}.actions.json`), JSON.stringify(hostileActions(h), null, 2));
  // A second file with the tool name of the first: duplicate-tool names the hostile owner.
  writeFileSync(join(dir, `${fileName(HOSTILE[0] as string)}.actions.json5`), "{}");
  // A hostile directory name, in every file name below it.
  const sub = join(dir, fileName("\u202e\u001b[31m::error::dir"));
  mkdirSync(sub);
  writeFileSync(join(sub, "tool.actions.json"), JSON.stringify({ a: { description: "d", properties: {}, x: 1 } }));
  // Modules: a hostile tool name and keys; a hostile error; a hostile symbol as the name.
  const names = JSON.stringify(ALL);
  writeFileSync(
    join(dir, `${fileName("\u001b]0;title\u0007::error::m")}.tool.mjs`),
    `const h = ${names};\nexport default { name: h, description: "d", actions: () => ({ [h]: { description: "d", properties: { [h]: 5 } } }) };\n`,
  );
  writeFileSync(join(dir, "throws.tool.mjs"), `throw new Error(${names});\n`);
  writeFileSync(join(dir, "symbol.tool.mjs"), `export default { name: Symbol(${names}), description: "d", actions: () => ({}) };\n`);
  return dir;
}

/** Every string in a JSON value. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

/** `s` quoted with every unsafe character as \u{HEX}, so a failure message never echoes a raw one. */
function visible(s: string): string {
  return JSON.stringify(s).replace(new RegExp(RAW_UNSAFE.source, "g"), (ch) => `\\u{${(ch.codePointAt(0) as number).toString(16).toUpperCase()}}`);
}

/** Fails naming the first raw character and its surroundings. */
function assertNoRaw(output: string, where: string): void {
  const at = output.search(RAW_UNSAFE);
  assert.ok(at < 0, `raw ${visible(output[at] ?? "")} in ${where}, at ${visible(output.slice(Math.max(0, at - 60), at + 20))}`);
}

function assertNoCommand(line: string, where: string): void {
  assert.ok(!COMMAND_LINE.test(line), `${where}: a line GitHub reads as a command: ${visible(line.slice(0, 120))}`);
}

const untimed = (s: string): string => s.replace(/\(\d+\.\d\d s\)/g, "(T s)");

interface Rendered {
  readonly text: string;
  readonly colour: string;
  readonly json: string;
  readonly sarif: string;
  readonly github: string;
}

async function renderAll(argv: readonly string[], options: { cwd: string; stdin?: string }): Promise<Rendered> {
  const outputs: Partial<Record<keyof Rendered, string>> = {};
  const runs: [keyof Rendered, string[]][] = [
    ["text", ["--format", "text"]],
    ["colour", ["--format", "text", "--color"]],
    ["json", ["--format", "json"]],
    ["sarif", ["--format", "sarif"]],
    ["github", ["--format", "github"]],
  ];
  for (const [name, flags] of runs) {
    const outcome = await cli([...flags, "--max-offences", "0", ...argv], { cwd: options.cwd, ...(options.stdin === undefined ? {} : { stdin: options.stdin }) });
    assert.equal(outcome.stderr, "", `${name}: stderr`);
    assert.equal(outcome.code, 1, `${name}: exit code`);
    outputs[name] = outcome.stdout;
  }
  return outputs as Rendered;
}

/** The invariants every rendering must keep, checked against the json report's offences. */
function assertSafe(out: Rendered): JsonReport {
  for (const [name, output] of Object.entries(out) as [keyof Rendered, string][]) {
    const bare = name === "colour" ? output.replace(SGR, "") : output;
    assertNoRaw(bare, name);
    assert.ok(output.endsWith("\n"), `${name} ends its last line`);
  }
  // Colour adds the palette's SGR sequences and nothing else.
  assert.equal(untimed(out.colour.replace(SGR, "")), untimed(out.text));

  const report = JSON.parse(out.json) as JsonReport;
  const offences = report.files.flatMap((f) => f.offences.map((o) => ({ file: f.file, o })));
  assert.equal(offences.length, report.summary.offences);
  for (const { o } of offences) for (const field of [o.location, o.message, o.fix]) assertNoRaw(field, `a json ${o.code} offence`);

  // text: one line per offence (in report order, each opening with its file and code) and per held-back check, a blank line, the summary.
  const all = out.text.slice(0, -1).split("\n");
  const heldBack = report.files.flatMap((f) => (f.heldBack ?? []).map((h) => ({ file: f.file, h })));
  for (const { h } of heldBack) assertNoRaw(h.message, "a json heldBack message");
  const isHeldBackLine = (line: string): boolean => heldBack.some(({ file }) => line.includes(`${escapeText(file)}  held back  `));
  const lines = all.filter((line) => !isHeldBackLine(line));
  assert.equal(all.length - lines.length, heldBack.length, "text: one line per held-back check");
  assert.equal(lines.length, offences.length + 2, "text: one line per offence, a blank line, the summary");
  offences.forEach(({ file, o }, i) => {
    const position = o.line === null ? "" : `:${o.line}:${o.column}`;
    const line = lines[i] as string;
    assert.ok(line.includes(`${escapeText(file)}${position}  ${o.code}  `), `text line ${i} is ${visible(file)}'s ${o.code}: ${visible(line.slice(0, 200))}`);
  });
  for (const line of all) assertNoCommand(line, "text");

  // github: exactly one command per offence, each decoding to one line; the summary is no command.
  const commands = out.github.slice(0, -1).split("\n");
  assert.equal(commands.length, offences.length + 1);
  assert.equal(commands.filter((l) => COMMAND_LINE.test(l)).length, offences.length, "one :: line per offence and no other");
  offences.forEach(({ o }, i) => {
    const parsed = parseGithubCommand(commands[i] as string);
    assert.ok(parsed && commands[i]?.startsWith("::error "), `github line ${i} is our command: ${visible(commands[i]?.slice(0, 200) ?? "")}`);
    assert.equal(parsed.command, "error");
    assert.deepEqual(Object.keys(parsed.properties), o.line === null ? ["file", "title"] : ["file", "line", "col", "title"]);
    assert.equal(parsed.properties["title"], `wymcp-lint(${o.code})`);
    assert.ok(!/[\r\n]/.test(parsed.data) && !/[\r\n]/.test(parsed.properties["file"] ?? ""), `github line ${i} decodes to more than one line`);
  });
  assert.equal(parseGithubCommand(commands.at(-1) as string), null);

  // sarif: one result per offence; no string in it holds a raw control character once decoded.
  const sarif = JSON.parse(out.sarif) as { runs: { results: unknown[] }[] };
  assert.equal(sarif.runs[0]?.results.length, offences.length);
  for (const s of strings(sarif.runs[0]?.results)) assertNoRaw(s, "a sarif string");
  return report;
}

test("hostile names and strings, from files, directories and modules, reach no output raw in any format", async () => {
  const dir = hostileTree();
  // No argument: file names are shown as they are, so a name starting "::" opens its line.
  const out = await renderAll([], { cwd: dir });
  const report = assertSafe(out);

  // Every hostile string went through: each named its tool, file and action.
  const files = report.files.map((f) => f.file);
  for (const h of HOSTILE) {
    const file = `${fileName(h)}.actions.json`;
    assert.ok(files.includes(file), `no file ${visible(file)}`);
    const found = report.files.find((f) => f.file === file);
    assert.equal(found?.tool, fileName(h));
    const codes = new Set(found?.offences.map((o) => `${o.action === h ? "h" : o.action}:${o.code}`));
    for (const expected of ["h:unknown-key", "property:wrong-type", "default_keys:undeclared-default", "required:undeclared"])
      assert.ok(codes.has(expected), `${visible(h)}: no ${expected}`);
  }
  const modules = report.files.filter((f) => f.file.endsWith(".tool.mjs"));
  // (Compared as booleans and codes: a failing diff would print the raw strings to the terminal.)
  assert.deepEqual(
    modules.map((f) => [f.tool === ALL, f.offences.map((o) => o.code)]),
    [
      [true, ["hidden-character", "tool-name", "hidden-character", "newline", "hidden-character", "wrong-type"]],
      [false, ["tool-shape"]],
      [false, ["load-error"]],
    ],
  );
  // Each is the hostile action's, but the hidden characters of the tool's own name and description, and its name's MCP rule.
  assert.equal(
    modules[0]?.offences.every((o) => o.action === ALL || (o.action === null && (o.code === "hidden-character" || o.code === "tool-name"))),
    true,
  );
  assert.ok(modules[2]?.offences[0]?.message.startsWith(`loading the module threw Error: ${escapeText("\u001b[2J\u001b[H")}`));
  const duplicate = report.files.find((f) => f.offences.some((o) => o.code === "duplicate-tool"));
  assert.equal(duplicate?.file, `${fileName(HOSTILE[0] as string)}.actions.json5`);
  assert.ok(report.files.some((f) => f.file.startsWith(fileName("\u202e\u001b[31m::error::dir"))));
});

test("a hostile --stdin-filename and hostile content reach no output raw in any format", async () => {
  for (const h of ["::error file=x.js,line=1::forged", "\u001b[2J\u202e\r\u2028", " \u3000::warning::w"]) {
    const out = await renderAll(["--stdin", "--stdin-filename", `${h}.actions.json`], { cwd: tempDir(), stdin: JSON.stringify(hostileActions(h)) });
    const report = assertSafe(out);
    assert.equal(report.files[0]?.file, `${h}.actions.json`);
    assert.ok(report.files[0]?.offences.some((o) => o.action === h && o.code === "unknown-key"));
  }
});
