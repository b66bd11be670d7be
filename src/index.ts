// The library entry point, `import { ... } from "wymcp-lint"`. It exposes the vocabulary,
// the published types, validating (checkTool / validateTool / checkActions) and obtaining
// (actionNames / fetchSchema / fetchSchemas). Nothing here imports a dependency.

export {
  actionSchemaKeys,
  mandatoryActionSchemaKeys,
  isActionSchemaKey,
  type ActionSchemaKey,
  type MandatoryActionSchemaKey,
} from "./vocabulary.js";
export { defineTool, type ActionNameOf, type ActionSchema, type ActionsMap, type ActionsOf, type PropertySchema, type Tool } from "./tool.js";
export { checkTool, validateTool } from "./validate.js";
export { checkActions } from "./core/chain.js";
export { actionNames, fetchSchema, fetchSchemas } from "./core/obtain.js";
export { ActionSchemaError, UnknownActionError } from "./core/errors.js";
export type { Offence, Repair, SyntaxErrorCause, Target, TextEdit } from "./core/offence.js";
export { CODE_TABLE, OFFENCE_CODES, defaultSeverity, type OffenceCode, type Severity, type SeveritySetting } from "./core/codes.js";
export type { Path, PathSegment } from "./core/path.js";
export { renderLocation } from "./core/render-location.js";
export { renderReport } from "./core/report.js";
