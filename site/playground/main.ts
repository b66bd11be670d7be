// The playground's page: a CodeMirror editor whose text is linted as you type by the linter's
// own pipeline (core.ts), each offence marked at its place, listed with its explanation's page
// and, where --fix would repair it, a button that applies the same edits; the text, its kind
// and the clients chosen are kept in the URL, so a state is shared by its address.
import { json } from "@codemirror/lang-json";
import { type Diagnostic, linter, lintGutter } from "@codemirror/lint";
import { EditorView, basicSetup } from "codemirror";
import { CLIENT_IDS, type ClientId, lintText, NAMES } from "./core.js";

interface State {
  name: string;
  text: string;
  clients: ClientId[];
}

const SAMPLE: State = {
  name: "tool.actions.json",
  text: `{\n  "search": {\n    "descriptoin": "Search the shop",\n    "properties": { "query": { "type": "string" } },\n    "required": ["query", "query"]\n  }\n}\n`,
  clients: [...CLIENT_IDS],
};

function encode(state: State): string {
  return btoa(String.fromCodePoint(...new TextEncoder().encode(JSON.stringify(state))));
}

function decode(hash: string): State | null {
  try {
    const bytes = Uint8Array.from(atob(hash), (c) => c.codePointAt(0) ?? 0);
    const state = JSON.parse(new TextDecoder().decode(bytes)) as State;
    return typeof state.text === "string" && typeof state.name === "string" && Array.isArray(state.clients) ? state : null;
  } catch {
    return null;
  }
}

const state: State = decode(location.hash.slice(1)) ?? SAMPLE;
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const kind = $<HTMLSelectElement>("kind");
for (const name of NAMES) kind.append(new Option(name, name));
if (!NAMES.includes(state.name as (typeof NAMES)[number])) state.name = NAMES[0];
kind.value = state.name;
const clients = $<HTMLFieldSetElement>("clients");
for (const id of CLIENT_IDS) {
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.value = id;
  box.checked = state.clients.includes(id);
  label.append(box, ` ${id}`);
  clients.append(label);
}

/** The offset of a 1-based line and UTF-16 column in the editor's text. */
function offsetOf(view: EditorView, line: number, column: number): number {
  const at = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines));
  return Math.min(at.from + column - 1, at.to);
}

/** The length of the JSON token at `from` (a string with its quotes, or a bare word), which the offence is marked on. */
function tokenLength(view: EditorView, from: number): number {
  const line = view.state.doc.lineAt(from);
  return /^(?:"(?:[^"\\]|\\.)*"|[^\s,:{}[\]]+)/.exec(line.text.slice(from - line.from))?.[0].length ?? 0;
}

const list = $<HTMLOListElement>("offences");
const summary = $<HTMLParagraphElement>("summary");

async function diagnosticsOf(view: EditorView): Promise<Diagnostic[]> {
  const text = view.state.doc.toString();
  state.text = text;
  state.name = kind.value;
  state.clients = [...clients.querySelectorAll("input")].filter((box) => box.checked).map((box) => box.value as ClientId);
  history.replaceState(null, "", `#${encode(state)}`);
  const [file] = await lintText(state.name, text, state.clients);
  const offences = file?.offences ?? [];
  list.replaceChildren();
  summary.textContent = offences.length === 0 ? "No offences." : `${offences.length} offence${offences.length === 1 ? "" : "s"}.`;
  const diagnostics: Diagnostic[] = [];
  for (const offence of offences) {
    const from = offence.line === undefined ? 0 : offsetOf(view, offence.line, offence.column ?? 1);
    const edits = offence.edits ?? [];
    const apply = (): void => view.dispatch({ changes: edits.map((edit) => ({ from: edit.start, to: edit.end, insert: edit.text })) });
    const item = document.createElement("li");
    item.className = `offence ${offence.severity}`;
    const code = document.createElement("a");
    code.href = `../codes/${offence.code}.html`;
    code.textContent = offence.code;
    item.append(code, ` ${offence.line === undefined ? "" : `${offence.line}:${offence.column ?? 1} `}${offence.message} Fix: ${offence.fix}`);
    if (edits.length > 0) {
      const button = document.createElement("button");
      button.className = "apply-fix";
      button.textContent = "Apply the fix";
      button.onclick = apply;
      item.append(" ", button);
    }
    list.append(item);
    diagnostics.push({
      from,
      to: from + tokenLength(view, from),
      severity: offence.severity === "error" ? "error" : "warning",
      source: offence.code,
      message: `${offence.message} Fix: ${offence.fix}`,
      actions: edits.length > 0 ? [{ name: "Apply the fix", apply: () => apply() }] : [],
    });
  }
  return diagnostics;
}

const view = new EditorView({
  doc: state.text,
  extensions: [basicSetup, json(), lintGutter(), linter(diagnosticsOf, { delay: 200 })],
  parent: $("editor"),
});
// A change of the kind or the clients lints again, as a change of the text does.
const relint = (): void => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: view.state.doc.toString() } });
kind.onchange = relint;
clients.onchange = relint;
