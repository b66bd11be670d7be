// What each surface applies of a run (docs/surfaces.md, whose table is generated from this
// file): every surface runs the same pipeline (src/lint/pipeline.ts) on the engine, and
// passes its policy, so where two surfaces differ it is a decision written here, never an
// accident of which steps one of them remembered to call. The engine reads a policy; it never
// asks which surface it serves.

/** What a surface applies of a run, beside the checks themselves (which every surface runs whole). */
export interface Policy {
  /** The surface's id: the docs' region of its sentence is `policy-<id>`. */
  readonly id: string;
  /** The surface, as the docs' table names it. */
  readonly surface: string;
  /** Where the config comes from; null: none is read (the checks' defaults). */
  readonly config: string | null;
  /** Whether directory searches skip what .gitignore and the config's ignore patterns ignore (and an editor's document they ignore gets no diagnostics). */
  readonly ignore: boolean;
  /** Whether a run reads nothing outside its working directory: a symlinked file a search or a glob meets that leads out is skipped (a symlinked directory is never entered). */
  readonly confined: boolean;
  /** Whether inline disable directives apply. */
  readonly suppressions: boolean;
  /**
   * The baseline: "apply" takes recorded offences out (a broken baseline fails the run),
   * "apply-or-report" does too but reports a broken one and goes on without it, null applies none.
   */
  readonly baseline: "apply" | "apply-or-report" | null;
  /** Whether surfaces are held to the pins of a lock file, when one exists. */
  readonly pins: boolean;
  /** Whether the token estimates the config asks for are made. */
  readonly tokens: boolean;
  /** Fixes: "write" the files when asked (--fix; --fix-dry-run only shows the diff), "return" the fixed text or its edits and never write, or null: none are offered (repairs come as data). */
  readonly fixes: "write" | "return" | null;
  /** Whether Elixir tool modules are evaluated by the project's Elixir when the config or the caller asks (--elixir-eval: it compiles and runs the project's code). */
  readonly elixirEvaluation: boolean;
  /** A sentence for the docs: why this surface applies what it does, where it differs. */
  readonly why: string;
}

/** The command line, `wymcp-lint [paths]`: everything a project sets up. */
export const CLI: Policy = {
  id: "cli",
  surface: "CLI",
  config: "found from the working directory up, or --config; none with --no-config",
  ignore: true,
  confined: false,
  suppressions: true,
  baseline: "apply",
  pins: true,
  tokens: true,
  fixes: "write",
  elixirEvaluation: true,
  why: "The reference: every other surface gives its answer.",
};

/** `--watch`: the command line again after each change. */
export const WATCH: Policy = {
  ...CLI,
  id: "watch",
  surface: "--watch",
  why: "The CLI's run, again after each change; a broken config or baseline is reported and the watch goes on.",
};

/** The language server, `--lsp`: each open document linted as the CLI lints its file. */
export const LSP: Policy = {
  ...CLI,
  id: "lsp",
  surface: "Language server",
  config: "per workspace folder, found as the CLI finds it from that folder",
  baseline: "apply-or-report",
  fixes: "return",
  elixirEvaluation: false,
  why: "A broken config or baseline is shown as a diagnostic in that file while documents are linted without it; fixes are edits the editor applies; Elixir modules are read statically, since Elixir compiles what is on disk, not the editor's buffer.",
};

/** The MCP server, `--mcp`: an agent's lint of files or texts in a root. */
export const MCP: Policy = {
  ...CLI,
  id: "mcp",
  surface: "MCP server",
  config: "the call's root's, found as the CLI finds it from the root",
  confined: true,
  fixes: "return",
  elixirEvaluation: false,
  why: "The CLI's answer for the same files, as data; nothing outside the root is read, fix_text returns the fixed text and writes nothing, and no Elixir project is compiled (it writes _build and runs the project's code at an agent's call).",
};

