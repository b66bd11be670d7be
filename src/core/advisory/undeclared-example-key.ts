// undeclared-example-key: every argument of an example is declared in "properties" (the
// gate would refuse the call the example shows). Keys only; values are not checked.

import { closeMatch } from "../close-match.js";
import { inspectString } from "../../text/escape.js";
import { isList } from "../map.js";
import type { Draft } from "../offence.js";
import type { AdvisoryCheck } from "./context.js";

export const undeclaredExampleKey: AdvisoryCheck = (schema, { read, properties }) => {
  const examples = read.get(schema, "examples");
  if (!isList(examples)) return [];
  const drafts: Draft[] = [];
  examples.forEach((example, i) => {
    if (!read.isMap(example)) return;
    for (const key of read.keys(example)) {
      if (read.has(properties, key)) continue;
      const match = closeMatch(key, read.keys(properties));
      drafts.push({
        code: "undeclared-example-key",
        path: ["examples", i],
        target: { path: ["examples", i, key], part: "key" },
        message: `"examples" entry ${i} passes ${inspectString(key)}, which "properties" does not declare`,
        fix: match
          ? `Rename it to ${inspectString(match)}, or declare ${inspectString(key)} in "properties".`
          : `Declare ${inspectString(key)} in "properties", or remove it from the example.`,
      });
    }
  });
  return drafts;
};
