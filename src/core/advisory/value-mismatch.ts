// value-mismatch: a value written beside a schema that the schema refuses (value-check.ts, by
// the JSON Schema validator): an entry of "defaults", an argument of an "examples" entry,
// each against its property's schema, and a "default" or an "examples" entry inside any
// subschema, against the schema it sits in. A default merged into a call, or an example a
// model copies, then fails the server's own validation. A mismatch only a "format" makes
// carries how its dialect reads "format", for the config's `formats` (lint/severity.ts).

import { inspectString } from "../../text/escape.js";
import { someMap } from "../json-schema/document.js";
import { isList, type MapLike, type MapReader } from "../map.js";
import type { Draft } from "../offence.js";
import { materialize, type Path, type PathSegment } from "../path.js";
import { type JudgedProblem, type ValueJudge, valueJudge } from "../value-check.js";
import type { AdvisoryCheck, AdvisoryContext } from "./context.js";

function where(inner: readonly PathSegment[]): string {
  return inner.map((s) => (typeof s === "number" ? `[${s}]` : `[${inspectString(s)}]`)).join("");
}

function draft(path: Path, target: Path, what: string, { at, message, formats }: JudgedProblem): Draft {
  return {
    code: "value-mismatch",
    path,
    target: { path: target, part: "value" },
    message: `${what}${at.length > 0 ? ` at ${where(at)}` : ""}: ${message}`,
    fix: "Change the value so the schema accepts it, or correct the schema if the value is what callers send.",
    ...(formats === undefined ? {} : { formats }),
  };
}

/** The arguments of "defaults" and of each "examples" entry, against the declared properties. */
function argumentDrafts(schema: MapLike, { read, properties }: AdvisoryContext, judge: ValueJudge): Draft[] {
  const drafts: Draft[] = [];
  // A default's keys are the defaults check's (undeclared-default), where the closure reaches.
  const check = (args: MapLike, path: Path, what: (name: string) => string): void => {
    for (const name of read.keys(args)) {
      const property = read.get(properties, name);
      if (!read.isMap(property)) continue;
      const problem = judge.problem(read.get(args, name), property, path[0] === "defaults");
      if (problem !== null) drafts.push(draft(path.slice(0, 1), [...path, name], what(name), problem));
    }
  };
  const defaults = read.get(schema, "defaults");
  if (read.isMap(defaults)) check(defaults, ["defaults"], (name) => `the default of ${inspectString(name)}`);
  const examples = read.get(schema, "examples");
  if (isList(examples))
    examples.forEach((example, i) => {
      if (read.isMap(example)) check(example, ["examples", i], (name) => `"examples" entry ${i}'s ${inspectString(name)}`);
    });
  return drafts;
}

/**
 * Whether an action holds a value for the check to judge, read however malformed it is: a
 * "defaults" or "examples" key, or a map under "properties" with "default" or "examples".
 * When the check cannot run, it is reported held back only then (codes.ts, "unless-clean").
 */
export function holdsValues(schema: MapLike, read: MapReader): boolean {
  if (read.has(schema, "defaults") || read.has(schema, "examples")) return true;
  const properties = read.get(schema, "properties");
  return (read.isMap(properties) || isList(properties)) && someMap(properties as MapLike, read, (map) => read.has(map, "default") || read.has(map, "examples"));
}

export const valueMismatch: AdvisoryCheck = (schema, context) => {
  const { read } = context;
  const judge = valueJudge(context.document, read, context.document === schema);
  const drafts = argumentDrafts(schema, context, judge);
  for (const node of context.subschemas()) {
    const own = node.schema;
    const hasDefault = read.has(own, "default");
    const examples = read.get(own, "examples");
    if (!hasDefault && !isList(examples)) continue;
    const path = materialize(node);
    if (hasDefault) {
      const problem = judge.problem(read.get(own, "default"), own);
      if (problem !== null) drafts.push(draft(path, [...path, "default"], `"default"`, problem));
    }
    if (isList(examples))
      examples.forEach((example, i) => {
        const problem = judge.problem(example, own);
        if (problem !== null) drafts.push(draft(path, [...path, "examples", i], `"examples" entry ${i}`, problem));
      });
  }
  return drafts;
};
