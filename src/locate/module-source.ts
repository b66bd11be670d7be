// Finds, in a tool module's source text, the entry each path names (a path from the tool:
// "name", or "actions", an action, then the offence's path): the module was linted on what
// it declared at run time; this reads the same declaration statically, walking its object
// literals along the path. Where the walk cannot follow (computed keys, values built at run
// time, imports), it answers the nearest enclosing entry it reached, marked inexact, never a
// wrong one. The text is parsed once, by oxc (loaded on first use, so runs without module
// offences never load it), for both its first syntax error and every path. Called by the
// module's pass (tool-module.ts) and, to check a fixed text before loading it, by --fix.

import type {
  ArrayExpression,
  ArrowFunctionExpression,
  Directive,
  Expression,
  Function as FunctionNode,
  ModuleExportName,
  NewExpression,
  ObjectExpression,
  Program,
  Statement,
} from "oxc-parser";
import { appendAll } from "../core/append.js";
import type { Path, PathSegment } from "../core/path.js";
import type { Span } from "../text/positions.js";
import type { LocatedEntry } from "./located-entry.js";
import { nestsDeeperThan } from "./nesting-depth.js";

/** A module's text, parsed. */
export interface ParsedModule {
  /** Where the first syntax error oxc found starts (a UTF-16 offset); null when the text parses. */
  readonly syntaxErrorAt: number | null;
  /**
   * The entry each path names, or null when nothing of the declaration was found, or when the
   * text does not parse.
   */
  entries(paths: readonly Path[]): (LocatedEntry | null)[];
}

type Parser = typeof import("oxc-parser");
let parser: Promise<Parser> | undefined;

function loadParser(): Promise<Parser> {
  parser ??= import("oxc-parser");
  return parser;
}

// Deeper than any real declaration, and far below the depth at which oxc's parser overflows.
const MAX_NESTING = 500;

/**
 * The module's text parsed once; null for text nested too deeply to hand to the parser (then
 * nothing is located in it). The file name's extension decides TypeScript or JavaScript.
 */
export async function parseModule(text: string, fileName: string): Promise<ParsedModule | null> {
  if (nestsDeeperThan(text, MAX_NESTING)) return null;
  const { parseSync } = await loadParser();
  // CommonJS files are scripts (top-level return allowed, no import/export); the rest is
  // told apart by oxc as node does (import/export make a module).
  const sourceType = /\.c[jt]s$/i.test(fileName) ? "commonjs" : "unambiguous";
  const { program, errors } = parseSync(fileName, text, { sourceType, preserveParens: true });
  const first = errors[0];
  if (first !== undefined) return { syntaxErrorAt: first.labels[0]?.start ?? 0, entries: (paths) => paths.map(() => null) };
  let root: ToolRoot | null | undefined;
  return {
    syntaxErrorAt: null,
    entries(paths) {
      if (root === undefined) root = toolRoot(program);
      const tool = root;
      return paths.map((path) => (tool === null ? null : walk(tool, path)));
    },
  };
}

// ---------------------------------------------------------------------------------------
// Scopes: what a name is bound to, as far as the walk needs it.

/** Stands for the library's defineTool, which returns its argument. */
const DEFINE_TOOL = Symbol("defineTool");

/** A bound name's value: an expression or function, defineTool, or null when it cannot be known statically. */
type Bound = Expression | FunctionNode | typeof DEFINE_TOOL | null;

interface Scope {
  readonly parent: Scope | null;
  readonly names: Map<string, { readonly bound: Bound; readonly scope: Scope }>;
  /** Names assigned anywhere in the file (a let or var is trusted only when absent here). */
  readonly assigned: () => ReadonlySet<string>;
}

function lookup(scope: Scope, name: string): { bound: Bound; scope: Scope } | undefined {
  for (let s: Scope | null = scope; s !== null; s = s.parent) {
    const binding = s.names.get(name);
    if (binding !== undefined) return binding;
  }
  return undefined;
}

