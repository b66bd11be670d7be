// Dependencies stay at the edges (STYLE 10): the core and the library entry point import
// nothing but Node's builtins and each other; each dependency is imported in one place.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { repoPath } from "./support/paths.js";

const SRC = repoPath("src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Every module specifier a file imports, statically or dynamically, or requires through createRequire (comments ignored). */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/^\s*\/\/.*$/gm, "");
  const found = [...code.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)|^\s*import\s+"([^"]+)"|\bcreateRequire\(import\.meta\.url\)\(\s*"([^"]+)"\s*\)/gm)];
  return found.map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]) as string);
}

const files = sourceFiles(SRC).map((file) => ({ file: relative(SRC, file).split("\\").join("/"), imports: importsOf(readFileSync(file, "utf8")) }));
const external = (specifier: string): boolean => !specifier.startsWith(".") && !specifier.startsWith("node:");

test("the core and the library entry point import only Node's builtins and each other", () => {
  const core = files.filter(
    ({ file }) => file.startsWith("core/") || ["index.ts", "module-entry.ts", "light-exports.ts", "vocabulary.ts", "tool.ts", "validate.ts"].includes(file),
  );
  assert.ok(core.length > 20);
  for (const { file, imports } of core) {
    assert.deepEqual(imports.filter(external), [], file);
    assert.deepEqual(
      imports.filter((s) => /\.\.\/(cli|lint|loading)\//.test(s) || /^\.\/(cli|lint|loading)\//.test(s)),
      [],
      `${file} reaches out of the core`,
    );
  }
});

test("each dependency is imported in one place", () => {
  // The SDK's types serve both its sides: the client that lints a server, and --mcp's server.
  const homes: Record<string, string | readonly string[]> = {
    chalk: "cli/palette.ts",
    "fast-glob": "lint/discover.ts",
    diff: "fix/diff.ts",
    ignore: "lint/ignore-rules.ts",
    esbuild: "modules/transpile.ts",
    sucrase: "modules/transpile.ts",
    "oxc-transform": "modules/transpile.ts",
    picomatch: "config/severity-rules.ts",
    "oxc-parser": "locate/module-source.ts",
    "web-tree-sitter": "elixir/parser.ts",
    "gpt-tokenizer/encoding/o200k_base": "tokens/count.ts",
    // The language server's protocol and its documents.
    "vscode-languageserver/node": "lsp/protocol.ts",
    "vscode-languageserver-textdocument": "lsp/protocol.ts",
    // The MCP SDK's client side: the session, and the transport for a server we start.
    "@modelcontextprotocol/sdk/client/index.js": "server/session.ts",
    "@modelcontextprotocol/sdk/client/streamableHttp.js": "server/session.ts",
    "@modelcontextprotocol/sdk/types.js": ["mcp/roots.ts", "mcp/server.ts", "mcp/stdio.ts", "server/session.ts"],
    // Its server side: `--mcp`, on stdio of our own (its messages framed as a started server's are).
    "@modelcontextprotocol/sdk/server/index.js": "mcp/server.ts",
    "@modelcontextprotocol/sdk/shared/stdio.js": ["mcp/stdio.ts", "server/process-transport.ts"],
    "@modelcontextprotocol/sdk/shared/transport.js": ["mcp/server.ts", "mcp/stdio.ts", "server/process-transport.ts"],
  };
  const seen = new Map<string, string[]>();
  // A file may import one dependency twice (its types statically, its code lazily): one place.
  for (const { file, imports } of files) for (const s of new Set(imports.filter(external))) seen.set(s, [...(seen.get(s) ?? []), file]);
  assert.deepEqual(
    Object.fromEntries([...seen].map(([dep, homesOf]) => [dep, homesOf.sort()])),
    Object.fromEntries(Object.entries(homes).map(([dep, file]) => [dep, typeof file === "string" ? [file] : file])),
  );
});

test("the import scan sees static, dynamic and side-effect imports", () => {
  assert.deepEqual(importsOf('import { a } from "x";\nconst y = await import("y");\nimport "z";\n// import { b } from "no"'), ["x", "y", "z"]);
  assert.deepEqual(importsOf('const r = createRequire(import.meta.url)("cjs-package");'), ["cjs-package"]);
});

/** The specifiers a file imports statically with code (type-only imports are erased; dynamic ones load lazily). */
function staticImportsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/^\s*\/\/.*$/gm, "");
  const found = [...code.matchAll(/^\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\bfrom\s+)?"([^"]+)"/gm)];
  return found.filter((m) => m[1] === undefined).map((m) => m[2] as string);
}

