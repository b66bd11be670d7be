// Generates the content of one action file: a map of action names to action schemas that is
// VALID per docs/checks.md (no offence of any kind), and looks like what real MCP servers declare
// (compare /work/shared/corpus/real-mcp): pretty JSON, nested objects, arrays, enums, formats,
// `additionalProperties` as a boolean and as a schema, and the things naive walkers trip over
// (property names equal to keywords, `$` and `-` in names, `type` lists, `$ref`s to a sibling).
//
// Validity is by construction, so the rules are stated where they are kept:
// - `required` entries are distinct and declared in `properties`;
// - `required_one_of` groups are non-empty, mutually disjoint (hence never equal, never a
//   superset of another) and declared;
// - `defaults` (and every nested default) only carry keys the closure of the schema they sit
//   in accepts (docs/checks.md), and every default and example value is one its schema
//   accepts (its type, enum, bounds, lengths, pattern, format, nested `required` and
//   `uniqueItems`): see `defaultFor`;
// - descriptions and action names hold no "\n"; `notes` may;
// - a `$ref` points at the action's first property ("#/properties/NAME"), a scalar's schema
//   with no `$ref`, and a default or example under it is drawn from that schema;
// - a tool's joined action summary ("name: description" per action) stays within 1,024
//   characters, the shortest description limit of docs/client-limits.md (`summaryBudget`), but
//   in the one huge file, which is over every limit by construction;
// - `related` names sibling actions, and each example carries every `required` property
//   and one of each `required_one_of` group (the advisory checks of docs/checks.md).

const DOMAINS = [
  "github",
  "gitlab",
  "jira",
  "linear",
  "slack",
  "notion",
  "stripe",
  "shopify",
  "kubernetes",
  "s3",
  "calendar",
  "drive",
  "sentry",
  "datadog",
  "postgres",
  "mongodb",
  "hubspot",
  "zendesk",
  "figma",
  "vercel",
  "asana",
  "trello",
  "twilio",
  "sendgrid",
  "airtable",
  "confluence",
  "pagerduty",
  "grafana",
  "salesforce",
  "dropbox",
  "intercom",
  "okta",
  "cloudflare",
  "netlify",
];

const NOUNS = [
  "issue",
  "project",
  "repository",
  "branch",
  "commit",
  "user",
  "team",
  "channel",
  "message",
  "file",
  "folder",
  "document",
  "invoice",
  "customer",
  "subscription",
  "payment",
  "order",
  "product",
  "event",
  "task",
  "ticket",
  "deployment",
  "cluster",
  "pod",
  "namespace",
  "database",
  "table",
  "query",
  "dashboard",
  "metric",
  "alert",
  "incident",
  "webhook",
  "label",
  "comment",
  "release",
  "pipeline",
  "job",
  "artifact",
  "bucket",
  "secret",
  "token",
  "page",
  "record",
  "contact",
  "campaign",
  "report",
  "workspace",
  "board",
  "card",
  "sprint",
  "milestone",
  "environment",
  "domain",
  "certificate",
  "snapshot",
  "backup",
  "volume",
  "service",
  "monitor",
];

const VERBS = {
  list: "Lists",
  get: "Fetches",
  create: "Creates",
  update: "Updates",
  delete: "Deletes",
  search: "Searches",
  archive: "Archives",
  restore: "Restores",
  assign: "Assigns",
  close: "Closes",
  merge: "Merges",
  sync: "Synchronises",
  export: "Exports",
  publish: "Publishes",
  schedule: "Schedules",
  cancel: "Cancels",
  approve: "Approves",
  move: "Moves",
  rename: "Renames",
  retry: "Retries",
};
const VERB_NAMES = Object.keys(VERBS);