function isRequireCall(node: Expression | null): boolean {
  return node?.type === "CallExpression" && node.callee.type === "Identifier" && node.callee.name === "require";
}

/** The scope a list of statements declares, inside `parent`. */
function blockScope(statements: readonly (Statement | Directive)[], parent: Scope | null, assigned: () => ReadonlySet<string>): Scope {
  const scope: Scope = { parent, names: new Map(), assigned };
  const bind = (name: string, bound: Bound): void => void scope.names.set(name, { bound, scope });
  for (const raw of statements) {
    const statement = raw.type === "ExportNamedDeclaration" || raw.type === "ExportDefaultDeclaration" ? raw.declaration : raw;
    if (statement === null) continue;
    switch (statement.type) {
      case "VariableDeclaration":
        for (const declarator of statement.declarations) {
          const { id, init } = declarator;
          if (id.type === "Identifier") {
            // A const is what it was initialized to; a let or var only if nothing assigns it.
            bind(id.name, init !== null && (statement.kind === "const" || !assigned().has(id.name)) ? init : null);
            continue;
          }
          for (const name of patternNames(id)) bind(name, null);
          // const { defineTool } = require("wymcp-lint")
          if (id.type === "ObjectPattern" && isRequireCall(init)) {
            for (const p of id.properties) {
              if (p.type === "Property" && keyName(p.key, p.computed) === "defineTool" && p.value.type === "Identifier") bind(p.value.name, DEFINE_TOOL);
            }
          }
        }
        break;
      case "FunctionDeclaration":
        if (statement.id !== null) bind(statement.id.name, statement);
        break;
      case "ClassDeclaration":
      case "TSEnumDeclaration":
      case "TSImportEqualsDeclaration":
        if (statement.id?.type === "Identifier") bind(statement.id.name, null);
        break;
      case "ImportDeclaration":
        for (const s of statement.specifiers) {
          const isDefineTool = s.type === "ImportSpecifier" && exportName(s.imported) === "defineTool";
          bind(s.local.name, isDefineTool ? DEFINE_TOOL : null);
        }
        break;
      default:
        break;
    }
  }
  return scope;
}

/** The names a binding or assignment pattern binds. */
function patternNames(pattern: unknown): string[] {
  const names: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== "object" || node === null) return;
    const n = node as Record<string, unknown>;
    if (n["type"] === "Identifier" && typeof n["name"] === "string") names.push(n["name"]);
    else if (n["type"] === "Property") visit(n["value"]);
    else if (n["type"] === "AssignmentPattern") visit(n["left"]);
    else if (n["type"] === "RestElement") visit(n["argument"]);
    else if (n["type"] === "TSParameterProperty") visit(n["parameter"]);
    else for (const child of [...((n["properties"] as unknown[] | undefined) ?? []), ...((n["elements"] as unknown[] | undefined) ?? [])]) visit(child);
  };
  visit(pattern);
  return names;
}

/** Every name the program assigns to or updates, at any depth. */
function assignedNames(program: Program): Set<string> {
  const names = new Set<string>();
  const pending: unknown[] = [program];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (typeof node !== "object" || node === null) continue;
    if (Array.isArray(node)) {
      appendAll(pending, node as unknown[]);
      continue;
    }
    const n = node as Record<string, unknown>;
    if (n["type"] === "AssignmentExpression") for (const name of patternNames(n["left"])) names.add(name);
    if (n["type"] === "UpdateExpression") for (const name of patternNames(n["argument"])) names.add(name);
    for (const key of Object.keys(n)) if (key !== "parent") pending.push(n[key]);
  }
  return names;
}

// ---------------------------------------------------------------------------------------
// Values: an expression seen through wrappers and same-file bindings.

interface Value {
  readonly node: Expression | FunctionNode;
  readonly scope: Scope;
}

