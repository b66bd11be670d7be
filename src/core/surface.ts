// A declaration's pinned surface (docs/pins.md): a SHA-256 of each field a model reads, per
// tool, over canonical JSON (object keys sorted, no white space), so reordering keys changes
// no hash while any change of a value does. A plain MCP tool's fields are those of its
// tools/list entry (name, title, description, inputSchema, outputSchema, annotations); a
// Wymcp tool's are its name, its tools/list fields when a server lists it, and each action's
// schema; a server adds its instructions. Computed only when pins are written or compared.

/** One tool's fields, each as the hash of its canonical JSON. */
export type FieldHashes = Readonly<Record<string, string>>;

/** A declaration's surface: its tools (by name, or by place for a nameless entry) and, for a server, its instructions. */
export interface SurfaceHashes {
  readonly tools: Readonly<Record<string, FieldHashes>>;
  readonly instructions?: string;
}

/** The fields of a tools/list entry a model reads, in the order they are reported. */
export const LISTED_FIELDS = ["name", "title", "description", "inputSchema", "outputSchema", "annotations"] as const;

/** The field that pins one action's schema. */
export const actionField = (name: string): string => `action ${name}`;

/** The one field of a tools/list entry that is no object: the entry itself. */
export const ENTRY_FIELD = "entry";

/** `value` as canonical JSON: object keys sorted by code unit, Maps as objects, no white space; what JSON cannot hold as null. */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Iterative, as the walks are: any depth is written without overflowing the stack.
  const stack: unknown[] = [value];
  const CLOSE = Symbol("close");
  type Close = { readonly [CLOSE]: string };
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "object" && item !== null && CLOSE in item) {
      out.push((item as Close)[CLOSE]);
      continue;
    }
    if (typeof item === "string" || typeof item === "boolean" || (typeof item === "number" && Number.isFinite(item))) {
      out.push(JSON.stringify(item));
      continue;
    }
    if (Array.isArray(item)) {
      out.push("[");
      stack.push({ [CLOSE]: "]" });
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i]);
        if (i > 0) stack.push({ [CLOSE]: "," });
      }
      continue;
    }
    if (typeof item === "object" && item !== null) {
      const entries: [string, unknown][] =
        item instanceof Map ? [...item].filter(([k]) => typeof k === "string") : Object.keys(item).map((k) => [k, (item as Record<string, unknown>)[k]]);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push("{");
      stack.push({ [CLOSE]: "}" });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, entry] = entries[i] as [string, unknown];
        stack.push(entry);
        stack.push({ [CLOSE]: `${i > 0 ? "," : ""}${JSON.stringify(key)}:` });
      }
      continue;
    }
    out.push("null");
  }
  return out.join("");
}

/** The pin of one field: the SHA-256 of its canonical JSON, in hex. */
export function pinOf(value: unknown): string {
  return process.getBuiltinModule("node:crypto").createHash("sha256").update(canonicalJson(value)).digest("hex");
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The pins of a tools/list entry's fields, those it has. */
export function listedFieldPins(entry: Readonly<Record<string, unknown>>): Record<string, string> {
  const pins: Record<string, string> = {};
  for (const field of LISTED_FIELDS) if (Object.hasOwn(entry, field)) pins[field] = pinOf(entry[field]);
  return pins;
}

/** The pins of each action's schema of an actions map (a plain object, or a Map with string keys). */
export function actionPins(actions: unknown): Record<string, string> {
  const pins: Record<string, string> = {};
  const entries: [unknown, unknown][] = actions instanceof Map ? [...actions] : isRecord(actions) ? Object.entries(actions) : [];
  for (const [name, schema] of entries) if (typeof name === "string") pins[actionField(name)] = pinOf(schema);
  return pins;
}

/** How a tools/list entry is keyed: its name, or its place when it has none or repeats an earlier one. */
function entryKey(entry: unknown, index: number, taken: ReadonlySet<string>): string {
  const name = isRecord(entry) ? entry["name"] : undefined;
  return typeof name === "string" && name !== "" && !taken.has(name) ? name : `tools[${index}]`;
}

/** A tools/list's surface: each entry's listed fields, and for a Wymcp tool (`actionsOf`), each action. */
export function toolsListSurface(entries: readonly unknown[], actionsOf: (name: string) => unknown = () => undefined, instructions?: string): SurfaceHashes {
  const tools: Record<string, FieldHashes> = {};
  const taken = new Set<string>();
  entries.forEach((entry, index) => {
    const key = entryKey(entry, index, taken);
    taken.add(key);
    tools[key] = isRecord(entry) ? { ...listedFieldPins(entry), ...actionPins(actionsOf(key)) } : { [ENTRY_FIELD]: pinOf(entry) };
  });
  return instructions === undefined ? { tools } : { tools, instructions: pinOf(instructions) };
}

/** A Wymcp tool's surface (an action file's, a tool module's): its name, its description when it has one, and each action. */
export function wymcpToolSurface(name: string, description: unknown, actions: unknown): SurfaceHashes {
  const fields: Record<string, string> = { name: pinOf(name) };
  if (typeof description === "string") fields["description"] = pinOf(description);
  return { tools: { [name]: { ...fields, ...actionPins(actions) } } };
}
