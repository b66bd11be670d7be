#!/usr/bin/env node
// Generates the benchmark corpora under bench/corpus/ (git-ignored), deterministically: each
// file draws from its own seeded stream (lib/random.mjs), so the same version and seed give
// the same bytes on every machine. A corpus is rewritten only when its stamp
// (bench/corpus/.stamps/NAME.json: generator version, seed, file count, bytes) is missing or
// stale; the stamp is written last, so an interrupted generation is redone on the next run.
//
//   node bench/generate.mjs            all corpora
//   node bench/generate.mjs --quick    all but large-json (what `run.mjs --quick` needs)
//   node bench/generate.mjs NAME...    only those
//
// Bump GENERATOR_VERSION whenever the output of lib/ or this file changes.

import { copyFileSync, mkdirSync, rmSync, writeFileSync, readFileSync, existsSync, openSync, writeSync, closeSync, statSync, realpathSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Rng, seedFrom } from "./lib/random.mjs";
import { actionFile, toolTopic, manyActions } from "./lib/actions.mjs";
import { actionFileToJSON5 } from "./lib/json5-writer.mjs";
import { listFiles } from "./lib/files.mjs";
import { elixirToolModule } from "./lib/elixir-writer.mjs";

export const GENERATOR_VERSION = 6;
export const CORPUS_ROOT = fileURLToPath(new URL("./corpus/", import.meta.url));
const STAMPS = join(CORPUS_ROOT, ".stamps");

const FILES_PER_DIR = 50; // one directory is one server's tools (docs/checks.md: duplicate-tool is per directory)
const BIG_BYTES = 50_000_000;

/** The corpora, in the order they are generated. `build(dir, seed)` returns extra stamp fields. */
export const CORPORA = {
  single: { seed: 11, build: (dir, seed) => writeTree(dir, seed, { files: 1, flat: true, name: () => "one" }) },
  "medium-json": { seed: 1, build: (dir, seed) => writeTree(dir, seed, { files: 2000, format: "json" }) },
  // Same seed as medium-json: the same values, written as hand-edited JSON5.
  "medium-json5": { seed: 1, build: (dir, seed) => writeTree(dir, seed, { files: 2000, format: "json5" }) },
  big: { seed: 21, build: writeBig },
  modules: { seed: 31, build: writeModules },
  "offences-json": { seed: 41, build: writeOffences },
  // The same values as medium-json, about one action in two with one true warning (WARNINGS).
  "warnings-json": { seed: 1, build: (dir, seed) => writeTree(dir, seed, { files: 2000, format: "json", warnings: true }) },
  "large-json": { seed: 2, large: true, build: (dir, seed) => writeTree(dir, seed, { files: 20000, format: "json" }) },
  // Tool modules as users write them: two actions each, through defineTool.
  "modules-ts": { seed: 51, build: (dir, seed) => writeDefineToolModules(dir, seed, { files: 30, ts: true }) },
  "modules-mjs": { seed: 51, build: (dir, seed) => writeDefineToolModules(dir, seed, { files: 30, ts: false }) },
  "modules-ts-300": { seed: 52, build: (dir, seed) => writeDefineToolModules(dir, seed, { files: 300, ts: true }) },
  "module-one": { seed: 53, build: (dir, seed) => writeDefineToolModules(dir, seed, { files: 1, ts: true, flat: true }) },
  // The same modules, each with one mistake --fix repairs (the --fix row writes to copies of it).
  "modules-ts-fixable": { seed: 54, build: (dir, seed) => writeDefineToolModules(dir, seed, { files: 30, ts: true, fixable: true }) },
  // The same modules, every tenth never finishing its import (the --load-timeout row).
  "modules-ts-hung": { seed: 55, build: (dir, seed) => writeDefineToolModules(dir, seed, { files: 30, ts: true, hangEvery: 10 }) },
  // A real server's tools/list as it publishes it (bench/data/, bench/README.md), copied, not
  // generated; the seed stands for the copy's version. Its 24 offences are true warnings
  // (client-limit: descriptions over the OpenAI API's 1,024 characters).
  "tools-list": { seed: 1, build: (dir) => copyTools(dir, "ms-365-mcp-server.tools.json", 24) },
  // One Elixir tool module of about 2,000 lines (a Wymcp user's pre-commit hook on one file).
  "elixir-one": { seed: 61, build: writeElixirModule },
};

