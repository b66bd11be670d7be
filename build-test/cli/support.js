// Shared by the CLI tests: run() in-process with a recording io, the fixture folder, and
// small helpers that read the text report (offence heads, the untimed summary).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "../../dist/cli/run.js";
/** test/fixtures/cli/, from build-test/cli/. */
export const FIXTURES = fileURLToPath(new URL("../../test/fixtures/cli/", import.meta.url));
/** run(argv) with the fixtures as cwd, an empty environment and no terminal unless told. */
export async function cli(argv, options = {}) {
    let stdout = "";
    let stderr = "";
    const input = options.stdin;
    const code = await run(argv, {
        stdout: options.stdout ?? ((s) => void (stdout += s)),
        stderr: (s) => void (stderr += s),
        ...(input === undefined ? {} : { stdin: async () => input }),
        cwd: options.cwd ?? FIXTURES,
        env: options.env ?? {},
        isTTY: options.isTTY ?? false,
    });
    return { code, stdout, stderr };
}
/** The report with the summary's time replaced, so two runs can be compared. */
export function untimed(report) {
    return report.replace(/ \(\d+\.\d\d s\)\n$/, " (T s)\n");
}
/** The report's lines without the final summary and the blank line before it. */
export function offenceLines(report) {
    const lines = report.split("\n");
    return lines.slice(0, Math.max(0, lines.length - 3));
}
/** Each offence line up to its location (file:line:col  code  tool T action A at LOC); other lines as they are. */
export function heads(report) {
    return offenceLines(report).map((line) => (line.startsWith("  ") ? line : line.split(": ")[0]));
}
/** The summary line, time replaced. */
export function summary(report) {
    const lines = untimed(report).split("\n");
    return lines[lines.length - 2];
}
export function tempDir() {
    return mkdtempSync(join(tmpdir(), "wymcp-lint-cli-"));
}
