// The action-file schema as the extension contributes it to VS Code's JSON support
// (jsonValidation): the linter's own schema (schemas/action-file.schema.json) with every
// assertion taken out and every annotation kept, so the editor completes keys and shows their
// docs on hover, and reports nothing. The linter reports each offence once, with its code; the
// schema's own checks would show each again in other words.

/** Keywords whose value is a schema. */
const SCHEMA = new Set(["additionalProperties", "items"]);
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAP = new Set(["properties", "definitions", "$defs"]);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST = new Set(["anyOf", "oneOf", "allOf"]);
/** Keywords that only annotate or point: kept as they are. */
const ANNOTATIONS = new Set(["$schema", "$id", "$ref", "title", "description", "markdownDescription", "default", "examples", "defaultSnippets", "deprecationMessage"]);

/** `schema` without its assertions: what is kept only describes. */
export function completionSchema(schema) {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return {};
  const kept = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(keyword)) kept[keyword] = value;
    // A boolean here asserts (false refuses every other key): only a schema is kept.
    else if (SCHEMA.has(keyword) && typeof value === "object" && value !== null && !Array.isArray(value)) kept[keyword] = completionSchema(value);
    else if (SCHEMA_MAP.has(keyword)) kept[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, completionSchema(sub)]));
    // Without their assertions the branches all match: their docs are offered, nothing is refused.
    else if (SCHEMA_LIST.has(keyword)) kept[keyword] = value.map(completionSchema);
  }
  return kept;
}
