// The GitHub Action (action.yml, docs/ci.md), run here as the runner runs a composite action:
// each step's script in bash (`bash --noprofile --norc -eo pipefail`), in its working directory,
// with its env and the expressions `${{ inputs.* }}`, `${{ github.action_path }}` put in as the
// runner puts them, GITHUB_ACTION_PATH and GITHUB_OUTPUT set, stopping at the first step that
// fails. Against a broken fixture: the annotations, the SARIF file, the outputs and the exit code.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { builtPath, ROOT } from "./support/paths.js";

interface Step {
  readonly name: string;
  readonly id?: string;
  readonly shell: string;
  readonly run: string;
  readonly "working-directory"?: string;
  readonly env?: Record<string, string>;
}

interface Action {
  readonly inputs: Record<string, { description: string; default?: string }>;
  readonly outputs: Record<string, { value: string }>;
  readonly runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

let workspace = "";

before(() => {
  builtPath("dist/bundle/cli.cjs");
  workspace = mkdtempSync(join(tmpdir(), "wymcp-action-"));
  mkdirSync(join(workspace, "tools"));
  // An error (a line break in a description) and, in another file, a warning alone (a related name of no action).
  writeFileSync(join(workspace, "tools", "shop.actions.json"), `${JSON.stringify({ search: { description: "Search\nthe shop", properties: {} } }, null, 2)}\n`);
  mkdirSync(join(workspace, "warned"));
  writeFileSync(join(workspace, "warned", "notes.actions.json"), `${JSON.stringify({ find: { description: "Find notes", properties: {}, related: ["nothing"] } }, null, 2)}\n`);
});

after(() => {
  if (workspace !== "") rmSync(workspace, { recursive: true, force: true });
});

/** `text` with the expressions the runner evaluates in a composite action's steps. */
function evaluate(text: string, inputs: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, expression: string) => {
    if (expression === "github.action_path") return ROOT;
    const input = /^inputs\.([\w-]+)$/.exec(expression)?.[1];
    if (input !== undefined && Object.hasOwn(action.inputs, input)) return inputs[input] ?? action.inputs[input]?.default ?? "";
    throw new Error(`action.yml uses an expression this test does not evaluate: ${expression}`);
  });
}

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly outputs: Record<string, string>;
}

/** The action's steps, as the runner runs them, with `inputs`; the first failing step's exit code, or 0. */
function runAction(inputs: Record<string, string>): Outcome {
  const outputFile = join(workspace, "github-output");
  let stdout = "";
  const outputs: Record<string, string> = {};
  for (const step of action.runs.steps) {
    writeFileSync(outputFile, "");
    assert.equal(step.shell, "bash");
    const cwd = resolve(workspace, evaluate(step["working-directory"] ?? ".", inputs));
    const env: NodeJS.ProcessEnv = { ...process.env, GITHUB_ACTION_PATH: ROOT, GITHUB_WORKSPACE: workspace, GITHUB_OUTPUT: outputFile };
    for (const [key, value] of Object.entries(step.env ?? {})) env[key] = evaluate(value, inputs);
    const ran = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", evaluate(step.run, inputs)], { cwd, env, encoding: "utf8", timeout: 120_000 });
    stdout += ran.stdout;
    for (const line of readFileSync(outputFile, "utf8").split("\n")) {
      const at = line.indexOf("=");
      if (at > 0 && step.id !== undefined) outputs[`${step.id}.${line.slice(0, at)}`] = line.slice(at + 1);
    }
    if (ran.status !== 0) return { code: ran.status, stdout, outputs };
  }
  return { code: 0, stdout, outputs };
}

test("action.yml is a composite action whose expressions name declared inputs, each step's input through its env", () => {
  assert.equal(action.runs.using, "composite");
  for (const name of ["paths", "format", "fail-on"]) assert.ok(action.inputs[name]?.description, name);
  for (const step of action.runs.steps) assert.doesNotMatch(step.run, /\$\{\{/, `${step.name}: no expression spliced into a script`);
  for (const output of Object.values(action.outputs)) assert.match(output.value, /^\$\{\{ steps\.lint\.outputs\.[\w-]+ \}\}$/);
});

test("on a broken file: an annotation per offence, the SARIF file, the outputs, and the step fails", () => {
  const outcome = runAction({ paths: "tools" });
  assert.equal(outcome.code, 1);
  assert.match(outcome.stdout, /^wymcp-lint is installed$/m);
  assert.match(outcome.stdout, /^::error file=tools\/shop\.actions\.json,line=3,col=\d+,title=wymcp-lint\(newline\)::tool shop action search at :description: /m);
  // The log's report, in the default format.
  assert.match(outcome.stdout, /^tools\/shop\.actions\.json:3:\d+ {2}newline {2}/m);
  const sarif = JSON.parse(readFileSync(join(workspace, "wymcp-lint.sarif"), "utf8")) as { runs: { results: { ruleId: string }[] }[] };
  assert.deepEqual(
    sarif.runs[0]?.results.map((r) => r.ruleId),
    ["newline"],
  );
  assert.deepEqual(outcome.outputs, { "lint.sarif-file": "wymcp-lint.sarif", "lint.exit-code": "1" });
});

test("fail-on: none passes with the annotations still written; warning fails on a warning alone, error does not", () => {
  const none = runAction({ paths: "tools", "fail-on": "none", "sarif-file": "" });
  assert.equal(none.code, 0);
  assert.match(none.stdout, /^::error file=tools\/shop\.actions\.json/m);
  assert.equal(none.outputs["lint.exit-code"], "1");
  assert.equal(none.outputs["lint.sarif-file"], "");
  const warned = runAction({ paths: "warned", "fail-on": "warning", format: "github", "sarif-file": "" });
  assert.equal(warned.code, 1);
  assert.match(warned.stdout, /^::warning file=warned\/notes\.actions\.json,line=\d+,col=\d+,title=wymcp-lint\(unknown-related\)::/m);
  assert.equal(runAction({ paths: "warned", format: "github", "sarif-file": "" }).code, 0);
});

test("a mistake in the inputs or the paths is an error annotation and exit 2", () => {
  const format = runAction({ paths: "tools", format: "xml" });
  assert.equal(format.code, 2);
  assert.match(format.stdout, /^::error title=wymcp-lint::format must be one of text, json, sarif, github; got "xml"$/m);
  const missing = runAction({ paths: "no-such-folder" });
  assert.equal(missing.code, 2);
  assert.ok(!existsSync(join(workspace, "no-such-folder")));
});
