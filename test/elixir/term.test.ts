import assert from "node:assert/strict";
import { test } from "node:test";
import { EntryTable, keyId, type Place, type Term } from "../../src/elixir/term.js";

const at: Place = { file: "/t.ex", span: { start: 0, end: 0 } };
const str = (value: string): Term => ({ kind: "string", value, at });
const atom = (value: string): Term => ({ kind: "atom", value, at });
const list = (...items: Term[]): Term => ({ kind: "list", items, at });

test("keyId is equal exactly where Elixir's === is: 1 and 1.0, an atom and a string, differ", () => {
  assert.equal(keyId({ kind: "integer", value: 1n, at }), keyId({ kind: "integer", value: 1n, at }));
  assert.notEqual(keyId({ kind: "integer", value: 1n, at }), keyId({ kind: "float", value: 1, at }));
  assert.notEqual(keyId(atom("a")), keyId(str("a")));
  assert.equal(keyId(list(str("a"), atom("b"))), keyId(list(str("a"), atom("b"))));
  assert.notEqual(keyId({ kind: "tuple", items: [str("a")], at }), keyId(list(str("a"))));
});

test("keyId: no two lists of strings share an identity, whatever the strings hold", () => {
  assert.notEqual(keyId(list(str("a,s1:b"))), keyId(list(str("a"), str("b"))));
  assert.notEqual(keyId(list(str("a)"), str(""))), keyId(list(str("a"), str(")"))));
});

test("keyId: a term that is not known has none, nor has a list holding one", () => {
  assert.equal(keyId({ kind: "dynamic", what: "a call of f/1", at }), null);
  assert.equal(keyId(list(str("a"), { kind: "map", entries: [], at })), null);
});

test("EntryTable: a key written again replaces its entry and moves it last; unknown keys replace nothing", () => {
  const unknown: Term = { kind: "dynamic", what: "x", at };
  const table = new EntryTable([
    { key: str("a"), value: str("1") },
    { key: str("b"), value: str("2") },
  ]);
  table.put(str("a"), str("3"));
  table.put(unknown, str("4"));
  table.put({ kind: "dynamic", what: "x", at }, str("5"));
  table.delete(unknown);
  table.delete(str("missing"));
  const shown = table.entries().map((e) => [e.key.kind === "string" ? e.key.value : e.key.kind, e.value.kind === "string" ? e.value.value : null]);
  assert.deepEqual(shown, [
    ["b", "2"],
    ["a", "3"],
    ["dynamic", "4"],
    ["dynamic", "5"],
  ]);
});
