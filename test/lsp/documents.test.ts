// Each open document's lint (src/lsp/documents.ts), driven with lints the test settles itself:
// a stale version is never handed on; an older text's lint still running when a newer one is
// due is abandoned (its signal aborts) and the newer starts at once; a code action's now()
// lints the current version at once, its debounce cut short.

import assert from "node:assert/strict";
import { test } from "node:test";
import { DocumentLints, type Linted } from "../../src/lsp/documents.js";

const URI = "file:///tmp/notes.tool.mjs";

/** A document whose versions the test sets, and lints it settles when it likes. */
function harness(debounceMs: number) {
  let version = 1;
  const lints: { version: number; signal: AbortSignal; settle: (findings: string) => void }[] = [];
  const done: Linted<string>[] = [];
  const documents = new DocumentLints<number, string>(
    { current: (uri) => (uri === URI ? { version, document: version } : null) },
    (_uri, document, signal) => new Promise<string>((resolve) => lints.push({ version: document, signal, settle: resolve })),
    (_uri, linted) => done.push(linted),
    debounceMs,
  );
  return {
    documents,
    lints,
    done,
    edit(): number {
      version++;
      documents.changed(URI);
      return version;
    },
    setVersion(v: number): void {
      version = v;
    },
  };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test("a newer version's lint abandons an older one still running, whose result is never handed on", async () => {
  const h = harness(0);
  h.documents.changed(URI, true);
  assert.equal(h.lints.length, 1);
  // A change: with no debounce, the newer lint is due at once, and the first is abandoned.
  h.setVersion(2);
  h.documents.changed(URI);
  assert.equal(h.lints.length, 2);
  assert.equal(h.lints[0]?.signal.aborted, true);
  assert.equal(h.lints[1]?.signal.aborted, false);
  const pulled = h.documents.whenLinted(URI, 2);
  h.lints[0]?.settle("for version 1");
  h.lints[1]?.settle("for version 2");
  assert.deepEqual((await pulled)?.findings, "for version 2");
  await tick();
  assert.deepEqual(
    h.done.map((d) => [d.version, d.findings]),
    [[2, "for version 2"]],
  );
});

test("a lint of the very text already being linted is not started twice; a relint of it abandons the earlier generation's", async () => {
  const h = harness(0);
  h.documents.changed(URI, true);
  void h.documents.whenLinted(URI, 1);
  assert.equal(h.lints.length, 1);
  h.documents.relint([URI]);
  assert.equal(h.lints.length, 2);
  assert.equal(h.lints[0]?.signal.aborted, true);
  h.lints[1]?.settle("after the config changed");
  assert.equal((await h.documents.whenLinted(URI, 1))?.generation, 1);
});

test("a result that comes once the document has moved on is not handed on, and the newer version is linted", async () => {
  const h = harness(60 * 60 * 1000);
  h.documents.changed(URI, true);
  h.setVersion(2);
  // The change's debounce has not fired: the lint of version 1 ends first, stale.
  h.lints[0]?.settle("for version 1");
  await tick();
  assert.deepEqual(h.done, []);
  assert.equal(h.documents.latest(URI), null);
  h.documents.dispose();
});

test("now() lints the current version at once, cutting its debounce short, and gives what is known when it is current", async () => {
  const h = harness(60 * 60 * 1000);
  h.documents.changed(URI, true);
  h.lints[0]?.settle("for version 1");
  await tick();
  assert.equal((await h.documents.now(URI))?.findings, "for version 1");
  assert.equal(h.lints.length, 1);
  // Typed: the debounce of an hour would wait; a code action cannot.
  h.edit();
  const asked = h.documents.now(URI);
  assert.equal(h.lints.length, 2);
  h.lints[1]?.settle("for version 2");
  assert.equal((await asked)?.version, 2);
  h.documents.dispose();
});

test("closing abandons the lint in flight and answers whoever waits with null", async () => {
  const h = harness(0);
  h.documents.changed(URI, true);
  const waiting = h.documents.whenLinted(URI, 1);
  h.documents.closed(URI);
  assert.equal(h.lints[0]?.signal.aborted, true);
  assert.equal(await waiting, null);
});