// Field names in snake_case; a file may use them camelCased or kebab-cased instead.
const FIELDS = [
  "id",
  "name",
  "title",
  "body",
  "summary",
  "status",
  "state",
  "priority",
  "assignee",
  "labels",
  "created_after",
  "updated_before",
  "page",
  "per_page",
  "limit",
  "cursor",
  "sort",
  "order",
  "include_archived",
  "dry_run",
  "timeout_ms",
  "tags",
  "metadata",
  "owner",
  "repo",
  "branch",
  "path",
  "content",
  "encoding",
  "email",
  "url",
  "webhook_url",
  "due_date",
  "start_time",
  "end_time",
  "timezone",
  "currency",
  "amount",
  "quantity",
  "region",
  "zone",
  "namespace",
  "filter",
  "query",
  "fields",
  "visibility",
  "color",
  "parent_id",
  "project_id",
  "team_id",
  "message",
  "reason",
  "notify",
  "force",
  "recursive",
  "max_results",
  "locale",
  "version",
  "expand",
  "format_hint",
  "retries",
  "callback_url",
  "idempotency_key",
  "workspace_id",
  "author",
  "reviewers",
  "milestone",
  "estimate",
  "language",
  "schedule",
  "threshold",
];
// Real schemas name properties after schema keywords and use `$` and `-`: keep a few.
const AWKWARD_FIELDS = ["type", "items", "properties", "required", "format", "default", "$filter", "$top", "x-request-id", "content-type", "enum"];

const ADJECTIVES = ["archived", "active", "pending", "public", "private", "shared", "draft", "stale"];
const ENUM_POOLS = [
  ["open", "closed", "all"],
  ["asc", "desc"],
  ["low", "medium", "high", "urgent"],
  ["created", "updated", "popularity", "long-running"],
  ["draft", "published", "archived"],
  ["json", "csv", "markdown", "html"],
  ["public", "private", "internal"],
  ["daily", "weekly", "monthly", "quarterly", "yearly"],
  ["us-east-1", "eu-west-1", "ap-southeast-2", "sa-east-1"],
  ["success", "failure", "cancelled", "skipped", "timed_out"],
  ["viewer", "editor", "admin", "owner"],
];
// The patterns a string property may carry, each with a value it accepts.
const PATTERN_VALUES = { "^[a-z0-9-]+$": "main", "^[A-Z]{3}$": "USD", "^\\d{4}-\\d{2}-\\d{2}$": "2024-06-01" };
const FORMATS = ["date-time", "date", "uri", "email", "uuid", "hostname", "ipv4"];
const EXTRA_SENTENCES = [
  "Requires the `{scope}` scope.",
  "Rate limited to {n} requests per minute per token.",
  "Returns at most {n} results per page; follow `cursor` for more.",
  "Timestamps are ISO 8601, in UTC unless `timezone` is given.",
  "Fields not listed in `fields` are omitted from the response to keep it small.",
  "The call is idempotent when an `idempotency_key` is supplied.",
  "Archived {noun}s are hidden unless explicitly requested.",
  "Changes are visible to other members of the {domain} workspace within a few seconds.",
  "Large results are truncated; narrow the query with filters rather than paging through everything.",
  "Use list_{noun}s first to find the id — ids are stable across renames.",
  "The response includes the {noun}'s URL, which can be shared with collaborators.",
  "Permissions are checked against the caller's role in the {domain} organisation.",
];
const NOTES = [
  "Pagination is cursor based: pass the `next_cursor` of the previous page.\nStop when it is null.",
  "Deleting is permanent after 30 days.\nUntil then the item can be restored from the trash.",
  "This action can be slow on large {noun}s (tens of seconds).",
  "Sandbox accounts return synthetic data.\nProduction keys are required for real {noun}s.",
  "Results are eventually consistent: a {noun} created a moment ago may be missing from search.",
  "Dates without a time are interpreted at midnight in the account's timezone.",
  "Webhooks for this {noun} fire after the call returns, not before.",
];

function humanise(field) {
  return field.replace(/^[$]/, "").replace(/[-_]/g, " ");
}

function camel(field) {
  return field.replace(/[_-]([a-z])/g, (_, c) => c.toUpperCase());
}

function fill(template, ctx) {
  return template.replace(/\{(\w+)\}/g, (_, k) => String(ctx[k]));
}

/** Whether `schema` describes a scalar (one type that is neither object nor array, or an enum). */
function isScalar(schema) {
  return Array.isArray(schema.enum) || (typeof schema.type === "string" && schema.type !== "object" && schema.type !== "array");
}

/** Generator state for one file: its random stream, naming style and vocabulary. */
class FileContext {
  constructor(rng, domain, summaryBudget = Number.POSITIVE_INFINITY) {
    this.rng = rng;
    this.domain = domain;
    // Characters each action's "name: description" may take in the joined summary.
    this.summaryBudget = summaryBudget;
    // The current action's properties, which a `$ref` points into.
    this.properties = {};
    this.refTarget = "";
    this.style = rng.weighted([
      [6, "snake"],
      [3, "camel"],
      [1, "kebab"],
    ]);
  }

