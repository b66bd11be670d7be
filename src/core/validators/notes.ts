// `notes`: optional free text; unlike `description`, line breaks are allowed.

import { wrongType } from "../drafts.js";
import type { Validator } from "./context.js";

export const validateNotes: Validator = (value) =>
  typeof value === "string" ? [] : [wrongType(["notes"], ["notes"], `"notes"`, "a string", value, `Write "notes" as one string; use "\\n" for line breaks.`)];
