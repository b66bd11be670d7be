// The one source of offence-code documentation: for every code, a title, what it means,
// why it matters, a bad and a good example, and the fix. `wymcp-lint --explain CODE`
// (cli/explain.ts), the SARIF rules' help (cli/formatters/sarif.ts) and
// docs/offence-codes.md (scripts/gen-docs.mjs) all render it from here. The table is a
// mapped type over OffenceCode, so a code without docs fails to compile.

import { defaultSeverity, OFFENCE_CODES, type OffenceCode } from "./offence.js";
import { actionSchemaKeys, mandatoryActionSchemaKeys } from "../vocabulary.js";

/** The language of a doc's examples: an action file (JSON or JSON5), a tool module, or a file listing. */
export type ExampleLanguage = "json" | "json5" | "js" | "text";

export interface CodeDoc {
  /** A short description, e.g. for a SARIF rule's shortDescription. */
  readonly title: string;
  /** What the offence means: when exactly it is reported. */
  readonly meaning: string;
  /** Why it matters: what would go wrong if it were let through. */
  readonly why: string;
  /** The language of `bad` and `good`. */
  readonly lang: ExampleLanguage;
  /** An example that has the offence. */
  readonly bad: string;
  /** The same example, fixed. */
  readonly good: string;
  /** What to do about it. */
  readonly fix: string;
  /**
   * What the examples are when they are not a file: "server", a live server's two surfaces
   * of one tool, {"tools/list": its entry, "help": help's answer about it}.
   */
  readonly input?: "server";
}

const quoted = (keys: readonly string[]): string => keys.map((k) => `"${k}"`).join(", ");
const VOCABULARY = quoted(actionSchemaKeys());
const MANDATORY = quoted(mandatoryActionSchemaKeys());

