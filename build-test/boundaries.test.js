// Dependencies stay at the edges (STYLE 10): the core and the library entry point import
// nothing but Node's builtins and each other; each dependency is imported in one place.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { repoPath } from "./support/paths.js";
const SRC = repoPath("src");
function sourceFiles(dir) {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []);
}
/** Every module specifier a file imports, statically or dynamically (comments ignored). */
export function importsOf(source) {
    const code = source.replace(/\/\*[\s\S]*?\*\//g, " ").replace(/^\s*\/\/.*$/gm, "");
    const found = [...code.matchAll(/\bfrom\s+"([^"]+)"|\bimport\s*\(\s*"([^"]+)"\s*\)|^\s*import\s+"([^"]+)"/gm)];
    return found.map((m) => (m[1] ?? m[2] ?? m[3]));
}
const files = sourceFiles(SRC).map((file) => ({ file: relative(SRC, file).split("\\").join("/"), imports: importsOf(readFileSync(file, "utf8")) }));
const external = (specifier) => !specifier.startsWith(".") && !specifier.startsWith("node:");
test("the core and the library entry point import only Node's builtins and each other", () => {
    const core = files.filter(({ file }) => file.startsWith("core/") || ["index.ts", "vocabulary.ts", "tool.ts", "validate.ts"].includes(file));
    assert.ok(core.length > 20);
    for (const { file, imports } of core) {
        assert.deepEqual(imports.filter(external), [], file);
        assert.deepEqual(imports.filter((s) => /\.\.\/(cli|lint|loading)\//.test(s) || /^\.\/(cli|lint|loading)\//.test(s)), [], `${file} reaches out of the core`);
    }
});
test("each dependency is imported in one place", () => {
    const homes = {
        chalk: "cli/palette.ts",
        yargs: "cli/options.ts",
        "fast-glob": "lint/discover.ts",
        esbuild: "loading/transpile.ts",
    };
    const seen = new Map();
    for (const { file, imports } of files)
        for (const s of imports.filter(external))
            seen.set(s, [...(seen.get(s) ?? []), file]);
    assert.deepEqual(Object.fromEntries(seen), Object.fromEntries(Object.entries(homes).map(([dep, file]) => [dep, [file]])));
});
test("the import scan sees static, dynamic and side-effect imports", () => {
    assert.deepEqual(importsOf('import { a } from "x";\nconst y = await import("y");\nimport "z";\n// import { b } from "no"'), ["x", "y", "z"]);
});
