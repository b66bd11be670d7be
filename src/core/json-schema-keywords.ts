// The one home of the JSON Schema keyword list: every keyword of draft-07 and of 2020-12
// (core, applicator, unevaluated, validation, meta-data, format and content vocabularies),
// as the unknown-keyword check compares a property schema's keys with it.

export const JSON_SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  // Core
  "$schema", "$id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
  // Applicators
  "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas", "prefixItems", "items", "contains",
  "properties", "patternProperties", "additionalProperties", "propertyNames",
  // Unevaluated
  "unevaluatedItems", "unevaluatedProperties",
  // Validation
  "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
  "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
  "maxProperties", "minProperties", "required", "dependentRequired",
  // Meta-data, format, content
  "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
  "format", "contentEncoding", "contentMediaType", "contentSchema",
  // draft-07 only
  "definitions", "dependencies", "additionalItems",
]);
