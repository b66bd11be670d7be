// Writes a value as JSON5 the way people hand-write it, so the JSON5 corpus exercises what a
// JSON5 parser must handle: unquoted keys where allowed, trailing commas, `//` and `/* */`
// comments, single-quoted strings. The parsed value equals the input (checked by generate.mjs
// on a sample), so the JSON and JSON5 corpora carry the same content.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// Single quotes only where no escape is needed (no quote, backslash or control character).
const SINGLE_QUOTABLE = /^[^'\\\u0000-\u001f\u2028\u2029]*$/;

const ASIDES = [
  "kept for backwards compatibility",
  "see the API reference",
  "TODO: tighten once the API documents limits",
  "mirrors the REST endpoint",
  "server-side default applies when omitted",
];

function key(k) {
  return IDENTIFIER.test(k) ? k : JSON.stringify(k);
}

function string(s, rng) {
  return SINGLE_QUOTABLE.test(s) && rng.chance(0.25) ? `'${s}'` : JSON.stringify(s);
}

function isPrimitive(v) {
  return v === null || typeof v !== "object";
}

function write(value, rng, indent) {
  if (typeof value === "string") return string(value, rng);
  if (isPrimitive(value)) return JSON.stringify(value);
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const parts = value.map((v) => write(v, rng, inner));
    if (value.every(isPrimitive) && parts.join(", ").length < 60) return `[${parts.join(", ")}]`;
    return `[\n${parts.map((p) => `${inner}${p},\n`).join("")}${indent}]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return "{}";
  let out = "{\n";
  for (const k of keys) {
    if (rng.chance(0.03)) out += `${inner}// ${rng.pick(ASIDES)}\n`;
    out += `${inner}${key(k)}: ${write(value[k], rng, inner)},\n`;
  }
  return out + indent + "}";
}

/** The action file `file` as JSON5 text: a header comment, then a comment before each action. */
export function actionFileToJSON5(file, rng, toolName) {
  let out = `/*\n * ${toolName}: action declarations.\n * Edited by hand; comments and trailing commas are welcome.\n */\n{\n`;
  for (const name of Object.keys(file)) {
    const v = file[name];
    if (name !== "$schema") {
      out += rng.chance(0.5) ? `  // ${name}\n` : `  /* ${name}: ${rng.pick(ASIDES)} */\n`;
    }
    out += `  ${key(name)}: ${write(v, rng, "  ")},\n`;
  }
  return out + "}\n";
}
