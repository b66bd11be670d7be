// One entry of the result cache (cache.ts) and the check every entry read from the file passes
// before it is used: the shape the linter writes, field by field, with no field it does not
// write. A cache is a hint (docs/cli.md, "Cache"): an entry that fails (a null offence, a code
// that does not exist, a message with a raw escape, a location that is not its path's) is
// dropped and its file linted again, so no entry can end a run or put text in a report that
// the linter's own lint would not. Light on purpose: a run whose files all hit loads none of the
// chain, so this reads only the records (codes, clients) and the renderer of a location.

import { CLIENT_IDS } from "../core/client-limits/profiles.js";
import { isOffenceCode } from "../core/codes.js";
import { renderLocation } from "../core/render-location.js";
import type { ToolLint } from "../core/tool-lint.js";
import type { Path } from "../core/path.js";
import { isSafeText } from "../text/escape.js";

/** One file's entry: what it was linted from, its lint, and for a tool module what each file it loaded was and what decided how it loaded. */
export interface Entry {
  readonly stamp: string;
  readonly lint: ToolLint;
  readonly loaded?: Readonly<Record<string, string>>;
  /** A tool module's load scope when it was linted (load-scope.ts): its package.json's type, its tsconfig. */
  readonly scope?: string;
  /** The content strategy's stat of the file when `stamp` was its hash (size:mtime:ctime:inode); absent when it must be hashed again. */
  readonly stat?: string;
}

type Check = (value: unknown) => boolean;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A record whose keys are among `required` and `optional`, each present required one passing its check. */
function shaped(required: Readonly<Record<string, Check>>, optional: Readonly<Record<string, Check>> = {}): Check {
  return (value) => {
    if (!isRecord(value)) return false;
    for (const key of Object.keys(required)) if (!Object.hasOwn(value, key)) return false;
    for (const [key, field] of Object.entries(value)) {
      const check = Object.hasOwn(required, key) ? required[key] : Object.hasOwn(optional, key) ? optional[key] : undefined;
      if (check === undefined || !check(field)) return false;
    }
    return true;
  };
}

const isString: Check = (value) => typeof value === "string";
const isSafeString: Check = (value) => typeof value === "string" && isSafeText(value);
const isBoolean: Check = (value) => typeof value === "boolean";
const isCount: Check = (value) => Number.isSafeInteger(value) && (value as number) >= 0;
const isPlace: Check = (value) => Number.isSafeInteger(value) && (value as number) >= 1;
const oneOf =
  (values: readonly unknown[]): Check =>
  (value) =>
    values.includes(value);
const listOf =
  (item: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(item);
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const isCode: Check = (value) => typeof value === "string" && isOffenceCode(value);
const isPath: Check = listOf((segment) => typeof segment === "string" || isCount(segment));

const isRepair: Check = (value) => {
  if (!isRecord(value)) return false;
  switch (value["kind"]) {
    case "rename-key":
    case "delete-hidden":
      return shaped({ kind: isString, to: isString })(value);
    case "remove-entry":
    case "split-to-notes":
      return shaped({ kind: isString })(value);
    default:
      return false;
  }
};

const isEdit = shaped({ start: isCount, end: isCount, text: isString, startLine: isPlace, startColumn: isPlace, endLine: isPlace, endColumn: isPlace });

const offenceFields = shaped(
  {
    code: isCode,
    severity: oneOf(["error", "warn"]),
    action: orNull(isString),
    path: isPath,
    location: isString,
    message: isSafeString,
    fix: isSafeString,
    target: shaped({ path: isPath, part: oneOf(["key", "value"]) }),
  },
  {
    line: isPlace,
    column: isPlace,
    exact: isBoolean,
    repair: isRepair,
    edits: listOf(isEdit),
    syntaxError: shaped({ at: orNull(shaped({ file: isString, position: shaped({ line: isPlace, column: isPlace }) })) }),
    client: oneOf(CLIENT_IDS),
    formats: shaped({ holds: oneOf(["assert", "annotate"]), dialect: oneOf(["assert", "annotate"]) }),
  },
);

/** An offence as the linter writes one: its location is its path's, as the one renderer spells it. */
const isOffence: Check = (value) => offenceFields(value) && (value as { location: string }).location === renderLocation((value as { path: Path }).path);

const isHeldBack = shaped({ action: isString, check: isCode, gate: orNull(listOf(isString)), by: listOf(isCode), withheld: orNull(listOf(isOffence)) });

const isDeclaration: Check = (value) =>
  shaped({ name: isString, actions: isRecord }, { description: isString })(value) || shaped({ listed: (listed) => Array.isArray(listed) })(value);

const isToolLint = shaped({ tool: orNull(isString), actions: isCount, offences: listOf(isOffence) }, { heldBack: listOf(isHeldBack), declaration: isDeclaration });

const isStampTable: Check = (value) => isRecord(value) && Object.values(value).every(isString);

/** Whether `value` is an entry as the linter writes one. */
export const isEntry = shaped(
  { stamp: isString, lint: isToolLint },
  { loaded: isStampTable, scope: isString, stat: (stat) => typeof stat === "string" && /^\d+:\d+:\d+:\d+$/.test(stat) },
) as (value: unknown) => value is Entry;