function stampPath(name) {
  return join(STAMPS, `${name}.json`);
}

/** The stamp of `name` if the corpus on disk is current, else null. */
export function currentStamp(name) {
  const path = stampPath(name);
  if (!existsSync(path) || !existsSync(join(CORPUS_ROOT, name))) return null;
  const stamp = JSON.parse(readFileSync(path, "utf8"));
  return stamp.version === GENERATOR_VERSION && stamp.seed === CORPORA[name].seed ? stamp : null;
}

/** Make sure every corpus in `names` is current; returns { name: stamp }. */
export function ensureCorpora(names, log = console.error) {
  const stamps = {};
  for (const name of names) {
    let stamp = currentStamp(name);
    if (!stamp) {
      const dir = join(CORPUS_ROOT, name);
      const { seed, build } = CORPORA[name];
      log(`generating bench/corpus/${name} (generator v${GENERATOR_VERSION}, seed ${seed}) ...`);
      const started = Date.now();
      rmSync(dir, { recursive: true, force: true });
      rmSync(stampPath(name), { force: true });
      mkdirSync(dir, { recursive: true });
      const extra = build(dir, seed) ?? {};
      const files = listFiles([dir]);
      stamp = {
        version: GENERATOR_VERSION,
        seed,
        files: files.length,
        bytes: files.reduce((sum, f) => sum + statSync(f).size, 0),
        ...extra,
      };
      mkdirSync(STAMPS, { recursive: true });
      writeFileSync(stampPath(name), JSON.stringify(stamp, null, 2) + "\n");
      log(`  ${stamp.files} files, ${(stamp.bytes / 1e6).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    stamps[name] = stamp;
  }
  return stamps;
}

/**
 * Tool names for one directory: unique within it (else `duplicate-tool`), never "help"
 * (`reserved-name`).
 */
function uniqueToolName(rng, taken, noun) {
  let name = rng.chance(0.7) ? `${noun}s` : `${noun}-${rng.pick(["admin", "search", "sync", "reports", "bulk"])}`;
  for (let i = 2; taken.has(name); i++) name = `${noun}s-${i}`;
  taken.add(name);
  return name;
}

/**
 * A tree of action files: directories of FILES_PER_DIR files, one topic (server) each. With
 * `warnings`, about one action in two gets one true warning (WARNINGS), drawn from a stream of
 * its own so the values are those of the same seed without; the stamp records the expected count.
 */
function writeTree(dir, seed, { files, format = "json", flat = false, name, warnings = false }) {
  const dirs = Math.ceil(files / FILES_PER_DIR);
  const expectedCodes = {};
  let written = 0;
  for (let d = 0; d < dirs; d++) {
    const dirRng = new Rng(seedFrom(seed, "dir", d));
    const server = toolTopic(dirRng).domain;
    const subdir = flat ? dir : join(dir, `${String(d).padStart(3, "0")}-${server}`);
    mkdirSync(subdir, { recursive: true });
    const taken = new Set();
    for (let f = 0; f < FILES_PER_DIR && written < files; f++, written++) {
      const rng = new Rng(seedFrom(seed, "file", d, f));
      const { noun } = toolTopic(rng);
      const file = actionFile(rng, { domain: server, noun, actions: rng.int(5, 10) });
      const tool = name ? name(d, f) : uniqueToolName(rng, taken, noun);
      if (warnings) addWarnings(file, new Rng(seedFrom(seed, "warnings", d, f)), expectedCodes);
      if (format === "json5") {
        const text = actionFileToJSON5(file, new Rng(seedFrom(seed, "json5", d, f)), tool);
        writeFileSync(join(subdir, `${tool}.actions.json5`), text);
      } else {
        writeFileSync(join(subdir, `${tool}.actions.json`), JSON.stringify(file, null, 2) + "\n");
      }
    }
  }
  if (!warnings) return {};
  return { expectedOffences: Object.values(expectedCodes).reduce((sum, n) => sum + n, 0), expectedCodes };
}

/**
 * Mistakes that each yield exactly one warning (an advisory check's, docs/checks.md) and no
 * error, as real servers' schemas hold them; each returns false where it cannot apply.
 */
const WARNINGS = [
  [
    "unknown-keyword",
    (a) => {
      const property = Object.values(a.properties).find((p) => p.type === "string" && p.minLength === undefined);
      if (property === undefined) return false;
      property.minLenght = 1;
      return true;
    },
  ],
  [
    "unknown-related",
    (a) => {
      a.related = [...(a.related ?? []), "archive_everything"];
      return true;
    },
  ],
  [
    "value-mismatch",
    (a) => {
      const [name, property] = Object.entries(a.properties).find(
        ([n, p]) => p.type === "string" && p.enum === undefined && p.default === undefined && !(a.required ?? []).includes(n) && a.defaults?.[n] === undefined,
      ) ?? [null, null];
      if (name === null) return false;
      property.default = 7;
      return true;
    },
  ],
];

function addWarnings(file, rng, expectedCodes) {
  for (const name of Object.keys(file)) {
    if (name === "$schema" || !rng.chance(0.5)) continue;
    const [code, inject] = rng.pick(WARNINGS);
    if (inject(file[name])) expectedCodes[code] = (expectedCodes[code] ?? 0) + 1;
  }
}

/**
 * One action file of BIG_BYTES, streamed to disk action by action. The bytes equal
 * JSON.stringify(whole, null, 2): each action is stringified and indented one level.
 */
function writeBig(dir, seed) {
  const rng = new Rng(seedFrom(seed, "big"));
  const fd = openSync(join(dir, "one.actions.json"), "w");
  let bytes = 0;
  let actions = 0;
  let chunk = "{";
  for (const [name, schema] of manyActions(rng, "github")) {
    chunk += `${actions === 0 ? "" : ","}\n  ${JSON.stringify(name)}: ${JSON.stringify(schema, null, 2).replace(/\n/g, "\n  ")}`;
    actions++;
    if (chunk.length > 1 << 20) {
      bytes += writeSync(fd, chunk);
      chunk = "";
    }
    if (bytes + chunk.length >= BIG_BYTES) break;
  }
  writeSync(fd, chunk + "\n}\n");
  closeSync(fd);
  return { actions };
}

/**
 * Tool modules: half `.tool.mjs`, half `.tool.ts` (loaded with no build step). Most use a
 * default-exported object; every fifth uses the named-export form (docs/inputs.md).
 */
function writeModules(dir, seed) {
  const taken = new Set();
  for (let i = 0; i < 20; i++) {
    const rng = new Rng(seedFrom(seed, "module", i));
    const { domain, noun } = toolTopic(rng);
    const actions = JSON.stringify(actionFile(rng, { domain, noun, actions: rng.int(5, 10), withSchemaRef: false }), null, 2).replace(/\n/g, "\n    ");
    const name = uniqueToolName(rng, taken, `${domain}-${noun}`);
    const description = JSON.stringify(`Manage ${domain} ${noun}s: one tool, many actions.`);
    const ts = i % 2 === 1;
    const named = i % 5 === 4;
    let text = `// ${name}: a generated tool module (wymcp-lint benchmark corpus).\n`;
    if (ts) {
      text += `interface ActionSchema {\n  description: string;\n  properties: Record<string, unknown>;\n  [key: string]: unknown;\n}\n\n`;
    }
    const sig = ts ? "(): Record<string, ActionSchema>" : "()";
    if (named) {
      text += `export const name${ts ? ": string" : ""} = ${JSON.stringify(name)};\n`;
      text += `export const description${ts ? ": string" : ""} = ${description};\n\n`;
      text += `export function actions${sig} {\n  return ${actions.replace(/\n {2}/g, "\n")};\n}\n`;
    } else {
      text += `export default {\n  name: ${JSON.stringify(name)},\n  description: ${description},\n  actions${sig} {\n    return ${actions};\n  },\n};\n`;
    }
    writeFileSync(join(dir, `${name}.tool.${ts ? "ts" : "mjs"}`), text);
  }
}

/**
 * `files` small tool modules importing defineTool from the package itself (a self-reference:
 * the corpus lies inside this repository), two actions each, in directories of
 * FILES_PER_DIR; TypeScript (`.tool.ts`, with types) or `.tool.mjs`. `flat`: the files at the
 * top (one file is named one.tool.ts). Clean: no offence, except that with `fixable` each
 * module has one mistake `--fix` repairs (addFixableMistake), and with `hangEvery` N every Nth
 * module never finishes its import (one `load-error` each, named in the stamp's hungFiles).
 */
function writeDefineToolModules(dir, seed, { files, ts, flat = false, fixable = false, hangEvery = 0 }) {
  const taken = new Set();
  const ext = ts ? "ts" : "mjs";
  const hungFiles = [];
  for (let i = 0; i < files; i++) {
    const rng = new Rng(seedFrom(seed, "define-tool", i));
    const { domain, noun } = toolTopic(rng);
    const actions = actionFile(rng, { domain, noun, actions: 2, withSchemaRef: false });
    if (fixable) addFixableMistake(actions);
    const name = uniqueToolName(rng, taken, `${domain}-${noun}`);
    const sub = flat ? dir : join(dir, `server${String(Math.floor(i / FILES_PER_DIR)).padStart(3, "0")}`);
    mkdirSync(sub, { recursive: true });
    let text = `// ${name}: a generated tool module (wymcp-lint benchmark corpus).\n`;
    text += ts ? `import { defineTool, type ActionsMap } from "wymcp-lint";\n\n` : `import { defineTool } from "wymcp-lint";\n\n`;
    if (hangEvery > 0 && i % hangEvery === hangEvery - 1) {
      // Waits forever while using no CPU, as a module awaiting a server that never answers does;
      // the timer keeps its event loop alive (a bare never-settling await is seen at once).
      text += `await new Promise(() => setInterval(() => {}, 60_000));\n\n`;
      hungFiles.push(relative(dir, join(sub, `${flat ? "one" : name}.tool.${ext}`)));
    }
    text += `const actions${ts ? ": ActionsMap" : ""} = ${JSON.stringify(actions, null, 2)};\n\n`;
    text += `export default defineTool({\n  name: ${JSON.stringify(name)},\n  description: ${JSON.stringify(`Manage ${domain} ${noun}s.`)},\n  actions: () => actions,\n});\n`;
    writeFileSync(join(sub, `${flat ? "one" : name}.tool.${ext}`), text);
  }
  if (fixable) return { expectedOffences: files };
  if (hangEvery > 0) return { expectedOffences: hungFiles.length, hungFiles };
  return {};
}

/**
 * One mistake that `--fix` repairs and that yields exactly one offence (docs/checks.md): the
 * first entry of an action's `required` repeated (`duplicate`), or, where no action requires
 * anything, `examples` misspelled `exmples` (`unknown-key`, renamed back). Never a mistake
 * whose repair adds a requirement, which the examples might then miss.
 */
function addFixableMistake(actions) {
  const schemas = Object.values(actions);
  const requiring = schemas.find((a) => a.required?.length > 0);
  if (requiring) {
    requiring.required = [...requiring.required, requiring.required[0]];
    return;
  }
  const withExamples = schemas.find((a) => a.examples !== undefined);
  if (!withExamples) throw new Error("addFixableMistake: no action has required entries or examples");
  // Rebuilt so the misspelled key keeps its place among the others.
  const entries = Object.entries(withExamples).map(([key, value]) => [key === "examples" ? "exmples" : key, value]);
  for (const key of Object.keys(withExamples)) delete withExamples[key];
  Object.assign(withExamples, Object.fromEntries(entries));
}

/** A saved tools/list of bench/data/, copied into the corpus; `warnings`: the true warnings it holds. */
function copyTools(dir, name, warnings) {
  copyFileSync(fileURLToPath(new URL(`./data/${name}`, import.meta.url)), join(dir, name));
  return { expectedOffences: warnings, tools: JSON.parse(readFileSync(join(dir, name), "utf8")).tools.length };
}

/** One Elixir tool module of at least ELIXIR_LINES lines, its actions drawn as the JSON corpora's. */
const ELIXIR_LINES = 2000;
function writeElixirModule(dir, seed) {
  const rng = new Rng(seedFrom(seed, "elixir", 0));
  const { domain, noun } = toolTopic(rng);
  for (let actions = 20; ; actions++) {
    const value = actionFile(new Rng(seedFrom(seed, "elixir", 1)), { domain, noun, actions, withSchemaRef: false });
    const text = elixirToolModule("Bench.Tools.One", `${domain}_${noun}`, `Manage ${domain} ${noun}s.`, value);
    if (text.split("\n").length >= ELIXIR_LINES) {
      writeFileSync(join(dir, "one.ex"), text);
      return { lines: text.split("\n").length };
    }
  }
}

/**
 * A small corpus WITH offences, to exercise the reporting path (messages, fixes, locations).
 * About one action in five gets exactly one mistake, each of a kind that yields exactly one
 * offence per docs/checks.md, and one file is truncated (one `parse-error`); the stamp records the
 * expected offence count.
 */
const MISTAKES = [
  [
    "unknown-key",
    (a) => {
      a.example = [];
    },
  ],
  [
    "undeclared",
    (a) => {
      a.required = [...(a.required ?? []), "ghost_field"];
    },
  ],
  [
    "duplicate",
    (a) => {
      const p = a.required?.[0] ?? Object.keys(a.properties)[0];
      a.required = [...(a.required ?? [p]), p];
    },
  ],
  [
    "newline",
    (a) => {
      a.description += "\nSecond line.";
    },
  ],
  [
    "wrong-type",
    (a) => {
      a.related = "list_items";
    },
  ],
  [
    "wrong-type",
    (a) => {
      a.properties[Object.keys(a.properties)[0]].items = true;
    },
  ],
  [
    "undeclared-default",
    (a) => {
      a.defaults = { ...a.defaults, ghost_option: true };
    },
  ],
  [
    "empty-group",
    (a) => {
      a.required_one_of = [...(a.required_one_of ?? []), []];
    },
  ],
];

function writeOffences(dir, seed) {
  const expectedCodes = {};
  let expectedOffences = 0;
  const taken = new Set();
  for (let f = 0; f < 200; f++) {
    const rng = new Rng(seedFrom(seed, "file", f));
    const { domain, noun } = toolTopic(rng);
    const file = actionFile(rng, { domain, noun, actions: rng.int(5, 10) });
    const broken = f === 100; // truncated below: its only offence is the parse-error
    for (const name of Object.keys(file)) {
      if (broken || name === "$schema" || !rng.chance(0.2)) continue;
      const [code, inject] = rng.pick(MISTAKES);
      inject(file[name]);
      expectedCodes[code] = (expectedCodes[code] ?? 0) + 1;
      expectedOffences++;
    }
    let text = JSON.stringify(file, null, 2) + "\n";
    if (broken) {
      text = text.slice(0, text.length >> 1);
      expectedCodes["parse-error"] = 1;
      expectedOffences++;
    }
    writeFileSync(join(dir, `${uniqueToolName(rng, taken, noun)}.actions.json`), text);
  }
  return { expectedOffences, expectedCodes };
}

// Run directly: generate what the arguments ask for.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const asked = args.filter((a) => !a.startsWith("--"));
  for (const name of asked) {
    if (!CORPORA[name]) {
      console.error(`unknown corpus ${name}; known: ${Object.keys(CORPORA).join(", ")}`);
      process.exit(2);
    }
  }
  const names = asked.length > 0 ? asked : Object.keys(CORPORA).filter((n) => !(quick && CORPORA[n].large));
  const stamps = ensureCorpora(names);
  for (const [name, s] of Object.entries(stamps)) {
    console.log(`${name.padEnd(14)} ${String(s.files).padStart(6)} files ${(s.bytes / 1e6).toFixed(1).padStart(7)} MB  ${relative(process.cwd(), join(CORPUS_ROOT, name))}`);
  }
}