/** The library's engine, createEngine(): a program's runs, as the CLI's. */
export const LIBRARY_ENGINE: Policy = {
  ...CLI,
  id: "library-engine",
  surface: "Library: createEngine",
  config: "as EngineOptions.config says: found from cwd, a file, or none",
  why: "A program gets the CLI's answer; fixText() returns the fixed text, and a run writes fixes only when asked (fix: { write: true }).",
};

/** The library's checkTool and validateTool: a tool object in memory, at its registration. */
export const LIBRARY_TOOL: Policy = {
  id: "library-tool",
  surface: "Library: checkTool, validateTool",
  config: null,
  ignore: false,
  confined: false,
  suppressions: false,
  baseline: null,
  pins: false,
  tokens: false,
  fixes: null,
  elixirEvaluation: false,
  why: "A tool object has no file: every check that needs no file system runs (model text and tool names included), at the codes' default severities; repairs come as data.",
};

/** Every named policy, in the order the docs' table lists them. */
export const POLICIES: readonly Policy[] = [CLI, WATCH, LSP, MCP, LIBRARY_ENGINE, LIBRARY_TOOL];

const yes = (on: boolean): string => (on ? "yes" : "no");

const BASELINE: Readonly<Record<NonNullable<Policy["baseline"]> | "none", string>> = {
  apply: "yes",
  "apply-or-report": "yes (a broken one is reported)",
  none: "no",
};

const FIXES: Readonly<Record<NonNullable<Policy["fixes"]> | "none", string>> = {
  write: "written when asked",
  return: "returned, never written",
  none: "repairs as data",
};

/** The docs' table of what each surface applies: the region `policies` of docs/surfaces.md (scripts/gen-docs.mjs fills it). */
export function policyTable(): string {
  const rows = POLICIES.map((policy) =>
    [
      policy.surface,
      policy.config ?? "none",
      yes(policy.ignore),
      policy.confined ? "skipped" : "followed",
      yes(policy.suppressions),
      BASELINE[policy.baseline ?? "none"],
      yes(policy.pins),
      yes(policy.tokens),
      policy.elixirEvaluation ? "when asked" : "no",
      FIXES[policy.fixes ?? "none"],
      policy.why,
    ].join(" | "),
  );
  return [
    "| surface | config | ignore rules | symlinked files leading out of the directory | inline directives | baseline | pins | token estimates | Elixir evaluated (--elixir-eval) | fixes | why |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...rows.map((row) => `| ${row} |`),
  ].join("\n");
}

/** A list as prose: "a", "a and b", "a, b and c" (or with "or"). */
function prose(items: readonly string[], joiner = "and"): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${joiner} ${items.at(-1)}`;
}

/** What a surface applies, as one sentence for its own page: the region `policy-<id>` (scripts/gen-docs.mjs fills it). */
export function policySentence(policy: Policy): string {
  const steps: readonly [boolean, string][] = [
    [policy.ignore, "the ignore rules"],
    [policy.suppressions, "inline directives"],
    [policy.baseline !== null, `the baseline${policy.baseline === "apply-or-report" ? " (a broken one is reported, and the lint goes on without it)" : ""}`],
    [policy.pins, "the pins"],
    [policy.tokens, "the token estimates"],
    [policy.elixirEvaluation, "Elixir's evaluation of Elixir tool modules when asked"],
  ];
  const applied = steps.filter(([on]) => on).map(([, what]) => what);
  const none = steps.filter(([on]) => !on).map(([, what]) => what.replace(/ \(.*\)$/, ""));
  const config = policy.config === null ? "no config" : `the config (${policy.config})`;
  const list = applied.length === 0 ? `${config}, and none of ${prose(none, "or")}` : prose([config, ...applied]);
  return `**What it applies** ([surfaces.md](surfaces.md)): ${list}; fixes are ${FIXES[policy.fixes ?? "none"]}. ${policy.why}`;
}

/** The regions of the docs generated from the policies, by name. */
export function policyRegions(): Readonly<Record<string, () => string>> {
  return Object.fromEntries([["policies", policyTable], ...POLICIES.map((policy) => [`policy-${policy.id}`, () => policySentence(policy)])]);
}
