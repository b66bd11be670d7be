// The library entry's exports that run none of the chain: the vocabulary, the published types
// and defineTool, the offence codes, the errors and the report text. index.ts exports them
// with the rest; module-entry.ts, which module processes serve to tool modules, exports them
// with the rest loaded at its first call.

export {
  actionSchemaKeys,
  mandatoryActionSchemaKeys,
  isActionSchemaKey,
  type ActionSchemaKey,
  type MandatoryActionSchemaKey,
} from "./vocabulary.js";
export { defineTool, type ActionNameOf, type ActionSchema, type ActionsMap, type ActionsOf, type PropertySchema, type Tool } from "./tool.js";
export { ActionSchemaError, UnknownActionError } from "./core/errors.js";
export type { Offence, Repair, SyntaxErrorCause, Target, TextEdit } from "./core/offence.js";
export { CODE_TABLE, OFFENCE_CODES, defaultSeverity, type OffenceCode, type Severity, type SeveritySetting } from "./core/codes.js";
export type { Path, PathSegment } from "./core/path.js";
export { renderLocation } from "./core/render-location.js";
export { renderReport } from "./core/report.js";
