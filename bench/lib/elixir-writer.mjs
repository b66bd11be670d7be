// Writes an actions map (plain JSON data) as a Wymcp tool module in Elixir, as its users write
// one: action names and action-schema keys as atoms in keyword syntax, property names and
// everything below `properties` as string keys (`"name" => …`), one entry per line. The
// values are the same as the JSON corpora's, so the module is clean too.

const ATOM = /^[a-z_][A-Za-z0-9_]*$/;

/** An Elixir string literal of `text` (no interpolation: `#{` is escaped). */
function string(text) {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/#\{/g, "\\#{").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t")}"`;
}

function keyword(name) {
  return ATOM.test(name) ? `${name}:` : `${string(name)}:`;
}

/** `value` as Elixir, indented by `indent`; `atoms` writes the map's keys in keyword syntax. */
function term(value, indent, atoms) {
  if (value === null) return "nil";
  if (typeof value === "string") return string(value);
  if (typeof value !== "object") return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${inner}${term(item, inner, false)}`).join(",\n")}\n${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return "%{}";
  const entry = (key) => {
    const below = value[key];
    // An action schema's keys are atoms; `properties` and `defaults` hold string keys, and so does all below them.
    const childAtoms = atoms === "actions";
    const written = term(below, inner, childAtoms ? "schema" : false);
    return atoms ? `${inner}${keyword(key)} ${written}` : `${inner}${string(key)} => ${written}`;
  };
  return `%{\n${keys.map(entry).join(",\n")}\n${indent}}`;
}

/** A Wymcp tool module declaring `actions` (an action file's value, without "$schema"). */
export function elixirToolModule(moduleName, toolName, description, actions) {
  const body = term(actions, "    ", "actions");
  return [
    `# ${toolName}: a generated Elixir tool module (wymcp-lint benchmark corpus).`,
    `defmodule ${moduleName} do`,
    "  use Wymcp.Tool",
    "",
    `  def name, do: ${string(toolName)}`,
    `  def description, do: ${string(description)}`,
    "",
    "  def actions do",
    `    ${body}`,
    "  end",
    "end",
    "",
  ].join("\n");
}
