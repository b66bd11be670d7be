// node:module in the playground: the core loads its validators at their first use with
// createRequire (src/core/json-schema/validator.ts, src/core/advisory/invalid-schema.ts); here
// they are in the bundle, found by the names those files ask for.
import * as cfworker from "../../../src/core/json-schema/vendored/cfworker.js";
import * as draft07 from "../../../src/core/advisory/meta-schemas/draft-07.js";
import * as draft202012 from "../../../src/core/advisory/meta-schemas/draft-2020-12.js";

const MODULES: Readonly<Record<string, unknown>> = {
  "./vendored/cfworker.js": cfworker,
  "./meta-schemas/draft-07.js": draft07,
  "./meta-schemas/draft-2020-12.js": draft202012,
};

export function createRequire(): (specifier: string) => unknown {
  return (specifier) => {
    const found = MODULES[specifier];
    if (found === undefined) throw new Error(`the playground has no ${specifier}`);
    return found;
  };
}
export default { createRequire };