  fieldName(raw) {
    if (this.style === "camel") return camel(raw);
    if (this.style === "kebab") return raw.replace(/_/g, "-");
    return raw;
  }

  sentence(noun) {
    const { rng } = this;
    return fill(rng.pick(EXTRA_SENTENCES), {
      scope: `${this.domain}:${rng.pick(["read", "write", "admin"])}`,
      n: rng.pick([10, 25, 50, 100, 500, 1000]),
      noun,
      domain: this.domain,
    });
  }

  propertyDescription(field, noun) {
    const { rng } = this;
    let text = rng.weighted([
      [4, `The ${humanise(field)} of the ${noun}.`],
      [2, `${humanise(field)[0].toUpperCase()}${humanise(field).slice(1)} to filter ${noun}s by.`],
      [2, `Optional ${humanise(field)}; when omitted the ${this.domain} default applies.`],
      [1, `${rng.pick(ADJECTIVES)} ${noun}s only — matches on ${humanise(field)}.`],
    ]);
    if (rng.chance(0.2)) text += " " + this.sentence(noun);
    return text;
  }

  /** `count` distinct property names (a few awkward ones, as real schemas have). */
  propertyNames(count) {
    const { rng } = this;
    const names = new Set();
    while (names.size < count) {
      const raw = rng.chance(0.03) ? rng.pick(AWKWARD_FIELDS) : rng.pick(FIELDS);
      names.add(AWKWARD_FIELDS.includes(raw) ? raw : this.fieldName(raw));
    }
    return [...names];
  }

  /** A property schema; `depth` 1 is a property of the action, nesting stops at 3. */
  propertySchema(field, noun, depth) {
    const { rng } = this;
    const kind = rng.weighted([
      [34, "string"],
      [11, "enum"],
      [12, "integer"],
      [4, "number"],
      [12, "boolean"],
      [13, "array"],
      [depth === 1 ? 8 : depth === 2 ? 4 : 0, "object"],
      [3, "misc"],
    ]);
    const description = this.propertyDescription(field, noun);
    switch (kind) {
      case "string": {
        const s = { type: "string", description };
        if (rng.chance(0.25)) s.format = rng.pick(FORMATS);
        if (rng.chance(0.2)) Object.assign(s, { minLength: 1, maxLength: rng.pick([64, 255, 1024, 65535]) });
        if (s.format === undefined && rng.chance(0.08)) s.pattern = rng.pick(Object.keys(PATTERN_VALUES));
        return s;
      }
      case "enum":
        return { type: "string", enum: rng.pick(ENUM_POOLS), description };
      case "integer": {
        const s = { type: "integer", description };
        if (rng.chance(0.6)) Object.assign(s, { minimum: rng.pick([0, 1]), maximum: rng.pick([100, 1000, 86400, 65535]) });
        return s;
      }
      case "number":
        return { type: "number", minimum: 0, description };
      case "boolean":
        return { type: "boolean", description: `Whether to apply ${humanise(field)} to the ${noun}.` };
      case "array":
        return this.arraySchema(field, noun, depth, description);
      case "object":
        return this.objectSchema(noun, depth, description);
      default:
        return rng.weighted([
          [2, { type: ["string", "null"], description }],
          [2, { anyOf: [{ type: "string" }, { type: "integer", minimum: 0 }], description }],
          [1, this.refTarget === "" ? { type: "string", description } : { $ref: `#/properties/${this.refTarget}`, description }],
        ]);
    }
  }

  arraySchema(field, noun, depth, description) {
    const { rng } = this;
    const s = { type: "array", description };
    const itemKind = rng.weighted([
      [55, "string"],
      [depth < 3 ? 15 : 0, "object"],
      [10, "tuple"],
      [20, "integer"],
    ]);
    if (itemKind === "string") {
      s.items = rng.chance(0.4) ? { type: "string", enum: rng.pick(ENUM_POOLS) } : { type: "string" };
    } else if (itemKind === "object") {
      s.items = this.objectSchema(noun, depth, `One ${humanise(field)} entry.`);
    } else if (itemKind === "tuple") {
      // Tuple form: a list under "items" is not walked (docs/checks.md), but is valid.
      s.items = [{ type: "string" }, { type: "integer" }];
    } else {
      s.items = { type: "integer", minimum: 0 };
    }
    if (rng.chance(0.3)) s.maxItems = rng.pick([10, 50, 100]);
    if (rng.chance(0.2)) s.uniqueItems = true;
    return s;
  }