const WRAPPERS = new Set(["ParenthesizedExpression", "TSAsExpression", "TSSatisfiesExpression", "TSTypeAssertion", "TSNonNullExpression", "TSInstantiationExpression"]);
// Bindings followed in a row at most, so that `const a = b, b = a` cannot loop.
const MAX_HOPS = 64;

/**
 * What an expression stands for: through parentheses, type assertions, same-file bindings,
 * defineTool(...) and Object.freeze(...). Stops at anything else (calls, imports, members).
 */
function resolve(value: Value): Value {
  let { node, scope } = value;
  for (let hops = 0; hops < MAX_HOPS; hops++) {
    if (WRAPPERS.has(node.type)) {
      node = (node as { expression: Expression }).expression;
    } else if (node.type === "Identifier") {
      const binding = lookup(scope, node.name);
      if (binding === undefined || binding.bound === null || binding.bound === DEFINE_TOOL) break;
      node = binding.bound;
      scope = binding.scope;
    } else if (node.type === "CallExpression" && isIdentityCall(node.callee, scope) && node.arguments.length === 1 && node.arguments[0]?.type !== "SpreadElement") {
      node = node.arguments[0] as Expression;
    } else {
      break;
    }
  }
  return { node, scope };
}

/** defineTool (imported, required, or global) or Object.freeze, when not shadowed. */
function isIdentityCall(callee: Expression, scope: Scope): boolean {
  if (callee.type === "Identifier") {
    const binding = lookup(scope, callee.name);
    return binding === undefined ? callee.name === "defineTool" : binding.bound === DEFINE_TOOL;
  }
  return (
    callee.type === "MemberExpression" &&
    !callee.computed &&
    callee.object.type === "Identifier" &&
    callee.object.name === "Object" &&
    lookup(scope, "Object") === undefined &&
    callee.property.name === "freeze"
  );
}

type AnyFunction = FunctionNode | ArrowFunctionExpression;

function isFunction(node: Expression | FunctionNode): node is AnyFunction {
  return node.type === "FunctionExpression" || node.type === "FunctionDeclaration" || node.type === "ArrowFunctionExpression";
}

/** What a function returns, when that is one expression: its body, or its only return statement's. */
function returned(fn: AnyFunction, outer: Scope): Value | null {
  const scope: Scope = { parent: outer, names: new Map(), assigned: outer.assigned };
  for (const param of fn.params) for (const name of patternNames(param)) scope.names.set(name, { bound: null, scope });
  if (fn.body === null) return null;
  if (fn.body.type !== "BlockStatement") return { node: fn.body, scope };
  const found: Value[] = [];
  let bare = false; // a `return;` somewhere: the function may return undefined
  const visitBlock = (statements: readonly (Statement | Directive)[], parent: Scope): void => {
    const block = blockScope(statements, parent, parent.assigned);
    for (const statement of statements) visit(statement, block);
  };
  const visit = (statement: Statement | Directive | null, s: Scope): void => {
    if (statement === null) return;
    switch (statement.type) {
      case "ReturnStatement":
        if (statement.argument === null) bare = true;
        else found.push({ node: statement.argument, scope: s });
        return;
      case "BlockStatement":
        visitBlock(statement.body, s);
        return;
      case "IfStatement":
        visit(statement.consequent, s);
        visit(statement.alternate, s);
        return;
      case "TryStatement":
        visitBlock(statement.block.body, s);
        if (statement.handler) visitBlock(statement.handler.body.body, s);
        if (statement.finalizer) visitBlock(statement.finalizer.body, s);
        return;
      case "ForStatement":
      case "ForInStatement":
      case "ForOfStatement":
      case "WhileStatement":
      case "DoWhileStatement":
      case "LabeledStatement":
      case "WithStatement":
        visit(statement.body, s);
        return;
      case "SwitchStatement":
        for (const c of statement.cases) visitBlock(c.consequent, s);
        return;
      default:
        return;
    }
  };
  visitBlock(fn.body.body, scope);
  return found.length === 1 && !bare ? (found[0] as Value) : null;
}