export const CODE_DOCS: { readonly [C in OffenceCode]: CodeDoc } = {
  "unknown-key": {
    title: "Unknown action-schema key",
    meaning: `The action schema carries a key outside the vocabulary. An action schema may carry only ${VOCABULARY}. The fix names the closest vocabulary key when one is close (an edit distance of 2 or less, or a singular/plural slip), and lists the known keys otherwise.`,
    why: `Nothing reads a key outside the vocabulary, so a misspelt key would be dropped without a word: a "require" list would require nothing, and a "note" would never reach the help output. Rejecting unknown keys turns a quiet typo into an offence at the line where it was made.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": { "type": "string" }
    },
    "require": ["query"]
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": { "type": "string" }
    },
    "required": ["query"]
  }
}`,
    fix: `Rename the key to the vocabulary key you meant (the offence's fix names the closest one), or remove it. Keywords of a parameter's JSON Schema, such as "type" or "enum", belong inside that parameter's schema under "properties", not beside "description".`,
  },

  "missing-key": {
    title: "Mandatory key missing",
    meaning: `The action schema lacks one of the keys every action schema must carry: ${MANDATORY}. The location names the missing key; the line and column point at the action schema.`,
    why: `Help output summarises each action by its "description", and a call's arguments are checked against "properties". A schema without them is also refused when it is obtained at run time, so the action would fail when it is called or listed. An action without parameters says so with "properties": {}.`,
    lang: "json",
    bad: `{
  "ping": {
    "description": "Check that the server answers"
  }
}`,
    good: `{
  "ping": {
    "description": "Check that the server answers",
    "properties": {}
  }
}`,
    fix: `Add the missing key: "description" with a one-line summary of the action, "properties" with one entry per parameter ({} when there are none).`,
  },

  "wrong-type": {
    title: "Value or key of the wrong type",
    meaning: `A value or a key has a type the product cannot use, at any depth the linter reads: an action schema that is not a map; an action name, property name or other key that is not a string; "description" or "notes" not a string; "properties" not a map of property schemas (each a map: a boolean schema such as true is rejected); "required" or "related" not a list of strings; "required_one_of" not a list of lists of strings; "defaults" not a map; "examples" not a list of maps. Inside every property schema the walk visits, "properties" must be a map of schemas, "items" a schema or a list, and "additionalProperties" a boolean or a schema. The message says what it found.`,
    why: `Each of these values is read: to check and dispatch calls, to merge defaults and to render help. A value of the wrong type would crash that code at run time or be misread without a word; the linter reports it once, at the value itself.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": true,
      "tags": { "type": "array", "items": "string" }
    },
    "required": "query"
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": { "type": "string" },
      "tags": { "type": "array", "items": { "type": "string" } }
    },
    "required": ["query"]
  }
}`,
    fix: `Write the value in the shape the message names: a map where a map is expected (write {} for a schema that accepts anything), a list where a list is expected, and string keys everywhere.`,
  },

  newline: {
    title: "Line break in an action name or description",
    meaning: `An action's name or its "description" contains a line break ("\\n").`,
    why: `Help output lists actions one per line, joining their summaries with line breaks; a line break inside a name or a description splits one action over two lines and misaligns every line after it. Longer explanations belong in "notes", where line breaks are allowed.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue.\\nReturns at most 50 items.",
    "properties": {}
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {},
    "notes": "Returns at most 50 items."
  }
}`,
    fix: `Keep the action's name and its "description" on one line; move the rest of the text to "notes".`,
  },

  duplicate: {
    title: "Repeated entry or group",
    meaning: `A property name is listed again in "required" or inside one "required_one_of" group (one offence for each repeat after the first), or a "required_one_of" group repeats an earlier group. Groups compare as sets, so ["email", "id"] repeats ["id", "email"].`,
    why: `A repeat adds nothing to the rule it belongs to, and usually marks a slip: the entry that was meant to be there is missing, or a group was pasted twice. Removing it keeps the declaration saying exactly what it checks.`,
    lang: "json",
    bad: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" }
    },
    "required_one_of": [["id", "email"], ["email", "id"]]
  }
}`,
    good: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" }
    },
    "required_one_of": [["id", "email"]]
  }
}`,
    fix: `Remove the later entry or group (the offence names both positions). If it was meant to name something else, write that name instead.`,
  },

  undeclared: {
    title: "Entry not declared in properties",
    meaning: `An entry of "required", or of a "required_one_of" group, names a property that "properties" does not declare. It is checked only when "properties" is a map whose keys are all strings, so one mistake is not reported twice.`,
    why: `The server refuses a call that carries a key "properties" does not declare, so such a requirement can never be met: an undeclared "required" entry makes the action impossible to call, and an undeclared group entry can never be the one that satisfies its group. It is almost always a misspelling or a property that was renamed.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": { "type": "string" }
    },
    "required": ["qeury"]
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": { "type": "string" }
    },
    "required": ["query"]
  }
}`,
    fix: `Correct the entry to the declared name (the offence's fix suggests the closest one), declare the property in "properties", or remove the entry.`,
  },

  "empty-group": {
    title: "Empty required_one_of group",
    meaning: `A group of "required_one_of" is an empty list.`,
    why: `Each group asks a call to supply at least one of its properties. An empty group has none to supply, so no call can satisfy it and the action can never be called.`,
    lang: "json",
    bad: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" }
    },
    "required_one_of": [["id", "email"], []]
  }
}`,
    good: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" }
    },
    "required_one_of": [["id", "email"]]
  }
}`,
    fix: `Remove the empty group, or list the properties of which a call must supply at least one.`,
  },

  "superset-group": {
    title: "required_one_of group that contains another",
    meaning: `A group of "required_one_of" strictly contains another group (groups compare as sets). Each group is reported at most once; a group equal to an earlier one is a duplicate instead.`,
    why: `Any call that satisfies the smaller group already satisfies the larger one, so the larger group never decides anything. It reads as a rule the schema does not enforce, and usually means the groups were meant differently.`,
    lang: "json",
    bad: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" },
      "phone": { "type": "string" }
    },
    "required_one_of": [["id", "email"], ["id", "email", "phone"]]
  }
}`,
    good: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" },
      "phone": { "type": "string" }
    },
    "required_one_of": [["id", "email", "phone"]]
  }
}`,
    fix: `Remove the group that never decides anything (the offence names it), or, if the groups were meant as two separate rules, rewrite them so that neither contains the other.`,
  },

  "undeclared-default": {
    title: "Default key not declared",
    meaning: `A key in "defaults", or a key inside a default value, is not declared by the object it sits in. Keys of "defaults" itself must be keys of "properties". Inside a default value the check follows the property's schema: into a nested object through its "properties", and into each element of a list through a single-schema "items". An object whose schema has "properties" or "additionalProperties": false accepts only its declared keys; one whose "additionalProperties" is true or a schema accepts any string key. A key that is not a string is always reported. The check runs only when the action schema has no other offence, because it reads a well-formed schema.`,
    why: `Defaults are merged into a call's arguments. A default key the schema does not declare is one the server would refuse from any caller, so the merged arguments would carry a key no caller could send. It is usually a typo or a renamed property, and the default it was meant to set never applies.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "limit": { "type": "integer" },
      "filter": {
        "type": "object",
        "properties": {
          "colour": { "type": "string" }
        }
      }
    },
    "defaults": {
      "limt": 20,
      "filter": { "color": "red" }
    }
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "limit": { "type": "integer" },
      "filter": {
        "type": "object",
        "properties": {
          "colour": { "type": "string" }
        }
      }
    },
    "defaults": {
      "limit": 20,
      "filter": { "colour": "red" }
    }
  }
}`,
    fix: `Rename the key to the declared one (the offence's fix suggests the closest), remove it from the default, or declare it in the schema of the object it sits in: in its "properties", or with an "additionalProperties" schema that accepts any key.`,
  },

  cycle: {
    title: "Cyclic schema reference",
    meaning: `A schema the walk visits (through "properties", a single-schema "items" or an "additionalProperties" schema) refers back to a map that encloses it. Only a tool module can build one, since a JSON file is always a tree. A schema shared by two properties is fine as long as it does not contain itself.`,
    why: `The server walks property schemas to work out which keys a call may send and to render help. A cycle has no bottom, so that walk would never end; the linter reports where the cycle closes instead of following it.`,
    lang: "js",
    bad: `const category = { type: "object", properties: { name: { type: "string" } } };
category.properties.parent = category;

export default {
  name: "catalogue",
  description: "Browse the catalogue",
  actions: () => ({
    browse: { description: "List a category", properties: { category } },
  }),
};`,
    good: `const parent = { type: "object", properties: { name: { type: "string" } } };
const category = {
  type: "object",
  properties: { name: { type: "string" }, parent },
};

export default {
  name: "catalogue",
  description: "Browse the catalogue",
  actions: () => ({
    browse: { description: "List a category", properties: { category } },
  }),
};`,
    fix: `Make the declaration a tree: copy the shared schema, or describe a fixed depth, instead of referring back to a map that encloses it.`,
  },

  "parse-error": {
    title: "Unparsable action file",
    meaning: `An action file is not valid JSON (a .json file) or JSON5 (a .json5 file), or nests deeper than the parser can go. The message gives the parser's reason and, where it has one, the position.`,
    why: `A file that cannot be parsed declares nothing that can be checked. Passing it as an empty tool would hide a broken tool, so it counts as an offence and fails the run.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {},
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {}
  }
}`,
    fix: `Fix the syntax at the reported position. A .json file allows no comments, trailing commas or single quotes; name the file like catalogue.actions.json5 to write JSON5.`,
  },

  "load-error": {
    title: "Tool module failed to load",
    meaning: `Loading a tool module failed: the module threw, called process.exit, or did not finish loading (its actions() call included) within the load timeout (--load-timeout, 10 seconds by default); or its actions() threw. The message says what was thrown or how loading stopped. The other files are still linted.`,
    why: `The server would fail the same way when it loads the tool, so none of the tool's actions could be served. The linter reports the failure once, for that file, instead of guessing at declarations it could not read.`,
    lang: "js",
    bad: `export const name = "catalogue";
export const description = "Search and order from the catalogue";
export function actions() {
  if (!process.env.CATALOGUE_URL) throw new Error("CATALOGUE_URL is not set");
  return { search: { description: "Search the catalogue", properties: {} } };
}`,
    good: `export const name = "catalogue";
export const description = "Search and order from the catalogue";
export function actions() {
  return { search: { description: "Search the catalogue", properties: {} } };
}`,
    fix: `Make the module load on its own: no process.exit, no network, database or required environment at import time, and an actions() that returns the map without throwing. Read configuration where calls are handled instead. Run the module with node (or tsx for TypeScript) to see the full error.`,
  },

  "no-tool": {
    title: "Module declares no tool",
    meaning: `A tool module loaded, but its default export is not an object and it exports none of name, description and actions.`,
    why: `The linter, like a server, finds a tool through those exports. A module without them declares nothing: usually the exports were renamed, or the file is not a tool module at all.`,
    lang: "js",
    bad: `export const tool = {
  name: "catalogue",
  description: "Search and order from the catalogue",
  actions: () => ({
    search: { description: "Search the catalogue", properties: {} },
  }),
};`,
    good: `export default {
  name: "catalogue",
  description: "Search and order from the catalogue",
  actions: () => ({
    search: { description: "Search the catalogue", properties: {} },
  }),
};`,
    fix: `Export the tool as the default export (an object with name, description and actions), or export name, description and actions by name. Rename a file that is not a tool module so that its name no longer ends in .tool.js (or .mjs, .cjs, .ts, .mts, .cts).`,
  },

  "tool-shape": {
    title: "Tool of the wrong shape",
    meaning: `A tool's name, description or actions has the wrong shape: a name that is not a non-empty string, a description that is not a string, actions that is neither a function returning the actions map nor the map itself, or an actions() that returns anything but a map (a Promise included: actions() is called synchronously). In an action file: a top level that is not a map of action names to action schemas, or a "$schema" that is not a string.`,
    why: `The name registers the tool, the description introduces it in help, and actions() yields its action schemas. With one of them malformed the tool cannot be registered as declared, and with actions malformed none of its actions can be checked.`,
    lang: "json",
    bad: `[
  {
    "description": "Search the catalogue",
    "properties": {}
  }
]`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {}
  }
}`,
    fix: `Write an action file as one map from action names to action schemas. In a module, give the tool a non-empty string name and a string description, and make actions() return the actions map itself, synchronously (not a Promise).`,
  },

  "reserved-name": {
    title: "Reserved tool name",
    meaning: `A tool is named "help": through the name a module exports, or through the file name of an action file (help.actions.json).`,
    why: `"help" is the name of the server's own help tool, which lists every tool and action. A tool of that name would collide with it or hide it.`,
    lang: "js",
    bad: `export default {
  name: "help",
  description: "Answer questions about orders",
  actions: () => ({
    ask: { description: "Ask about an order", properties: {} },
  }),
};`,
    good: `export default {
  name: "support",
  description: "Answer questions about orders",
  actions: () => ({
    ask: { description: "Ask about an order", properties: {} },
  }),
};`,
    fix: `Rename the tool (for an action file, rename the file), e.g. to "support".`,
  },

  "duplicate-tool": {
    title: "Tool name used twice in one directory",
    meaning: `A tool's name is already used by an earlier file in the same directory (in path order). It is reported on each later file, naming the first. Tools in different directories may share a name, since each directory holds one server's tools.`,
    why: `A server registers its tools by name, so two tools of one name collide: depending on the server, one replaces the other or registration fails.`,
    lang: "text",
    bad: `tools/search.actions.json     tool "search" (named after the file)
tools/orders.tool.js          export const name = "search";`,
    good: `tools/search.actions.json     tool "search" (named after the file)
tools/orders.tool.js          export const name = "orders";`,
    fix: `Give each tool in the directory its own name: change the module's name export, or rename the action file. Move a tool that belongs to another server into that server's directory.`,
  },

  "surface-drift": {
    title: "A Wymcp server's tools/list and help disagree",
    meaning: `Found only when linting a running Wymcp server (--server, --server-url). The server publishes each tool's actions twice: tools/list gives the tool's input schema, whose "action" property lists the action names, sorted, as its "enum" and their summaries, one "name: description" line each, as its "description"; the help tool answers the action schemas themselves. The offence is reported for each action that one surface has and the other lacks, for each summary line that differs from help's, and for the tool as a whole when the listed schema is not that shape, when the enum is not the sorted list of names, or when help answers about another tool than the one asked.`,
    why: `A client reads tools/list to choose an action and help to learn how to call it. When the two drift, a model calls an action the server cannot explain or no longer has, or trusts a summary of what the action used to do. Wymcp builds both surfaces from one declaration, so drift means a hand-written input schema, a proxy that rewrites one surface, or a stale deployment.`,
    lang: "json",
    input: "server",
    bad: `{
  "tools/list": {
    "name": "catalogue",
    "inputSchema": {
      "type": "object",
      "required": ["action"],
      "properties": {
        "action": {
          "type": "string",
          "enum": ["order", "search"],
          "description": "order: Place an order\\nsearch: Search the catalogue"
        },
        "data": { "type": "object" }
      }
    }
  },
  "help": {
    "tool": "catalogue",
    "description": "Search the catalogue",
    "actions": {
      "search": {
        "description": "Search the catalogue",
        "properties": {},
        "required": []
      }
    }
  }
}`,
    good: `{
  "tools/list": {
    "name": "catalogue",
    "inputSchema": {
      "type": "object",
      "required": ["action"],
      "properties": {
        "action": {
          "type": "string",
          "enum": ["search"],
          "description": "search: Search the catalogue"
        },
        "data": { "type": "object" }
      }
    }
  },
  "help": {
    "tool": "catalogue",
    "description": "Search the catalogue",
    "actions": {
      "search": {
        "description": "Search the catalogue",
        "properties": {},
        "required": []
      }
    }
  }
}`,
    fix: `Build the tool's input schema from the same declaration help answers from, as Wymcp does, and redeploy; if a proxy or gateway sits between, make it pass tools/list through unchanged.`,
  },

  "duplicate-key": {
    title: "Key repeated in one object",
    meaning: `A key appears twice in one object of an action file (JSON or JSON5), at any depth: two actions of one name, a schema key, a property name or a default key written twice. It is reported at the second occurrence, and the message gives the line of the first. The offence's action is the action the object belongs to (for two actions of one name, that name, with the empty path); its path is the path of the object that holds the repeated key, as for every other offence.`,
    why: `A JSON or JSON5 parser keeps only the last of two equal keys, without a word: the first definition vanishes. Two actions of one name leave one of them unserved; a property declared twice keeps only its second schema. The file then declares less than it says.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": { "type": "string" },
      "query": { "type": "integer" }
    }
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {
      "query": { "type": "string" },
      "limit": { "type": "integer" }
    }
  }
}`,
    fix: `Remove one of the two entries, merge them into one, or rename the second if it was meant to declare something else.`,
  },

  "unknown-related": {
    title: "related names no action of the tool",
    meaning: `An entry of "related" names no action of the same tool. Entries that are not strings are a wrong-type offence instead. The fix names the closest action when one is close. Like every advisory check, it runs only on an action schema the chain found nothing wrong with.`,
    why: `Help output lists the related actions as pointers to follow. A name that is no action of the tool points nowhere: usually a typo, or an action that was renamed or removed.`,
    lang: "json",
    bad: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {},
    "related": ["get_iten"]
  },
  "get_item": {
    "description": "Fetch one item",
    "properties": {}
  }
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {},
    "related": ["get_item"]
  },
  "get_item": {
    "description": "Fetch one item",
    "properties": {}
  }
}`,
    fix: `Name an action of the same tool (the offence's fix suggests the closest), or remove the entry.`,
  },

  "undeclared-example-key": {
    title: "Example argument not declared",
    meaning: `An example (an entry of "examples") carries an argument that "properties" does not declare. Only the example's own keys are compared with "properties"; values are not checked. Like every advisory check, it runs only on an action schema the chain found nothing wrong with.`,
    why: `Examples teach callers how to call the action. The server refuses a call with an undeclared key, so an example carrying one teaches a call that fails: usually a typo or a property that was renamed.`,
    lang: "json",
    bad: `{
  "send": {
    "description": "Send a message",
    "properties": {
      "message": { "type": "string" }
    },
    "examples": [{ "mesage": "Hello" }]
  }
}`,
    good: `{
  "send": {
    "description": "Send a message",
    "properties": {
      "message": { "type": "string" }
    },
    "examples": [{ "message": "Hello" }]
  }
}`,
    fix: `Rename the argument to the declared property (the offence's fix suggests the closest), declare it in "properties", or remove it from the example.`,
  },

  "example-misses-required": {
    title: "Example lacks a required argument",
    meaning: `An example (an entry of "examples") lacks a property that "required" lists, or satisfies no "required_one_of" group because it supplies none of the properties the groups name. One offence names every required property the example lacks; one more says when it satisfies no group. A property with an entry in "defaults" counts as supplied, since defaults are merged into a call. Like every advisory check, it runs only on an action schema the chain found nothing wrong with.`,
    why: `Examples teach callers how to call the action. The server refuses a call that lacks a required argument, so such an example teaches a call that fails.`,
    lang: "json",
    bad: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" },
      "fields": { "type": "array" }
    },
    "required_one_of": [["id", "email"]],
    "examples": [{ "fields": ["name"] }]
  }
}`,
    good: `{
  "lookup": {
    "description": "Look up a customer",
    "properties": {
      "id": { "type": "string" },
      "email": { "type": "string" },
      "fields": { "type": "array" }
    },
    "required_one_of": [["id", "email"]],
    "examples": [{ "email": "ada@example.com", "fields": ["name"] }]
  }
}`,
    fix: `Add the missing arguments to the example, or, if the action really can be called without them, relax "required" or "required_one_of".`,
  },

  "unknown-keyword": {
    title: "Misspelt JSON Schema keyword",
    meaning: `A key of a property schema that the walk visits (a schema under "properties", a single-schema "items" or a schema "additionalProperties", at any depth) is no JSON Schema keyword (draft-07 or 2020-12), but one edit away from one: a letter added, dropped, changed, or two neighbours swapped, as in "tpye", "propertes" or "itmes". The fix renames it. Keys further from every keyword, such as "x-vendor" extensions, are left alone, and so are property names: inside "properties" every key is a name, and any name is fine. Like every advisory check, it runs only on an action schema the chain found nothing wrong with.`,
    why: `A JSON Schema validator ignores keywords it does not know, so a misspelt keyword is silently dropped: "tpye": "string" accepts any type, and "itmes" leaves the list's elements unchecked.`,
    lang: "json",
    bad: `{
  "tag": {
    "description": "Tag an item",
    "properties": {
      "labels": { "type": "array", "itmes": { "tpye": "string" } }
    }
  }
}`,
    good: `{
  "tag": {
    "description": "Tag an item",
    "properties": {
      "labels": { "type": "array", "items": { "type": "string" } }
    }
  }
}`,
    fix: `Rename the key to the keyword named in the fix. If the key is a deliberate extension, give it a name that reads as one, such as an "x-" prefix.`,
  },

  "unused-disable": {
    title: "Disable directive that suppresses nothing",
    meaning: `An inline directive (// wymcp-lint-disable-next-line CODE or // wymcp-lint-disable-file CODE, in a JSON5 file or a tool module) suppresses nothing: a code it names has no offence on the next line (or in the file), is not an offence code at all (the message names the close match), or the directive names no code or misspells its own name. It is reported at the directive's line and column.`,
    why: `A directive that suppresses nothing is left over from a problem that was fixed, or names the wrong code or line, so the offence it was meant for is still reported or, worse, a later one would be hidden by it unnoticed.`,
    lang: "json5",
    bad: `{
  "search": {
    // wymcp-lint-disable-next-line unknown-key -- legacy field
    "description": "Search the catalogue",
    "properties": {},
  },
}`,
    good: `{
  "search": {
    "description": "Search the catalogue",
    "properties": {},
  },
}`,
    fix: `Remove the directive, or correct its code or move it to the line it was meant for.`,
  },
};

