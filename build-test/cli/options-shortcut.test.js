// The command-line shortcut (src/cli/options.ts): the common calls (paths, --format,
// --max-offences, --load-timeout, --color/--no-color, "--") are read without loading yargs,
// which costs ~70 ms of start-up. Pinned here to yargs' own reading of the same command
// lines, mistakes included, so the two can never drift apart.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCommand, parseWithYargs } from "../../dist/cli/options.js";
async function outcome(parse, argv) {
    try {
        return await parse(argv);
    }
    catch (error) {
        return { threw: error.constructor.name, message: error.message };
    }
}
const COMMAND_LINES = [
    ["--format", "json", "a"],
    ["--format=json", "a", "b"],
    ["a", "--format", "sarif", "b", "--max-offences", "0"],
    ["--max-offences=3", "--no-color", "tools"],
    ["--color", "x"],
    ["--color", "false"],
    ["--no-color", "true"],
    ["--color=false"],
    ["--color", "--color"],
    ["--no-color", "--color"],
    ["--load-timeout", "2.5", "--format", "github", "--", "-x.actions.json", "--y"],
    ["a", "--", "--", "b"],
    ["--format", "json", "--format", "text"],
    ["x=y", "--format", "json", "123", "--max-offences", "007"],
    ["--load-timeout", ".5"],
    // Mistakes: the same usage error either way.
    ["--format", "bogus"],
    ["--format="],
    ["--format"],
    ["--format", "--no-color"],
    ["--format=json=x"],
    ["--max-offences", "-1"],
    ["--max-offences", "x"],
    ["--load-timeout", "0"],
    ["--load-timeout", "1e3"],
    ["--bogus"],
    ["-f", "json"],
    // Left to yargs: other spellings and the other commands.
    ["--maxOffences", "2"],
    ["--stdin", "--stdin-filename", "t.actions.json"],
    ["--stdin-filename", "t.actions.json"],
    ["--explain", "duplicate"],
    ["--version"],
];
test("the common flags read without yargs exactly as yargs reads them", async () => {
    for (const argv of COMMAND_LINES) {
        assert.deepEqual(await outcome(parseCommand, argv), await outcome(parseWithYargs, argv), JSON.stringify(argv));
    }
});
test("the shortcut's results: values, repeated flags, paths after --", async () => {
    assert.deepEqual(await parseCommand(["--format", "json", "a", "--no-color", "--max-offences=0", "--load-timeout", "3", "--", "-b"]), {
        kind: "lint",
        options: { paths: ["a", "-b"], format: "json", maxOffences: 0, color: false, stdin: null, loadTimeoutMs: 3000 },
    });
});
