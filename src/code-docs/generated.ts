// What the docs hold that is rendered from the code records (core/codes.ts) and the code
// pages (code-docs.ts): docs/offence-codes.md whole, and the tables hand-written pages carry
// between markers (`<!-- name:start -->` … `<!-- name:end -->`): which inputs each code applies
// to and whether --fix repairs it, the origins with their codes, the gated checks with what
// they read, the clients' limits by field (core/client-limits/profiles.ts), and the code
// pages' spans (DOC_SPANS). scripts/gen-docs.mjs writes them all;
// its --check, run by test/code-docs/generated.test.ts, finds any of them stale.

import { CODE_ORIGINS, type CodeOrigin, codeFacts, codeTitle, defaultSeverity, type Gate, type InputKind, OFFENCE_CODES, type OffenceCode } from "../core/codes.js";
import { CLIENT_LIMITS, FIELDS, type LimitRule, UNCOVERED_FIELDS } from "../core/client-limits/profiles.js";
import { OPTIONAL_PARTS } from "../optional-parts.js";
import { codeDoc, codeDocMarkdown, DOC_SECTIONS, DOC_SPANS } from "./code-docs.js";

/** How the docs name each kind of input, in the order their tables list them. */
const INPUT_LABELS: { readonly [K in InputKind]: string } = {
  "action-file": "action file",
  "tools-file": "tools file",
  "tool-module": "tool module",
  "elixir-module": "Elixir module",
  server: "server",
};
const INPUT_KINDS = Object.keys(INPUT_LABELS) as InputKind[];

const code = (c: string): string => `\`${c}\``;

