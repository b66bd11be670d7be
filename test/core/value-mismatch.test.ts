// value-mismatch (src/core/advisory/value-mismatch.ts) measured on the official JSON Schema Test
// Suite (test/fixtures/json-schema-test-suite/, drafts 7 and 2020-12): each test's instance is
// written as the default of a property whose schema is the test's schema, in an action file
// linted through the pipeline at the codes' defaults. The schema stands under "allOf" with the
// dialect's "$schema" beside it, and its local references are pointed at where it now stands:
// the same schema, where the key-set walk's own shape rules (Wymcp refuses a boolean property
// schema or "items") do not hold the check back. Held: no false alarm on any valid test, also
// with the schema written as the property schema itself; every required invalid test the
// validator run directly catches is caught, but those listed as not judged, each with why,
// and the list is exactly what is missed. The format tests: no false alarm where "format" is
// asserted, nothing where it is an annotation.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { defaultSeverity } from "../../src/core/codes.js";
import { jsonSchemaValidator } from "../../src/core/json-schema/validator.js";
import type { FormatsReading } from "../../src/core/json-schema/dialect.js";
import { lintInputs } from "../../src/lint/pipeline.js";
import { DEFAULT_RULES, type SeverityRules } from "../../src/lint/severity.js";
import { repoPath } from "../support/paths.js";

const SUITE = repoPath("test/fixtures/json-schema-test-suite/tests");

interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}
interface SuiteCase {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: readonly SuiteTest[];
}

const DIALECTS = {
  draft7: { $schema: "http://json-schema.org/draft-07/schema#", draft: "7" },
  "draft2020-12": { $schema: "https://json-schema.org/draft/2020-12/schema", draft: "2020-12" },
} as const;
type Dialect = keyof typeof DIALECTS;

/** What a linter cannot judge as a default, by file and (when not the whole file) case, with why. */
const NOT_JUDGED: readonly { readonly dialect: Dialect; readonly file: string; readonly cases?: RegExp; readonly why: string }[] = [
  { dialect: "draft7", file: "refRemote.json", why: "a reference to another document (the suite serves them at localhost:1234): a linter fetches nothing" },
  { dialect: "draft2020-12", file: "refRemote.json", why: "a reference to another document (the suite serves them at localhost:1234): a linter fetches nothing" },
  { dialect: "draft7", file: "ref.json", cases: /^remote ref, containing refs itself$/, why: "a reference to the draft-07 meta-schema by its URL: another document" },
  { dialect: "draft2020-12", file: "ref.json", cases: /^remote ref, containing refs itself$/, why: "a reference to the 2020-12 meta-schema by its URL: another document" },
  { dialect: "draft7", file: "definitions.json", why: "a reference to the draft-07 meta-schema by its URL: another document" },
  { dialect: "draft2020-12", file: "defs.json", why: "a reference to the 2020-12 meta-schema by its URL: another document" },
  { dialect: "draft2020-12", file: "vocabulary.json", why: `"$schema" names a meta-schema on the network, with vocabularies of its own: its dialect is unknown here` },
  { dialect: "draft2020-12", file: "dynamicRef.json", why: `"$dynamicRef" resolves in the dynamic scope, which the validator does not implement: such a schema is not judged` },
  { dialect: "draft2020-12", file: "unevaluatedItems.json", cases: /\$dynamicRef/, why: `"$dynamicRef": see dynamicRef.json` },
  { dialect: "draft2020-12", file: "unevaluatedProperties.json", cases: /\$dynamicRef/, why: `"$dynamicRef": see dynamicRef.json` },
  {
    dialect: "draft2020-12",
    file: "ref.json",
    cases: /^order of evaluation: \$id and \$anchor and \$ref$/,
    why: "one anchor name in two resources: the validator registers an embedded resource's anchor against the enclosing base too, so the document is not judged",
  },
];

function cases(dir: string): { file: string; cases: SuiteCase[] }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((file) => ({ file, cases: JSON.parse(readFileSync(join(dir, file), "utf8")) as SuiteCase[] }));
}