  /** An object schema one level below `depth`, closed, open, or a plain map. */
  objectSchema(noun, depth, description) {
    const { rng } = this;
    const s = { type: "object", description };
    if (rng.chance(0.12)) {
      // A dictionary: no "properties", values described by "additionalProperties".
      s.additionalProperties = rng.chance(0.5) ? { type: "string" } : { type: "integer", minimum: 0 };
      return s;
    }
    const names = this.propertyNames(rng.int(2, 4));
    s.properties = {};
    for (const name of names) s.properties[name] = this.propertySchema(name, noun, depth + 1);
    if (rng.chance(0.5)) s.required = rng.sample(names, rng.int(1, Math.min(2, names.length)));
    const extra = rng.weighted([
      [40, false],
      [15, true],
      [10, "schema"],
      [35, undefined],
    ]);
    if (extra === "schema") s.additionalProperties = { type: "string", maxLength: 256 };
    else if (extra !== undefined) s.additionalProperties = extra;
    return s;
  }

  /**
   * A default value for `schema` that the closure accepts (docs/checks.md): a closed object
   * (has "properties", "additionalProperties" not true/a map) only carries declared keys; an
   * open one may carry others, which are then matched by its "additionalProperties" schema;
   * list elements follow a single-schema "items".
   */
  defaultFor(schema, depth = 0) {
    const { rng } = this;
    if (typeof schema.$ref === "string") return this.defaultFor(this.properties[this.refTarget], depth);
    if (Array.isArray(schema.anyOf)) return this.defaultFor(schema.anyOf[0], depth);
    if (Array.isArray(schema.enum)) return rng.pick(schema.enum);
    switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
      case "string":
        if (schema.format === "date-time") return "2024-06-01T09:30:00Z";
        if (schema.format === "date") return "2024-06-01";
        if (schema.format === "uri") return `https://${this.domain}.example.com/hooks`;
        if (schema.format === "email") return "ops@example.com";
        if (schema.format === "uuid") return "3f2b8c1e-9d4a-4e7b-8c2f-1a5d6e7f8091";
        if (schema.format === "hostname") return `api.${this.domain}.example.com`;
        if (schema.format === "ipv4") return "192.0.2.10";
        if (schema.pattern !== undefined) return PATTERN_VALUES[schema.pattern];
        return rng.pick(schema.minLength > 0 ? ["main", "default", "en-US", "UTC", "all"] : ["main", "default", "", "en-US", "UTC", "all"]);
      case "integer":
        return rng.pick([0, 1, 10, 25, 50, 100].filter((n) => n >= (schema.minimum ?? 0) && n <= (schema.maximum ?? n)));
      case "number":
        return rng.pick([0, 0.5, 1.5]);
      case "boolean":
        return rng.chance(0.5);
      case "array": {
        if (!schema.items || Array.isArray(schema.items) || depth > 4) return [];
        const out = [];
        for (let i = rng.int(0, 2); i > 0; i--) out.push(this.defaultFor(schema.items, depth + 1));
        // "uniqueItems": a repeated entry drawn is left out. Objects are equal whatever the
        // order of their keys, as JSON Schema compares them.
        if (schema.uniqueItems !== true) return out;
        const seen = out.map(canonical);
        return out.filter((_, i) => seen.indexOf(seen[i]) === i);
      }
      case "object": {
        const out = {};
        const addl = schema.additionalProperties;
        if (schema.properties) {
          const keys = Object.keys(schema.properties);
          // Its "required" keys, and a few others.
          for (const k of new Set([...(schema.required ?? []), ...rng.sample(keys, rng.int(0, Math.min(2, keys.length)))])) {
            out[k] = this.defaultFor(schema.properties[k], depth + 1);
          }
        }
        // Open objects may carry undeclared keys, matched by the additionalProperties schema.
        if (addl === true) out.x_extra = "kept";
        else if (addl && typeof addl === "object") out.extra_key = this.defaultFor(addl, depth + 1);
        return out;
      }
      default:
        return null;
    }
  }

  action(verb, noun, siblingNames) {
    const { rng } = this;
    const object = verb === "list" || verb === "search" ? `${noun}s` : `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
    const room = this.summaryBudget - `${verb}_${noun}: `.length;
    let description = `${VERBS[verb]} ${object} in ${this.domain}.`;
    if (description.length > room) description = `${VERBS[verb]} ${object}.`;
    for (let i = rng.int(0, 2); i > 0; i--) {
      const sentence = this.sentence(noun);
      if (description.length + 1 + sentence.length <= room) description += " " + sentence;
    }

    // 3 to 12 properties, most actions near the low end as in real servers.
    const names = this.propertyNames(rng.int(3, rng.chance(0.6) ? 7 : 12));
    const properties = {};
    this.properties = properties;
    // The first property's schema holds no `$ref`; the others may point at it when it is a
    // scalar's, so that a default drawn through the `$ref` has no keys of its own.
    this.refTarget = "";
    for (const name of names) {
      properties[name] = this.propertySchema(name, noun, 1);
      if (name === names[0] && isScalar(properties[name])) this.refTarget = name;
    }

    const schema = { description, properties };
    const required = rng.sample(names, rng.int(0, Math.min(3, names.length - 2)));
    if (required.length > 0) schema.required = required;

    const optional = names.filter((n) => !required.includes(n));
    if (optional.length >= 2 && rng.chance(0.15)) {
      // Disjoint groups: never equal, never a superset of one another.
      const pool = rng.sample(optional, Math.min(optional.length, rng.int(2, 4)));
      const groups = [];
      while (pool.length > 0) groups.push(pool.splice(0, rng.int(1, 2)));
      if (groups.length >= 2) schema.required_one_of = groups;
    }
    if (optional.length > 0 && rng.chance(0.4)) {
      schema.defaults = {};
      for (const name of rng.sample(optional, rng.int(1, 3))) {
        schema.defaults[name] = this.defaultFor(properties[name]);
      }
    }
    if (rng.chance(0.35)) schema.notes = fill(rng.pick(NOTES), { noun });
    if (siblingNames.length > 1 && rng.chance(0.4)) {
      schema.related = rng.sample(
        siblingNames.filter((n) => n !== `${verb}_${noun}`),
        rng.int(1, 3),
      );
    }
    if (rng.chance(0.5)) {
      schema.examples = [];
      for (let i = rng.int(1, 2); i > 0; i--) {
        const example = {};
        const oneOfEach = (schema.required_one_of ?? []).map((group) => group[0]);
        for (const name of new Set([...required, ...oneOfEach, ...rng.sample(optional, rng.int(0, 2))])) {
          example[name] = this.defaultFor(properties[name]);
        }
        schema.examples.push(example);
      }
    }
    return schema;
  }
}

/** Pick `count` distinct action names (verb_noun) for one tool. */
function actionNames(ctx, count, mainNoun) {
  const { rng } = ctx;
  const names = new Set();
  while (names.size < count) {
    const noun = names.size < count / 2 ? mainNoun : rng.pick(NOUNS);
    names.add(`${rng.pick(VERB_NAMES)}_${noun}`);
  }
  return [...names];
}

/** One action file's value: an optional `$schema` (editor support), then the actions. */
export function actionFile(rng, { domain, noun, actions, withSchemaRef = rng.chance(0.1) }) {
  // One line break joins each action's summary to the next.
  const ctx = new FileContext(rng, domain, Math.floor(1024 / actions) - 1);
  const file = {};
  if (withSchemaRef) file.$schema = "../../../../schemas/action-file.schema.json";
  const names = actionNames(ctx, actions, noun);
  for (const name of names) {
    const [verb, ...rest] = name.split("_");
    file[name] = ctx.action(verb, rest.join("_"), names);
  }
  return file;
}

/** A domain and main noun for a tool, e.g. "github" and "issue". */
export function toolTopic(rng) {
  return { domain: rng.pick(DOMAINS), noun: rng.pick(NOUNS) };
}

/** Action names for a huge single file: every verb × noun pair, then numbered variants. */
export function* manyActions(rng, domain) {
  const ctx = new FileContext(rng, domain);
  const names = [];
  for (const verb of VERB_NAMES) for (const noun of NOUNS) names.push(`${verb}_${noun}`);
  for (let round = 0; ; round++) {
    for (const base of names) {
      const [verb, ...rest] = base.split("_");
      const name = round === 0 ? base : `${base}_v${round + 1}`;
      yield [name, ctx.action(verb, rest.join("_"), names)];
    }
  }
}

/** A value's JSON with every object's keys sorted: equal values, equal text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