function table(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`.replace(/ {2}\|/g, " |");
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

/** What --fix does to a code's offences: the repairs it may make; empty when it never does. */
function fixText(c: OffenceCode): string {
  const { fixable } = codeFacts(c);
  return fixable === "never" ? "" : fixable.map(code).join(", ");
}

/** Every code: its default severity, origin, the inputs it applies to and the repairs --fix may make. */
export function codesMatrix(): string {
  return table(
    ["code", "default", "origin", ...INPUT_KINDS.map((kind) => INPUT_LABELS[kind]), "`--fix`"],
    OFFENCE_CODES.map((c) => {
      const facts = codeFacts(c);
      return [`[${code(c)}](codes/${c}.md)`, facts.severity, facts.origin, ...INPUT_KINDS.map((kind) => (facts.appliesTo.includes(kind) ? "yes" : "")), fixText(c)];
    }),
  );
}

/** Every origin: what its pass reads, and its codes. */
export function originsTable(): string {
  return table(
    ["origin", "what it reads", "codes"],
    (Object.keys(CODE_ORIGINS) as CodeOrigin[]).map((origin) => [
      origin,
      CODE_ORIGINS[origin],
      OFFENCE_CODES.filter((c) => codeFacts(c).origin === origin)
        .map(code)
        .join(", "),
    ]),
  );
}

/** When a check held back is reported, by its gate's `quiet`. */
const QUIET: Readonly<Record<NonNullable<Gate["quiet"]> | "never", string>> = {
  never: "whenever the action has the first key",
  found: "only when what it would find is known and not empty",
  "unless-clean": "unless what it would find is known to be nothing (so also when a malformed value keeps it from running, if the action holds something it examines)",
};

/** Every check the chain's gate can hold back: the keys it reads, and what holds it back. */
export function gatesTable(): string {
  return table(
    ["check", "reads (the first is what it examines)", "held back by", "reported held back"],
    OFFENCE_CODES.flatMap((c) => {
      const gate = codeFacts(c).gate;
      if (gate === undefined) return [];
      return [
        [code(c), gate.reads.map(code).join(", "), gate.by === "keys" ? "a chain offence on those keys" : "any other chain offence of its action", QUIET[gate.quiet ?? "never"]],
      ];
    }),
  );
}

/** A limit's figure, as the table states it. */
function limitText(rule: LimitRule): string {
  switch (rule.kind) {
    case "name":
      return rule.shown === rule.pattern ? code(rule.shown) : rule.shown.replace(/ _ \. : -/, " `_ . : -`");
    case "qualified-name":
      return `server name and tool name together at most ${rule.max.toLocaleString("en-US")} characters`;
    case "description":
      return `at most ${rule.max.toLocaleString("en-US")} characters`;
    case "parameter-schema":
      return "an object: no `true` or `false` schema";
    case "tool-count":
      return `at most ${rule.max.toLocaleString("en-US")} tools${rule.across ? ", across all connected servers" : ""}`;
  }
}

/** Every client's limit: the field it is held to, the figure, what the client does past it, its source and when it was checked. */
export function clientLimitsTable(): string {
  return table(
    ["client", "field", "limit", "what the client does past it", "source", "checked"],
    CLIENT_LIMITS.map((limit) => [code(limit.client), FIELDS[limit.rule.kind], limitText(limit.rule), limit.rule.effect, limit.source, limit.checked]),
  );
}

/** The fields no source limits, and why each is not measured. */
export function uncoveredFieldsTable(): string {
  return table(
    ["field", "not measured, because"],
    UNCOVERED_FIELDS.map(({ field, why }) => [field, why]),
  );
}

/** The install's optional parts: each package, what it adds, and how to install it. */
export function optionalPartsTable(): string {
  return table(
    ["package", "what it adds", "install"],
    Object.values(OPTIONAL_PARTS).map((part) => [code(part.package), part.adds, code(`npm install ${part.package}`)]),
  );
}

/** The regions hand-written pages hold, by name: the tables above and the code pages' spans. */
const REGIONS: Readonly<Record<string, () => string>> = {
  "codes-matrix": codesMatrix,
  "optional-parts": optionalPartsTable,
  "code-origins": originsTable,
  "held-back-checks": gatesTable,
  "client-limits": clientLimitsTable,
  "uncovered-fields": uncoveredFieldsTable,
  ...DOC_SPANS,
};

/**
 * `text` with the region `name` holding `body`: between `<!-- name:start -->` and
 * `<!-- name:end -->`, on lines of its own when the start marker ends its line. Throws when the
 * markers are missing, repeated or out of order: a page that lost them is mended by hand.
 */
export function withRegion(text: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from || text.includes(start, from + 1) || text.includes(end, to + 1)) {
    throw new Error(`the region ${name} needs one "${start}" before one "${end}"`);
  }
  const block = text.charAt(from + start.length) === "\n";
  return text.slice(0, from + start.length) + (block ? `\n${body}\n` : body) + text.slice(to);
}

/**
 * `text` with every region of REGIONS, and of `more` (the surfaces' policies, which this floor
 * cannot import), it holds filled again (others, such as the README's sample report, have
 * generators of their own).
 */
export function withRegionsFilled(text: string, more: Readonly<Record<string, () => string>> = {}): string {
  const regions = { ...REGIONS, ...more };
  let filled = text;
  for (const [, name] of text.matchAll(/<!-- ([\w-]+):start -->/g)) {
    if (name !== undefined && Object.hasOwn(regions, name)) filled = withRegion(filled, name, (regions[name] as () => string)());
  }
  return filled;
}

/**
 * schemas/report.schema.json's text with its list of offence codes (an offence's "code" enum)
 * written again from OFFENCE_CODES, the rest of the hand-laid file as it is.
 */
export function reportSchemaWithCodes(text: string): string {
  const anchor = text.indexOf('"The offence code: a stable identifier');
  const open = text.indexOf('"enum": [', anchor);
  const close = text.indexOf("]", open);
  if (anchor < 0 || open < 0 || close < 0) throw new Error("schemas/report.schema.json: the offence's code enum is not where it was");
  const indent = /[ ]*$/.exec(text.slice(0, open))?.[0] ?? "";
  const list = OFFENCE_CODES.map((c) => `${indent}  "${c}"`).join(",\n");
  return `${text.slice(0, open)}"enum": [\n${list}\n${indent}]${text.slice(close + 1)}`;
}

/** docs/offence-codes.md, whole. */
export function offenceCodesPage(): string {
  const parts = [
    "# Offence codes",
    "<!-- Generated by scripts/gen-docs.mjs from the code records (src/core/codes.ts) and docs/codes/*.md. Do not edit by hand: edit those and run `npm run gen`. -->",
    "Every offence wymcp-lint reports carries one of these codes. The codes are stable identifiers. " +
      "`wymcp-lint --explain CODE` prints the same text in a terminal, and the SARIF output carries it as each rule's help.",
    "Each code has a default severity: an `error` fails the run (exit 1); a `warn` is shown and fails it only past `--max-warnings`.",
    table(
      ["code", "default", "what it reports"],
      OFFENCE_CODES.map((c) => [`[${code(c)}](#${c})`, defaultSeverity(c), codeTitle(c)]),
    ),
    ...OFFENCE_CODES.map((c) => {
      const facts = codeFacts(c);
      const inputs = facts.appliesTo.map((kind) => INPUT_LABELS[kind]).join(", ");
      const fix = facts.fixable === "never" ? "never" : fixText(c);
      const head = `*${codeTitle(c)}* (default severity: ${facts.severity}; origin: ${facts.origin}; applies to: ${inputs}; \`--fix\`: ${fix})`;
      return `## ${c}\n\n${head}\n\n${codeDocMarkdown(c).trimEnd()}`;
    }),
  ];
  return `${parts.join("\n\n")}\n`;
}