/** A plain copy of a JSON value whose "__proto__" keys stay keys. */
function copied(value: unknown, each: (key: string, inner: unknown, within: Record<string, unknown>) => unknown = (_, inner) => copied(inner)): unknown {
  if (Array.isArray(value)) return value.map((entry) => copied(entry));
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    Object.defineProperty(out, key, { value: each(key, inner, value as Record<string, unknown>), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * The test's schema as a property schema at /properties/v (`wrapped`: under "allOf", at
 * /properties/v/allOf/0), its local references ("#", "#/…", where no "$id" sets another base)
 * pointed there; the dialect's "$schema" beside it unless it names its own.
 */
function embedded(schema: unknown, dialect: Dialect, wrapped: boolean): unknown {
  const at = wrapped ? "#/properties/v/allOf/0" : "#/properties/v";
  const rewrite = (value: unknown, underId: boolean): unknown => {
    if (Array.isArray(value)) return value.map((entry) => rewrite(entry, underId));
    if (typeof value !== "object" || value === null) return value;
    const own = value as Record<string, unknown>;
    // draft-07 ignores an "$id" beside "$ref".
    const base = underId || (typeof own["$id"] === "string" && !(dialect === "draft7" && "$ref" in own));
    return copied(value, (key, inner) => {
      if (key === "$ref" && typeof inner === "string" && !base && (inner === "#" || inner.startsWith("#/"))) return `${at}${inner.slice(1)}`;
      return ["enum", "const", "default", "examples"].includes(key) ? copied(inner) : rewrite(inner, base);
    });
  };
  const written = rewrite(schema, false);
  const own = typeof written === "object" && written !== null && typeof (written as Record<string, unknown>)["$schema"] === "string";
  const $schema = own ? (written as Record<string, unknown>)["$schema"] : DIALECTS[dialect].$schema;
  if (!wrapped && typeof written === "object") return { ...(written as Record<string, unknown>), $schema };
  return { $schema, allOf: [written] };
}

interface Outcome {
  readonly label: string;
  readonly valid: boolean;
  /** The linter's value-mismatch on the default, when it reported one. */
  readonly found: string | null;
  /** Whether the validator, run directly on the test, refuses the instance. */
  readonly validatorRefuses: boolean;
  readonly notJudged: string | null;
}

/** Every test of `dir`'s files, linted as defaults (`wrapped` or not) under `rules`. */
async function outcomes(dialect: Dialect, dir: string, wrapped: boolean, rules: SeverityRules = DEFAULT_RULES): Promise<Outcome[]> {
  const { Validator } = jsonSchemaValidator();
  const out: Outcome[] = [];
  for (const { file, cases: all } of cases(dir)) {
    const actions: Record<string, unknown> = {};
    const labels = new Map<string, Omit<Outcome, "found">>();
    all.forEach((suiteCase, i) => {
      suiteCase.tests.forEach((one, j) => {
        const name = `case_${i}_${j}`;
        actions[name] = { description: "A suite test", properties: { v: embedded(suiteCase.schema, dialect, wrapped) }, defaults: { v: copied(one.data) } };
        let validatorRefuses = false;
        try {
          validatorRefuses = !new Validator(copied(suiteCase.schema), DIALECTS[dialect].draft, false).validate(copied(one.data)).valid;
        } catch {
          // A reference it cannot resolve: it judges nothing.
        }
        const listed = NOT_JUDGED.find((n) => n.dialect === dialect && n.file === file && (n.cases === undefined || n.cases.test(suiteCase.description)));
        labels.set(name, { label: `${dialect}/${file}: ${suiteCase.description}: ${one.description}`, valid: one.valid, validatorRefuses, notJudged: listed?.why ?? null });
      });
    });
    const path = `/suite/${dialect}/${file.replace(/\.json$/, "")}.actions.json`;
    const { files } = await lintInputs([{ found: { file: path, path, kind: "action-file" }, text: JSON.stringify(actions) }], {
      read: { timeoutMs: 20_000 },
      rules,
      suppress: true,
    });
    const offences = files.flatMap((f) => f.offences);
    assert.ok(!offences.some((o) => o.code === "too-many-offences"), `${file}: past the report's cap`);
    for (const [name, outcome] of labels) {
      const found = offences.find((o) => o.code === "value-mismatch" && o.action === name && o.path[0] === "defaults");
      out.push({ ...outcome, found: found?.message ?? null });
    }
  }
  return out;
}

for (const dialect of Object.keys(DIALECTS) as Dialect[]) {
  const dir = join(SUITE, dialect);
  const total = cases(dir).reduce((n, { cases: all }) => n + all.reduce((m, c) => m + c.tests.length, 0), 0);

  test(`${dialect}: the ${total} required tests as defaults: no false alarm; every invalid one the validator catches is caught, but those listed as not judged`, async (t) => {
    const seen = await outcomes(dialect, dir, true);
    assert.equal(seen.length, total);
    assert.deepEqual(
      seen.filter((o) => o.valid && o.found !== null).map((o) => `${o.label}: ${o.found}`),
      [],
      "false alarms",
    );
    const invalid = seen.filter((o) => !o.valid);
    const missed = invalid.filter((o) => o.found === null);
    // The list is exactly what is missed: a listed test the linter now catches must leave the list.
    assert.deepEqual(
      missed.filter((o) => o.notJudged === null).map((o) => o.label),
      [],
      "missed, and not listed",
    );
    assert.deepEqual(
      invalid.filter((o) => o.notJudged !== null && o.found !== null).map((o) => o.label),
      [],
      "listed as not judged, yet caught",
    );
    // On what it judges, the linter catches all the validator catches.
    const judged = invalid.filter((o) => o.notJudged === null);
    assert.ok(judged.filter((o) => o.found !== null).length >= judged.filter((o) => o.validatorRefuses).length);
    assert.ok(judged.length > invalid.length * 0.9, `${judged.length} of ${invalid.length} invalid tests judged`);
    const count = (list: readonly Outcome[], of: (o: Outcome) => boolean): number => list.filter(of).length;
    t.diagnostic(
      `${seen.length - invalid.length} valid, 0 false alarms; ${invalid.length} invalid: the linter catches ${count(invalid, (o) => o.found !== null)}, the validator run directly ${count(invalid, (o) => o.validatorRefuses)}; of the ${judged.length} judged, ${count(judged, (o) => o.found !== null)} and ${count(judged, (o) => o.validatorRefuses)}; the validator refuses ${count(seen, (o) => o.valid && o.validatorRefuses)} of the valid tests`,
    );
  });

  test(`${dialect}: the same tests with the schema as the property schema itself: no false alarm (the walk's shape rules may hold the check back)`, async () => {
    const seen = await outcomes(dialect, dir, false);
    assert.deepEqual(
      seen.filter((o) => o.valid && o.found !== null).map((o) => `${o.label}: ${o.found}`),
      [],
    );
    assert.ok(seen.filter((o) => !o.valid && o.found !== null).length > seen.filter((o) => !o.valid).length * 0.85);
  });

  test(`${dialect}: the format tests: no false alarm with "format" asserted, none at all with it an annotation, and each dialect's reading by default`, async (t) => {
    const formats = join(dir, "optional", "format");
    const under = async (reading: FormatsReading | undefined): Promise<Outcome[]> =>
      outcomes(dialect, formats, true, reading === undefined ? DEFAULT_RULES : { severityOf: (code) => defaultSeverity(code), formats: reading });
    const asserted = await under("assert");
    assert.deepEqual(
      asserted.filter((o) => o.valid && o.found !== null).map((o) => `${o.label}: ${o.found}`),
      [],
    );
    const caught = asserted.filter((o) => !o.valid && o.found !== null).length;
    // The formats of the dialect the validator knows (not the idn- and iri- forms, nor hostname's finer rules).
    assert.ok(caught > asserted.filter((o) => !o.valid).length * 0.6, `${caught} invalid format tests caught`);
    assert.deepEqual(
      (await under("annotate")).filter((o) => o.found !== null).map((o) => o.label),
      [],
    );
    const byDefault = (await under(undefined)).filter((o) => o.found !== null).length;
    assert.equal(byDefault, dialect === "draft7" ? caught : 0);
    t.diagnostic(`${asserted.length} format tests; asserted: 0 false alarms, ${caught} of ${asserted.filter((o) => !o.valid).length} invalid caught`);
  });
}
