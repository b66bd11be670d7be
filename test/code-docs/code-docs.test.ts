// The offence-code docs (docs/codes/<code>.md, titles in the code records) and what is
// rendered from them. The cases are
// read from OFFENCE_CODES, so a new code is covered the day it is added: every doc is
// complete, --explain prints it, and every bad example really has its offence while its good
// version has none (JSON examples through the action-file pipeline, modules through the real
// loader). That docs/offence-codes.md is current is test/code-docs/generated.test.ts's.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, test } from "node:test";
import { DOC_SECTIONS, codeDoc, codeDocMarkdown } from "../../src/code-docs/code-docs.js";
import { CODE_TABLE, codeTitle, defaultSeverity, OFFENCE_CODES, type OffenceCode } from "../../src/core/codes.js";
import { explain, unknownCodeMessage } from "../../src/code-docs/explain.js";
import { discover } from "../../src/lint/discover.js";
import { lintFound, lintTextAs } from "../support/lint.js";
import { wymcpToolLint } from "../../src/server/lint-server.js";
import { cli } from "../support/cli.js";

const ROOT = new URL("../../", import.meta.url);
const scratch = mkdtempSync(join(tmpdir(), "wymcp-lint-codes-"));
// The load-error example fails for want of this variable; the module processes inherit the environment.
delete process.env["CATALOGUE_URL"];
after(() => rmSync(scratch, { recursive: true, force: true }));

test("the titles and docs/codes/ have exactly the offence codes", () => {
  assert.deepEqual(Object.keys(CODE_TABLE), [...OFFENCE_CODES]);
  for (const code of OFFENCE_CODES) assert.ok(codeTitle(code).trim().length > 0, `${code} has no title`);
  assert.deepEqual(readdirSync(new URL("docs/codes/", ROOT)).sort(), OFFENCE_CODES.map((c) => `${c}.md`).sort());
});

// A check of the text a model reads says what it deliberately leaves alone; each such case is
// a near miss in test/fixtures/codes/<code>/near-miss/ (test/core/codes.test.ts runs them).
for (const code of OFFENCE_CODES.filter((c) => CODE_TABLE[c].origin === "model-text")) {
  test(`${code}: its doc says what it deliberately leaves alone`, () => {
    assert.match(codeDoc(code).meaning, /\bleaves alone\b/, `${code}: "What it means" does not say what it leaves alone`);
  });
}