// ---------------------------------------------------------------------------------------
// Entries: one key and value of a literal, or one named export.

interface Entry {
  /** The key as written; absent for an array element. */
  readonly key?: Span;
  /** The value's expression; null when it lives in another file. */
  readonly value: Value | null;
  /** Where the value is written at this entry (a method or accessor: the whole property). */
  readonly valueSpan: Span;
  readonly shorthand?: boolean;
  /** A getter: its value is what it returns. */
  readonly getter?: boolean;
}

/** A key's name: a non-computed identifier, or a string, number or plain template literal; undefined for anything else. */
function keyName(key: { type: string }, computed: boolean): string | undefined {
  const k = key as { type: string; name?: unknown; value?: unknown; quasis?: readonly { value: { cooked: string | null } }[]; expressions?: readonly unknown[] };
  if (k.type === "Identifier") return computed ? undefined : (k.name as string);
  if (k.type === "Literal") return typeof k.value === "string" || typeof k.value === "number" ? String(k.value) : undefined;
  if (k.type === "TemplateLiteral" && k.expressions?.length === 0) return k.quasis?.[0]?.value.cooked ?? undefined;
  return undefined;
}

function exportName(node: ModuleExportName): string {
  return node.type === "Literal" ? node.value : node.name;
}

/** An identifier's own characters: a binding identifier's span also covers its type annotation. */
function nameSpan(node: { readonly type: string; readonly start: number; readonly end: number }): Span {
  const name = node.type === "Identifier" ? (node as { name?: unknown }).name : undefined;
  return typeof name === "string" ? { start: node.start, end: node.start + name.length } : { start: node.start, end: node.end };
}

/** The entry `segment` of a literal; null when the literal does not show it statically. */
function member(container: Value, segment: PathSegment): Entry | null {
  const { node, scope } = container;
  if (node.type === "ObjectExpression" && typeof segment === "string") return objectMember(node, scope, segment, 0);
  if (node.type === "ArrayExpression" && typeof segment === "number") return arrayMember(node, scope, segment);
  if (node.type === "NewExpression" && typeof segment === "string") return mapMember(node, scope, segment);
  return null;
}

function objectMember(node: ObjectExpression, scope: Scope, segment: string, depth: number): Entry | null {
  // The last property of a name wins, as at run time; a spread may hold it.
  for (let i = node.properties.length - 1; i >= 0; i--) {
    const property = node.properties[i] as ObjectExpression["properties"][number];
    if (property.type === "SpreadElement") {
      const spread = resolve({ node: property.argument, scope });
      if (spread.node.type !== "ObjectExpression" || depth >= MAX_HOPS) return null;
      const inner = objectMember(spread.node, spread.scope, segment, depth + 1);
      if (inner !== null) return inner;
      if (spread.node.properties.some((p) => p.type === "SpreadElement" || keyName(p.key, p.computed) === undefined)) return null;
      continue;
    }
    const name = keyName(property.key, property.computed);
    if (name === undefined) return null; // a computed key may be this one
    if (name !== segment || property.kind === "set") continue;
    // `__proto__: x` sets the prototype: it is no own key.
    if (name === "__proto__" && !property.computed && !property.shorthand && !property.method && property.kind === "init") continue;
    const accessor = property.method || property.kind === "get";
    return {
      key: nameSpan(property.key),
      value: { node: property.value, scope },
      valueSpan: accessor ? property : property.value,
      shorthand: property.shorthand,
      getter: property.kind === "get",
    };
  }
  return null;
}

function arrayMember(node: ArrayExpression, scope: Scope, index: number): Entry | null {
  for (let i = 0; i <= index && i < node.elements.length; i++) if (node.elements[i]?.type === "SpreadElement") return null;
  const element = node.elements[index];
  if (element === undefined || element === null || element.type === "SpreadElement") return null;
  return { value: { node: element, scope }, valueSpan: element };
}

