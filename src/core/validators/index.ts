// The validator registry: exactly one validator per vocabulary key. Its type is a mapped
// type over ActionSchemaKey, so a key joining the vocabulary without a validator (or a
// validator for a key that is not in it) fails to compile; the chain reads it in
// vocabulary order through actionSchemaKeys().

import type { ActionSchemaKey } from "../../vocabulary.js";
import type { Validator } from "./context.js";
import { validateDefaults } from "./defaults.js";
import { validateDescription } from "./description.js";
import { validateExamples } from "./examples.js";
import { validateNotes } from "./notes.js";
import { validateProperties } from "./properties.js";
import { validateRelated } from "./related.js";
import { validateRequired } from "./required.js";
import { validateRequiredOneOf } from "./required-one-of.js";

export const VALIDATORS: { readonly [K in ActionSchemaKey]: Validator } = {
  description: validateDescription,
  properties: validateProperties,
  required: validateRequired,
  required_one_of: validateRequiredOneOf,
  defaults: validateDefaults,
  notes: validateNotes,
  related: validateRelated,
  examples: validateExamples,
};

export type { Validator, ValidatorContext } from "./context.js";