for (const code of OFFENCE_CODES) {
  test(`${code}: every part of its doc is written`, () => {
    const doc = codeDoc(code);
    for (const field of ["title", "meaning", "why", "bad", "good", "fix"] as const) {
      assert.ok(doc[field].trim().length > 0, `${code}.${field} is empty`);
    }
    assert.notEqual(doc.bad, doc.good);
    for (const part of Object.values(doc)) assert.doesNotMatch(String(part), /\bTODO\b/, `${code}: the page keeps a TODO of the scaffold (npm run new-code)`);
    assert.ok(!/[.\s]$/.test(doc.title), `${code}: a title is a phrase, without a final period`);
    for (const prose of [doc.meaning, doc.why, doc.fix]) {
      assert.ok(/\.$/.test(prose), `${code}: prose ends with a period`);
      // Prose is shared by the text and the Markdown renderings, so it holds no Markdown.
      assert.doesNotMatch(prose, /[*`<>]|\]\(|(^|\s)_|_(\s|$)|\n/, `${code}: prose holds Markdown syntax or a line break`);
    }
  });

  test(`${code}: --explain prints code, title and every section`, () => {
    const text = explain(code);
    assert.ok(text !== null);
    const doc = codeDoc(code);
    assert.ok(text.startsWith(`${code}: ${doc.title}\nDefault severity: ${defaultSeverity(code)}\n\n`));
    assert.ok(text.endsWith("\n") && !text.endsWith("\n\n"));
    let at = 0;
    for (const heading of DOC_SECTIONS) {
      const next = text.indexOf(`\n\n${heading}\n  `, at);
      assert.ok(next > at, `${code}: section ${heading} missing or out of order`);
      at = next;
    }
    for (const kind of ["bad", "good"] as const) {
      const shown = doc[kind]
        .split("\n")
        .map((l) => (l === "" ? "" : `  ${l}`))
        .join("\n");
      assert.ok(text.includes(shown), `${code}: ${kind} example not shown as written`);
    }
    for (const line of text.split("\n")) assert.ok(line.length <= 80, `${code}: line longer than 80 columns: ${line}`);
    const words = (s: string): string => s.replace(/\s+/g, " ").trim();
    for (const prose of [doc.meaning, doc.why, doc.fix]) assert.ok(words(text).includes(words(prose)), `${code}: prose missing from --explain`);
  });

  test(`${code}: the Markdown fences its examples in their language`, () => {
    const doc = codeDoc(code);
    const markdown = codeDocMarkdown(code);
    assert.ok(markdown.includes(`\`\`\`${doc.lang}\n${doc.bad}\n\`\`\``));
    assert.ok(markdown.includes(`\`\`\`${doc.lang}\n${doc.good}\n\`\`\``));
  });
}

test("explain: null for anything that is not an offence code", () => {
  for (const code of ["", "nope", "UNKNOWN-KEY", "unknown_key", "__proto__", "constructor", "toString", "hasOwnProperty"]) {
    assert.equal(explain(code), null, code);
  }
});

test("unknownCodeMessage: escapes the code and lists every known code", () => {
  const message = unknownCodeMessage("x\u001b[2J\n");
  assert.doesNotMatch(message, /[\u0000-\u001f]/);
  assert.ok(message.includes('"x\\u{1B}[2J\\n"'));
  for (const code of OFFENCE_CODES) assert.ok(message.includes(code));
});

// ---------------------------------------------------------------------------------------
// The examples do what the docs say.

/** The codes of an action file's text, through the CLI's per-file steps (inline directives included). */
function actionFileCodes(kind: "json" | "json5", name = "catalogue.actions"): (source: string) => Promise<OffenceCode[]> {
  return async (source) => (await lintTextAs(source, join(scratch, `${name}.${kind}`))).files.flatMap((f) => f.offences.map((o) => o.code));
}

let moduleCount = 0;
/** The codes of a tool module, through the run's steps (the per-file cap included). */
async function moduleCodes(source: string): Promise<OffenceCode[]> {
  const file = join(scratch, `example${moduleCount++}.tool.mjs`);
  writeFileSync(file, source);
  const result = await lintFound((await discover([file], scratch)).files, { timeoutMs: 20_000 });
  return result.files.flatMap((f) => f.offences.map((o) => o.code));
}

async function elixirCodes(source: string): Promise<OffenceCode[]> {
  const file = join(scratch, `example${moduleCount++}.ex`);
  return (await lintTextAs(source, file)).files.flatMap((f) => f.offences.map((o) => o.code));
}

/** A file listing (`path  what it declares`) made into files, linted as a directory. */
async function listingCodes(listing: string): Promise<OffenceCode[]> {
  const dir = join(scratch, `listing${moduleCount++}`);
  mkdirSync(dir);
  // The listing's modules are ES modules with a .js extension.
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }');
  for (const line of listing.split("\n")) {
    const [path, ...rest] = line.trim().split(/\s{2,}/);
    const file = join(dir, path as string);
    mkdirSync(dirname(file), { recursive: true });
    const declared = rest.join(" ");
    if (file.endsWith(".actions.json")) writeFileSync(file, "{}");
    else writeFileSync(file, `${declared}\nexport const description = "An example";\nexport const actions = {};\n`);
  }
  const result = await lintFound((await discover([dir], dir)).files, { timeoutMs: 20_000 });
  return result.files.flatMap((f) => f.offences.map((o) => o.code));
}

/** A server's two surfaces of one tool ({"tools/list": entry, "help": answer}), read as lint-server reads them. */
async function serverCodes(source: string): Promise<OffenceCode[]> {
  const { "tools/list": listed, help } = JSON.parse(source);
  const lint = wymcpToolLint(listed, { result: { content: [{ type: "text", text: JSON.stringify(help) }] } });
  return lint.offences.map((o) => o.code);
}