/** `new Map([["key", value], ...])`: the last pair with that literal key. */
function mapMember(node: NewExpression, scope: Scope, segment: string): Entry | null {
  if (node.callee.type !== "Identifier" || node.callee.name !== "Map" || lookup(scope, "Map") !== undefined) return null;
  const pairs = node.arguments[0];
  if (node.arguments.length !== 1 || pairs?.type !== "ArrayExpression") return null;
  for (let i = pairs.elements.length - 1; i >= 0; i--) {
    const pair = pairs.elements[i];
    if (pair?.type !== "ArrayExpression" || pair.elements.length < 2) return null;
    const [key, value] = pair.elements;
    if (!key || !value || key.type === "SpreadElement" || value.type === "SpreadElement") return null;
    const name = keyName(key, true);
    if (name === undefined) return null;
    if (name === segment) return { key, value: { node: value, scope }, valueSpan: value };
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// The tool's declaration, and the walk.

/**
 * Where the tool is declared: an object value (a default export, module.exports) whose
 * top-level entries `exports` override (module.exports.name = ...), or only `exports`
 * (named exports). A name in `exports` with a null entry is exported in a way the walk
 * cannot follow.
 */
interface ToolRoot {
  readonly value: Value | null;
  readonly exports: ReadonlyMap<string, Entry | null>;
}

const NAMED = new Set(["name", "description", "actions"]);

function isModuleExports(node: { type: string }): boolean {
  const n = node as Expression;
  return (
    n.type === "MemberExpression" &&
    !n.computed &&
    n.object.type === "Identifier" &&
    n.object.name === "module" &&
    n.property.type === "Identifier" &&
    n.property.name === "exports"
  );
}

/** `module.exports.name = …`, or `exports.name = …` while `exports` is still module.exports: the name. */
function exportsMember(node: { type: string }, replaced: boolean): { name: string; key: Span } | null {
  const n = node as Expression;
  if (n.type !== "MemberExpression") return null;
  const bareExports = n.object.type === "Identifier" && n.object.name === "exports" && !replaced;
  if (!bareExports && !isModuleExports(n.object)) return null;
  const name = keyName(n.property, n.computed);
  return name === undefined ? null : { name, key: nameSpan(n.property) };
}

/** What `export …` declares under `name`s, into `exports`. */
function namedExports(statement: Statement & { type: "ExportNamedDeclaration" }, scope: Scope, exports: Map<string, Entry | null>): void {
  const declaration = statement.declaration;
  if (declaration?.type === "VariableDeclaration") {
    for (const d of declaration.declarations) {
      if (d.id.type !== "Identifier") {
        for (const name of patternNames(d.id)) exports.set(name, null);
        continue;
      }
      const key = nameSpan(d.id);
      // Through the binding: a let assigned later is not its initializer.
      const trusted = d.init !== null && lookup(scope, d.id.name)?.bound === d.init;
      exports.set(d.id.name, trusted ? { key, value: { node: d.init as Expression, scope }, valueSpan: d.init as Expression } : { key, value: null, valueSpan: key });
    }
  } else if (declaration?.type === "FunctionDeclaration" && declaration.id !== null) {
    exports.set(declaration.id.name, { key: nameSpan(declaration.id), value: { node: declaration, scope }, valueSpan: declaration });
  }
  for (const specifier of statement.specifiers) {
    if (specifier.exportKind === "type") continue;
    const local = specifier.local;
    // Bound here (followed like any name), or re-exported from another file (not followed).
    const value = statement.source === null && local.type === "Identifier" ? { node: local as Expression, scope } : null;
    exports.set(exportName(specifier.exported), { key: nameSpan(specifier.exported), value, valueSpan: nameSpan(local) });
  }
}

function toolRoot(program: Program): ToolRoot | null {
  let assigned: Set<string> | undefined;
  const scope = blockScope(program.body, null, () => (assigned ??= assignedNames(program)));
  let value: Value | null = null;
  let isDefault = false;
  let replaced = false; // module.exports was assigned a new object: `exports` no longer is it
  const exports = new Map<string, Entry | null>();
  for (const statement of program.body) {
    if (statement.type === "ExportDefaultDeclaration") {
      const declaration = statement.declaration;
      // A class is a function: not an object default export.
      if (declaration.type !== "ClassDeclaration" && declaration.type !== "TSInterfaceDeclaration") {
        value = { node: declaration as Expression | FunctionNode, scope };
        isDefault = true;
      }
    } else if (statement.type === "TSExportAssignment") {
      value = { node: statement.expression, scope };
    } else if (statement.type === "ExpressionStatement" && statement.expression.type === "AssignmentExpression" && statement.expression.operator === "=") {
      const { left, right } = statement.expression;
      if (isModuleExports(left)) {
        value = { node: right, scope };
        replaced = true;
        exports.clear(); // what was assigned to the old object is gone with it
      } else {
        const assignedMember = exportsMember(left, replaced);
        if (assignedMember) exports.set(assignedMember.name, { key: assignedMember.key, value: { node: right, scope }, valueSpan: right });
      }
    } else if (statement.type === "ExportNamedDeclaration" && statement.exportKind !== "type") {
      namedExports(statement, scope, exports);
    } else if (statement.type === "ExportAllDeclaration" && statement.exported !== null) {
      exports.set(exportName(statement.exported), null);
    }
  }
  if (value !== null) {
    const resolved = resolve(value).node;
    // A default export that is no object (a function, a primitive) leaves the named exports as the tool.
    const notObject = isFunction(resolved) || resolved.type === "Literal" || resolved.type === "TemplateLiteral";
    if (!notObject) return { value, exports: isDefault ? new Map() : exports };
  }
  for (const name of [...exports.keys()]) if (!NAMED.has(name)) exports.delete(name);
  return exports.size === 0 ? null : { value: null, exports };
}

/** A value written as a literal (found through bindings and wrappers): the value's own place. */
function isLiteral(node: Expression | FunctionNode): boolean {
  const type = node.type;
  return (
    type === "ObjectExpression" ||
    type === "ArrayExpression" ||
    type === "Literal" ||
    type === "TemplateLiteral" ||
    (type === "NewExpression" && node.callee.type === "Identifier" && node.callee.name === "Map")
  );
}

/** A node's own offsets, so that no entry holds on to the syntax tree. */
function spanOf(node: Span): Span {
  return { start: node.start, end: node.end };
}

/** Walks the declaration along the path; the deepest entry reached when it stops. */
function walk(root: ToolRoot, path: Path): LocatedEntry | null {
  let reached: LocatedEntry | null = null;
  let container: Value | null = null;
  if (root.value !== null) {
    container = resolve(root.value);
    reached = isLiteral(container.node) ? { value: spanOf(container.node), exact: true } : { value: spanOf(root.value.node), exact: false };
  }
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as PathSegment;
    const fromExports = i === 0 && typeof segment === "string" && root.exports.has(segment);
    const entry = fromExports ? root.exports.get(segment as string) : container === null ? null : member(container, segment);
    if (entry === null || entry === undefined) return reached === null ? null : { ...reached, exact: false };
    let value = entry.value === null ? null : resolve(entry.value);
    // A getter's value is what it returns; so is the tool's actions() function's, when the path goes into it.
    if (value !== null && isFunction(value.node) && (entry.getter || (i === 0 && segment === "actions" && i < path.length - 1))) {
      const result = returned(value.node, value.scope);
      if (result !== null) value = resolve(result);
    }
    const literal = value !== null && isLiteral(value.node);
    reached = {
      ...(entry.key ? { key: spanOf(entry.key) } : {}),
      value: spanOf(literal ? (value as Value).node : entry.valueSpan),
      exact: true,
      ...(entry.shorthand ? { shorthand: true as const } : {}),
    };
    container = value;
  }
  return reached;
}