/** Our own modules (relative to src/) and the external specifiers reachable from `entry`, following `importsIn` through our own modules. */
function reachable(entry: string, importsIn: (source: string) => string[]): { files: Set<string>; dependencies: Set<string> } {
  const files = new Set<string>();
  const dependencies = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importsIn(readFileSync(join(SRC, file), "utf8"))) {
      if (external(specifier)) dependencies.add(specifier);
      else if (specifier.startsWith(".")) visit(join(file, "..", specifier).split("\\").join("/").replace(/\.js$/, ".ts"));
    }
  };
  visit(entry);
  return { files, dependencies };
}

/** The external specifiers reachable from `entry` (relative to src/), following `importsIn` through our own modules. */
function reachableDependencies(entry: string, importsIn: (source: string) => string[]): Set<string> {
  return reachable(entry, importsIn).dependencies;
}

test("linting files never loads the MCP SDK: the CLI reaches it only through the lazy import of lint-server", () => {
  const isSdk = (specifier: string): boolean => specifier.startsWith("@modelcontextprotocol/");
  assert.deepEqual([...reachableDependencies("cli/run.ts", staticImportsOf)].filter(isSdk), []);
  // Not vacuous: counting dynamic imports too, the SDK is reached.
  assert.ok([...reachableDependencies("cli/run.ts", importsOf)].some(isSdk));
  assert.deepEqual(staticImportsOf('import type { A } from "a";\nimport { b } from "b";\nexport { c } from "c";\nconst d = await import("d");\nimport "e";'), ["b", "c", "e"]);
});

test("a run with no Elixir file never loads the Elixir parser: the run reaches it only through lazy imports", () => {
  assert.ok(![...reachableDependencies("cli/run.ts", staticImportsOf)].includes("web-tree-sitter"));
  assert.ok(![...reachable("cli/run.ts", staticImportsOf).files].some((file) => file.startsWith("elixir/")));
  // Not vacuous: counting dynamic imports too, the parser is reached.
  assert.ok(reachableDependencies("cli/run.ts", importsOf).has("web-tree-sitter"));
});