/** Two tools files ({"pinned": ..., "now": ...}): the first pinned with --update-pins through the CLI, the second linted against those pins. */
async function pinsCodes(source: string): Promise<OffenceCode[]> {
  const { pinned, now } = JSON.parse(source);
  const dir = join(scratch, `pins${moduleCount++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "server.tools.json"), JSON.stringify(pinned));
  const update = await cli(["--update-pins", "--no-config", "server.tools.json"], { cwd: dir });
  assert.equal(update.code, 0, update.stderr);
  writeFileSync(join(dir, "server.tools.json"), JSON.stringify(now));
  const { stdout } = await cli(["--format", "json", "--no-config", "server.tools.json"], { cwd: dir });
  return (JSON.parse(stdout) as { files: { offences: { code: OffenceCode }[] }[] }).files.flatMap((f) => f.offences.map((o) => o.code));
}

/** A config's token budgets and a tools file ({"tokens": ..., "tools": [...]}), linted through the CLI with that config. */
async function tokensCodes(source: string): Promise<OffenceCode[]> {
  const { tokens, tools } = JSON.parse(source);
  const dir = join(scratch, `tokens${moduleCount++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, "wymcp-lint.config.json"), JSON.stringify({ tokens }));
  writeFileSync(join(dir, "server.tools.json"), JSON.stringify({ tools }));
  const { stdout } = await cli(["--format", "json", "server.tools.json"], { cwd: dir });
  return (JSON.parse(stdout) as { files: { offences: { code: OffenceCode }[] }[] }).files.flatMap((f) => f.offences.map((o) => o.code));
}

/** An Elixir tool module in a Mix project (beside a stand-in Wymcp.Tool), linted through the CLI with --elixir-eval: Elixir compiles it. */
async function evaluatedCodes(source: string): Promise<OffenceCode[]> {
  const dir = join(scratch, `mix${moduleCount++}`);
  mkdirSync(join(dir, "lib"), { recursive: true });
  writeFileSync(join(dir, "mix.exs"), 'defmodule Example.MixProject do\n  use Mix.Project\n  def project, do: [app: :example, version: "0.1.0"]\nend\n');
  cpSync(fileURLToPath(new URL("test/fixtures/elixir/evaluate/lib/wymcp", ROOT)), join(dir, "lib/wymcp"), { recursive: true });
  writeFileSync(join(dir, "lib/example.ex"), source);
  const { stdout } = await cli(["--format", "json", "--no-config", "--elixir-eval", "lib/example.ex"], { cwd: dir });
  return (JSON.parse(stdout) as { files: { offences: { code: OffenceCode }[] }[] }).files.flatMap((f) => f.offences.map((o) => o.code));
}

const noElixir = spawnSync("mix", ["--version"], { encoding: "utf8" }).status === 0 ? false : "Elixir is not installed (Debian: apt-get install elixir)";

for (const code of OFFENCE_CODES) {
  const evaluated = codeDoc(code).input === "elixir-eval";
  test(`${code}: the bad example has the offence, the good one has none`, { skip: evaluated && noElixir }, async () => {
    const doc = codeDoc(code);
    const codesOf =
      doc.input === "elixir-eval"
        ? evaluatedCodes
        : doc.input === "tokens"
          ? tokensCodes
          : doc.input === "pins"
            ? pinsCodes
            : doc.input === "server"
              ? serverCodes
              : doc.input === "tools"
                ? actionFileCodes(doc.lang === "json5" ? "json5" : "json", "server.tools")
                : doc.lang === "json" || doc.lang === "json5"
                  ? actionFileCodes(doc.lang)
                  : doc.lang === "js"
                    ? moduleCodes
                    : doc.lang === "elixir"
                      ? elixirCodes
                      : listingCodes;
    const bad = await codesOf(doc.bad);
    assert.ok(bad.includes(code), `${code}: the bad example reports ${JSON.stringify(bad)}`);
    assert.deepEqual(await codesOf(doc.good), [], `${code}: the good example is not clean`);
  });
}