// ---------------------------------------------------------------------------------------
// Rendering: the plain text of --explain and SARIF help.text, and the Markdown of SARIF
// help.markdown and docs/offence-codes.md. Prose is written free of Markdown syntax, so
// the same sentences serve both.

const WIDTH = 80;
const INDENT = "  ";

/** Greedy word wrap at WIDTH columns, each line indented. Prose has no line breaks of its own. */
function wrap(text: string, indent: string): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && indent.length + line.length + 1 + word.length > WIDTH) {
      lines.push(indent + line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(indent + line);
  return lines.join("\n");
}

const indentBlock = (block: string): string =>
  block
    .split("\n")
    .map((l) => (l === "" ? "" : INDENT + l))
    .join("\n");

/** The section headings, in order, as both renderings name them. */
export const DOC_SECTIONS = ["What it means", "Why it matters", "Bad", "Good", "Fix"] as const;

/** The doc as plain text: `code: title`, then each section, ending with "\n". */
export function codeDocText(code: OffenceCode): string {
  const doc = CODE_DOCS[code];
  const [meaning, why, bad, good, fix] = DOC_SECTIONS;
  return [
    `${code}: ${doc.title}`,
    `${meaning}\n${wrap(doc.meaning, INDENT)}`,
    `${why}\n${wrap(doc.why, INDENT)}`,
    `${bad}\n${indentBlock(doc.bad)}`,
    `${good}\n${indentBlock(doc.good)}`,
    `${fix}\n${wrap(doc.fix, INDENT)}`,
  ].join("\n\n") + "\n";
}

/** The doc's body as Markdown (no heading), ending with "\n". */
export function codeDocMarkdown(code: OffenceCode): string {
  const doc = CODE_DOCS[code];
  const [meaning, why, bad, good, fix] = DOC_SECTIONS;
  const fence = (body: string): string => `\`\`\`${doc.lang}\n${body}\n\`\`\``;
  return [
    `**${meaning}.** ${doc.meaning}`,
    `**${why}.** ${doc.why}`,
    `${bad}:\n\n${fence(doc.bad)}`,
    `${good}:\n\n${fence(doc.good)}`,
    `**${fix}.** ${doc.fix}`,
  ].join("\n\n") + "\n";
}

/** docs/offence-codes.md, whole: scripts/gen-docs.mjs writes it and a test compares it. */
export function offenceCodesPage(): string {
  const parts = [
    "# Offence codes",
    "<!-- Generated by scripts/gen-docs.mjs from src/core/codes.ts. Do not edit by hand: edit codes.ts and run `npm run build && node scripts/gen-docs.mjs`. -->",
    "Every offence wymcp-lint reports carries one of these codes. The codes are stable identifiers. " +
      "`wymcp-lint --explain CODE` prints the same text in a terminal, and the SARIF output carries it as each rule's help.",
    "Each code has a default severity: an `error` fails the run (exit 1); a `warn` is shown and fails it only past `--max-warnings`.",
    [
      "| code | default | what it reports |",
      "| --- | --- | --- |",
      ...OFFENCE_CODES.map((c) => `| [\`${c}\`](#${c}) | ${defaultSeverity(c)} | ${CODE_DOCS[c].title} |`),
    ].join("\n"),
    ...OFFENCE_CODES.map((c) => `## ${c}\n\n*${CODE_DOCS[c].title}* (default severity: ${defaultSeverity(c)})\n\n${codeDocMarkdown(c).trimEnd()}`),
  ];
  return `${parts.join("\n\n")}\n`;
}
