// The checks of an Elixir tool that only its terms can fail (docs/checks.md, "Elixir tool
// modules"), as Wymcp reads them: the tool's name and description are strings, action names
// and action-schema keys are atoms, an action's description and notes, property names and the
// entries of required and required_one_of are strings, and a struct is no map. Everything else is the chain's, on the
// converted values (convert.ts).

import { finalizeOffence, toolOffence, type Offence } from "../core/offence.js";
import type { Path } from "../core/path.js";
import { inspectAtom, inspectString } from "../text/escape.js";
import { keyName } from "./convert.js";
import type { Term } from "./term.js";

/** A term as a message names it, as Elixir writes it. */
export function describeTerm(term: Term): string {
  switch (term.kind) {
    case "string":
      return `the string ${inspectString(term.value)}`;
    case "atom":
      return `the atom ${inspectAtom(term.value)}`;
    case "integer":
    case "float":
      return `the number ${term.value}`;
    case "list":
      return term.keywords ? "a keyword list" : term.charlist ? "a charlist" : "a list";
    case "tuple":
      return "a tuple";
    case "map":
      return term.struct === undefined ? "a map" : `the struct %${term.struct}{}`;
    case "dynamic":
      return term.what;
  }
}

// How much of a term a message shows.
const SHOWN = 80;

/** A term as Elixir's inspect writes it, shortened to SHOWN characters. */
export function inspectTerm(term: Term): string {
  let out = "";
  const write = (part: Term): boolean => {
    if (out.length > SHOWN) return false;
    switch (part.kind) {
      case "string":
        out += inspectString(part.value);
        break;
      case "atom":
        out += inspectAtom(part.value);
        break;
      case "integer":
      case "float":
        out += String(part.value);
        break;
      case "dynamic":
        out += `(${part.what})`;
        break;
      case "list":
      case "tuple": {
        out += part.kind === "list" ? "[" : "{";
        for (const [i, item] of part.items.entries()) {
          if (i > 0) out += ", ";
          if (!write(item)) return false;
        }
        out += part.kind === "list" ? "]" : "}";
        break;
      }
      case "map": {
        out += part.struct === undefined ? "%{" : `%${part.struct}{`;
        for (const [i, entry] of part.entries.entries()) {
          if (i > 0) out += ", ";
          if (!write(entry.key)) return false;
          out += " => ";
          if (!write(entry.value)) return false;
        }
        out += "}";
        break;
      }
    }
    return true;
  };
  return write(term) && out.length <= SHOWN ? out : `${out.slice(0, SHOWN - 1)}…`;
}

function wrongType(action: string, path: Path, target: Path, part: "key" | "value", message: string, fix: string): Offence {
  return finalizeOffence({ code: "wrong-type", path, target: { path: target, part }, message, fix }, action);
}

function structs(term: Term, action: string, path: Path, out: Offence[]): void {
  if (term.kind === "map") {
    if (term.struct !== undefined) {
      out.push(wrongType(action, path.slice(0, -1), path, "value", `${describeTerm(term)} is no map Wymcp can read`, "Write a plain map, %{…}, in its place."));
    }
    for (const entry of term.entries) structs(entry.value, action, [...path, keyName(entry.key)], out);
  } else if (term.kind === "list" || term.kind === "tuple") {
    for (const [i, item] of term.items.entries()) structs(item, action, [...path, i], out);
  }
}

function stringEntries(list: Term, action: string, path: Path, what: string, out: Offence[]): void {
  if (list.kind !== "list") return;
  for (const [i, entry] of list.items.entries()) {
    if (entry.kind === "atom" && !["nil", "true", "false"].includes(entry.value)) {
      out.push(wrongType(action, path, [...path, i], "value", `${what} must be a string; got ${describeTerm(entry)}`, `Write it as the string ${inspectString(entry.value)}.`));
    }
  }
}

function actionOffences(action: string, schema: Term, out: Offence[]): void {
  structs(schema, action, [], out);
  if (schema.kind !== "map" || schema.struct !== undefined) return;
  for (const { key, value } of schema.entries) {
    const name = keyName(key);
    if (key.kind !== "atom" && key.kind !== "dynamic") {
      out.push(
        wrongType(
          action,
          [],
          [name],
          "key",
          `an action-schema key must be an atom; got ${describeTerm(key)}`,
          `Write the key as the atom ${inspectAtom(name)} (${name}: … in a map).`,
        ),
      );
    }
    if (name === "properties" && value.kind === "map" && value.struct === undefined) {
      for (const property of value.entries) {
        if (property.key.kind !== "string" && property.key.kind !== "dynamic") {
          const written = keyName(property.key);
          out.push(
            wrongType(
              action,
              ["properties"],
              ["properties", written],
              "key",
              `a property name must be a string; got ${describeTerm(property.key)}`,
              `Write the name as the string ${inspectString(written)} (${inspectString(written)} => …).`,
            ),
          );
        }
      }
    }
    // Text the format wants as a string: an atom is no string, though the JSON it would encode to reads the same.
    if ((name === "description" || name === "notes") && value.kind === "atom" && !["nil", "true", "false"].includes(value.value)) {
      out.push(wrongType(action, [name], [name], "value", `"${name}" must be a string; got ${describeTerm(value)}`, `Write it as the string ${inspectString(value.value)}.`));
    }
    if (name === "required") stringEntries(value, action, ["required"], "a required entry", out);
    if (name === "required_one_of" && value.kind === "list") {
      for (const [i, group] of value.items.entries()) stringEntries(group, action, ["required_one_of", i], "a required_one_of entry", out);
    }
  }
}

/** The offences of the tool's terms: `name`, `description`, `actions` as read (null where absent). */
export function termOffences(name: Term | null, description: Term | null, actions: Term | null): Offence[] {
  const out: Offence[] = [];
  for (const [key, term] of [
    ["name", name],
    ["description", description],
  ] as const) {
    if (term !== null && term.kind === "atom" && !["nil", "true", "false"].includes(term.value)) {
      out.push(
        toolOffence("tool-shape", `${key}/0 must return a string; got ${describeTerm(term)}`, `Return the string ${inspectString(term.value)}.`, { path: [key], part: "value" }),
      );
    }
  }
  if (actions === null || actions.kind !== "map") return out;
  if (actions.struct !== undefined) {
    out.push(
      toolOffence("tool-shape", `actions/0 must return a map of action names to action schemas; got ${describeTerm(actions)}`, "Return a plain map, %{action_name: %{…}}.", {
        path: ["actions"],
        part: "value",
      }),
    );
    return out;
  }
  for (const { key, value } of actions.entries) {
    const action = keyName(key);
    if (key.kind !== "atom" && key.kind !== "dynamic") {
      out.push(
        wrongType(action, [], [], "key", `an action name must be an atom; got ${describeTerm(key)}`, `Write the name as the atom ${inspectAtom(action)} (${action}: %{…}).`),
      );
    }
    actionOffences(action, value, out);
  }
  return out;
}