test("the library entry loads none of the linter's edge until an engine is created: its static imports reach no dependency and no run over files", () => {
  const { files, dependencies } = reachable("index.ts", staticImportsOf);
  assert.deepEqual([...dependencies].filter(external), []);
  const edge = [...files].filter((file) => /^(engine|lint|inputs|config|baseline|fix|modules|locate|suppress|elixir|cli|server)\//.test(file));
  assert.deepEqual(edge, []);
  // Not vacuous: counting dynamic imports too, it reaches the engine and the run over files.
  assert.ok(reachable("index.ts", importsOf).files.has("lint/pipeline.ts"));
});

test("the light library entry loads none of the chain until called: its static imports reach neither the chain nor the whole entry", () => {
  const { files } = reachable("module-entry.ts", staticImportsOf);
  assert.deepEqual(
    [...files].filter((file) => ["index.ts", "validate.ts", "core/chain.ts", "core/obtain.ts"].includes(file)),
    [],
  );
  // Not vacuous: counting its lazy require too, it reaches the chain.
  assert.ok(reachable("module-entry.ts", importsOf).files.has("core/chain.ts"));
});

test("what bin/wymcp-lint.js loads first (cli/early.ts) reaches the parser but not the help text, even lazily, nor any dependency", () => {
  const { files, dependencies } = reachable("cli/early.ts", importsOf);
  assert.ok(files.has("cli/options/parse.ts"));
  assert.ok(!files.has("cli/options/help-text.ts"));
  assert.deepEqual([...dependencies].filter(external), []);
  // Not vacuous: the CLI itself reaches the help text, lazily.
  assert.ok(reachable("cli/run.ts", importsOf).files.has("cli/options/help-text.ts"));
  assert.ok(!reachable("cli/run.ts", staticImportsOf).files.has("cli/options/help-text.ts"));
});

/**
 * The house from the top floor down (ARCHITECTURE.md, "What each folder may import"): a folder
 * of src/, or a file at its top, may import from a later floor or from itself, never from its
 * own floor or one above. A new folder must be placed here before it can hold code.
 */
const FLOORS: readonly (readonly string[])[] = [
  // The command line; the light library entry, which loads the whole one at its first call that needs the chain.
  ["cli", "module-entry.ts"],
  // The servers that run on the engine, and the library entry, which creates it lazily.
  ["lsp", "mcp", "index.ts"],
  ["engine"],
  ["baseline", "fix", "pins", "tokens", "server"],
  ["config"],
  ["lint"],
  ["inputs"],
  ["elixir"],
  ["suppress", "locate", "modules", "action-file", "code-docs", "validate.ts", "light-exports.ts"],
  // The core, and the table of the install's optional parts, which the surfaces and the module processes' transpiler read.
  ["core", "optional-parts.ts"],
  ["text", "files", "usage-error.ts", "vocabulary.ts", "tool.ts"],
];

const floorOf = (unit: string): number => FLOORS.findIndex((floor) => floor.includes(unit));
const unitOf = (file: string): string => file.split("/")[0] as string;

/** Every import of our own modules, as files relative to src/ (type-only imports included). */
function ownImports(file: string, imports: readonly string[]): string[] {
  return imports.filter((s) => s.startsWith(".")).map((s) => join(file, "..", s).split("\\").join("/").replace(/\.js$/, ".ts"));
}

test("every folder of src/ has its floor, and no import runs against the floors", () => {
  const unplaced = [...new Set(files.map(({ file }) => unitOf(file)))].filter((unit) => floorOf(unit) < 0);
  assert.deepEqual(unplaced, [], "place each new folder or top-level file on a floor in FLOORS");
  const upward: string[] = [];
  for (const { file, imports } of files) {
    for (const target of ownImports(file, imports)) {
      const from = unitOf(file);
      const to = unitOf(target);
      if (from !== to && floorOf(to) <= floorOf(from)) upward.push(`${file} -> ${target}`);
    }
  }
  assert.deepEqual(upward, []);
});

test("the engine stands between the CLI and the steps of a run: the CLI lints files through it, and it reaches no CLI", () => {
  const cli = files.find(({ file }) => file === "cli/run.ts");
  assert.ok(cli !== undefined);
  assert.ok(ownImports(cli.file, cli.imports).includes("engine/engine.ts"));
  assert.ok(!ownImports(cli.file, cli.imports).includes("lint/lint-paths.ts"), "cli/run.ts lints files through the engine");
  assert.ok(floorOf("engine") > floorOf("cli") && floorOf("engine") < floorOf("fix") && floorOf("engine") < floorOf("baseline"));
  assert.ok(floorOf("lsp") < floorOf("engine") && floorOf("mcp") < floorOf("engine"));
});

test("the module process's own files and the linter's side of modules/ meet only in the files they share", () => {
  // What both sides read: the channel's descriptors and messages, the snapshot's wire format, module formats.
  const shared = new Set(["modules/protocol.ts", "modules/wire.ts", "modules/module-format.ts"]);
  const crossing: string[] = [];
  for (const { file, imports } of files) {
    if (!file.startsWith("modules/")) continue;
    const child = file.startsWith("modules/child/");
    for (const target of ownImports(file, imports)) {
      if (!target.startsWith("modules/") || shared.has(target)) continue;
      if (child !== target.startsWith("modules/child/")) crossing.push(`${file} -> ${target}`);
    }
  }
  assert.deepEqual(crossing, []);
  // What runs in the module process reaches no further than the one call of actions() it makes and the line framing it shares with the linter.
  const reach = files.filter(({ file }) => file.startsWith("modules/child/")).flatMap(({ file, imports }) => ownImports(file, imports));
  assert.deepEqual([...new Set(reach.filter((target) => !target.startsWith("modules/")))].sort(), ["core/call-actions.ts", "text/line-framer.ts"]);
});

test("no module imports itself through others: the imports of src/ draw no circle", () => {
  const graph = new Map(files.map(({ file, imports }) => [file, ownImports(file, imports)]));
  // Tarjan's strongly connected components, iteratively; a component of two or more files is a circle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const circles: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++] as string;
        if (!graph.has(to)) continue;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) circles.push(component.sort());
      }
    }
  }
  assert.deepEqual(circles, []);
});
