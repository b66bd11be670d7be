// The lint of each open document (docs/editors.md): a change waits out the debounce, then
// the document is linted. One lint per document at a time: when the lint of a newer version
// (or of the same text after the config or a file it depends on changed) is due while an
// older one still runs, the older is abandoned (its signal aborts it: a module spinning in its
// load is stopped, not waited for) and the newer starts at once. A result is kept, and handed
// on, only when it is for the version and generation the document still has: a stale version
// is never published. Pull requests and code actions wait here for the version they need; a
// code action asked before the current version was linted has it linted at once (now()).

export interface Linted<T> {
  readonly version: number;
  /** The document's generation it was linted under (relint() makes earlier results stale). */
  readonly generation: number;
  readonly resultId: string;
  readonly findings: T;
}

/** The lint in flight: what it is for, and how to abandon it. */
interface Running {
  readonly version: number;
  readonly generation: number;
  readonly controller: AbortController;
}

interface State<T> {
  timer: NodeJS.Timeout | null;
  running: Running | null;
  linted: Linted<T> | null;
  /** Bumped by each relint(): a result from an earlier generation is stale. */
  generation: number;
  waiters: { version: number; generation: number; resolve: (linted: Linted<T> | null) => void }[];
}

/** What the server lints a document with: its current version, or null when it is closed. */
export interface DocumentSource<D> {
  current(uri: string): { readonly version: number; readonly document: D } | null;
}

/** Lints a document; never rejects for its own faults, and may give up once `signal` aborts (what it gives then is not used). */
export type LintDocument<D, T> = (uri: string, document: D, signal: AbortSignal) => Promise<T>;

export class DocumentLints<D, T> {
  readonly #states = new Map<string, State<T>>();
  readonly #source: DocumentSource<D>;
  readonly #lint: LintDocument<D, T>;
  readonly #done: (uri: string, linted: Linted<T>) => void;
  #debounceMs: number;
  #results = 0;

  /** `done` gets each result for a version still current. */
  constructor(source: DocumentSource<D>, lint: LintDocument<D, T>, done: (uri: string, linted: Linted<T>) => void, debounceMs: number) {
    this.#source = source;
    this.#lint = lint;
    this.#done = done;
    this.#debounceMs = debounceMs;
  }

  set debounceMs(ms: number) {
    this.#debounceMs = ms;
  }

  #state(uri: string): State<T> {
    let state = this.#states.get(uri);
    if (state === undefined) {
      state = { timer: null, running: null, linted: null, generation: 0, waiters: [] };
      this.#states.set(uri, state);
    }
    return state;
  }

  /** The document changed (or opened): lint it after the debounce, or at once with `now`. */
  changed(uri: string, now = false): void {
    const state = this.#state(uri);
    if (state.timer !== null) clearTimeout(state.timer);
    state.timer = null;
    if (now || this.#debounceMs === 0) {
      this.#run(uri, state);
      return;
    }
    state.timer = setTimeout(() => {
      state.timer = null;
      this.#run(uri, state);
    }, this.#debounceMs);
  }

  /** These documents again, at once (a config, ignore file, baseline or imported file changed, or the document was saved): their results from before are stale. */
  relint(uris: Iterable<string>): void {
    for (const uri of uris) {
      const state = this.#states.get(uri);
      if (state === undefined) continue;
      state.generation++;
      this.changed(uri, true);
    }
  }

  /** The document was closed: its lint is forgotten (one in flight abandoned), and whoever waited for it gets null. */
  closed(uri: string): void {
    const state = this.#states.get(uri);
    if (state === undefined) return;
    if (state.timer !== null) clearTimeout(state.timer);
    state.running?.controller.abort();
    this.#states.delete(uri);
    for (const waiter of state.waiters) waiter.resolve(null);
  }

  /** The result for the document's current version and config, when there is one. */
  latest(uri: string): Linted<T> | null {
    const state = this.#states.get(uri);
    const linted = state?.linted ?? null;
    const current = this.#source.current(uri);
    return linted !== null && current !== null && linted.version === current.version && linted.generation === state?.generation ? linted : null;
  }

  /** The result for `version` or later under the current config; null when the document closes first. */
  whenLinted(uri: string, version: number): Promise<Linted<T> | null> {
    const state = this.#state(uri);
    const { linted, generation } = state;
    if (linted !== null && linted.version >= version && linted.generation >= generation) return Promise.resolve(linted);
    const waiting = new Promise<Linted<T> | null>((resolve) => state.waiters.push({ version, generation, resolve }));
    // A change waiting out its debounce lints the version asked for when it fires.
    if (state.timer === null) this.#run(uri, state);
    return waiting;
  }

  /** The result for the current version, linted at once when it is not yet (its debounce cut short); null when the document is closed. */
  now(uri: string): Promise<Linted<T> | null> {
    const current = this.#source.current(uri);
    if (current === null) return Promise.resolve(null);
    const known = this.latest(uri);
    if (known !== null) return Promise.resolve(known);
    const state = this.#state(uri);
    if (state.timer !== null) {
      clearTimeout(state.timer);
      state.timer = null;
    }
    return this.whenLinted(uri, current.version);
  }

  /** Stops every pending lint: the server is going away. */
  dispose(): void {
    for (const uri of [...this.#states.keys()]) this.closed(uri);
  }

  #run(uri: string, state: State<T>): void {
    const current = this.#source.current(uri);
    if (current === null) return;
    const { generation } = state;
    const { running } = state;
    if (running !== null) {
      // Already linting this very text: its result is the one wanted.
      if (running.version === current.version && running.generation === generation) return;
      // An older text's lint, outdated: abandoned, not waited for.
      running.controller.abort();
    }
    const mine: Running = { version: current.version, generation, controller: new AbortController() };
    state.running = mine;
    void this.#lint(uri, current.document, mine.controller.signal).then((findings) => {
      // Abandoned, or closed meanwhile: nothing to hand on.
      if (state.running !== mine) return;
      state.running = null;
      if (this.#states.get(uri) !== state) return;
      const now = this.#source.current(uri);
      if (now !== null && now.version === mine.version && generation === state.generation) {
        const linted: Linted<T> = { version: mine.version, generation, resultId: String(++this.#results), findings };
        state.linted = linted;
        const waiting = state.waiters;
        state.waiters = waiting.filter((w) => w.version > linted.version || w.generation > generation);
        for (const waiter of waiting) if (!state.waiters.includes(waiter)) waiter.resolve(linted);
        this.#done(uri, linted);
        return;
      }
      // A newer version or config came meanwhile: lint again at once, unless a debounce is already waiting.
      if (now !== null && state.timer === null) this.#run(uri, state);
    });
  }
}