/** Where a code is reported, beyond the kinds of input it applies to: the site's sentence, given by the caller (the surfaces' policies are a floor above). */
export interface CodeSurfaces {
  readonly surfaces: string;
}

/**
 * The documentation site's page of one code (scripts/site.mjs): its facts from the record, its
 * prose and examples from docs/codes/<code>.md, and how to configure it. Links are relative to
 * the site's codes/ folder.
 */
export function codePage(c: OffenceCode, where: CodeSurfaces): string {
  const facts = codeFacts(c);
  const doc = codeDoc(c);
  const [meaning, why, bad, good, fix] = DOC_SECTIONS;
  const fence = (body: string): string => `\`\`\`${doc.lang}\n${body}\n\`\`\``;
  const inputs = facts.appliesTo.map((kind) => INPUT_LABELS[kind]).join(", ");
  const other = facts.severity === "error" ? "warn" : "error";
  return `${[
    `# ${c}`,
    `*${codeTitle(c)}*`,
    table(
      ["fact", "for this code"],
      [
        ["default severity", facts.severity],
        ["origin", `${facts.origin}: ${CODE_ORIGINS[facts.origin]}`],
        ["applies to", inputs],
        ["surfaces", where.surfaces],
        ["`--fix`", facts.fixable === "never" ? "never: the fix below is for you to make" : `repairs it (${fixText(c)}): see [Fixing](../fixing.md)`],
      ],
    ),
    `## ${meaning}\n\n${doc.meaning}`,
    `## ${why}\n\n${doc.why}`,
    `## ${bad}\n\n${fence(doc.bad)}`,
    `## ${good}\n\n${fence(doc.good)}`,
    `## ${fix}\n\n${doc.fix}`,
    "## Configure it",
    `Its severity, for every file or some ([configuration](../configuration.md)):\n\n\`\`\`json5\n{ rules: { "${c}": "${other}" }, overrides: [{ files: ["legacy/**"], rules: { "${c}": "off" } }] }\n\`\`\``,
    `One place, with an inline directive ([inline suppressions](../configuration.md#inline-suppressions)): \`wymcp-lint-disable-next-line ${c} -- reason\`. In a terminal: \`wymcp-lint --explain ${c}\`.`,
  ].join("\n\n")}\n`;
}
