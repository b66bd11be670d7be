// The lint of each open document (docs/editors.md): a change waits out the debounce, then
// the document is linted; one lint per document at a time, and when the text (or the
// config, or a file it depends on) changed meanwhile it is linted again, at once, for the
// latest version. A result is kept, and handed on, only when it is for the version and
// generation the document still has: a stale version is never published. Pull requests
// wait here for the current version.

export interface Linted<T> {
  readonly version: number;
  /** The document's generation it was linted under (relint() makes earlier results stale). */
  readonly generation: number;
  readonly resultId: string;
  readonly findings: T;
}

interface State<T> {
  timer: NodeJS.Timeout | null;
  running: boolean;
  /** Linted again when the running lint ends: something changed while it ran. */
  again: boolean;
  linted: Linted<T> | null;
  /** Bumped by each relint(): a result from an earlier generation is stale. */
  generation: number;
  waiters: { version: number; generation: number; resolve: (linted: Linted<T> | null) => void }[];
}

/** What the server lints a document with: its current version, or null when it is closed. */
export interface DocumentSource<D> {
  current(uri: string): { readonly version: number; readonly document: D } | null;
}

export class DocumentLints<D, T> {
  readonly #states = new Map<string, State<T>>();
  readonly #source: DocumentSource<D>;
  readonly #lint: (uri: string, document: D) => Promise<T>;
  readonly #done: (uri: string, linted: Linted<T>) => void;
  #debounceMs: number;
  #results = 0;

  /** `lint` never rejects for a document's own faults; `done` gets each result for a version still current. */
  constructor(source: DocumentSource<D>, lint: (uri: string, document: D) => Promise<T>, done: (uri: string, linted: Linted<T>) => void, debounceMs: number) {
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
      state = { timer: null, running: false, again: false, linted: null, generation: 0, waiters: [] };
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

  /** These documents again, at once (a config, ignore file, baseline or imported file changed): their results from before are stale. */
  relint(uris: Iterable<string>): void {
    for (const uri of uris) {
      const state = this.#states.get(uri);
      if (state === undefined) continue;
      state.generation++;
      this.changed(uri, true);
    }
  }

  /** The document was closed: its lint is forgotten, and whoever waited for it gets null. */
  closed(uri: string): void {
    const state = this.#states.get(uri);
    if (state === undefined) return;
    if (state.timer !== null) clearTimeout(state.timer);
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
    if (state.timer === null && !state.running) this.#run(uri, state);
    return new Promise((resolve) => state.waiters.push({ version, generation, resolve }));
  }

  /** Stops every pending lint: the server is going away. */
  dispose(): void {
    for (const uri of [...this.#states.keys()]) this.closed(uri);
  }

  #run(uri: string, state: State<T>): void {
    if (state.running) {
      state.again = true;
      return;
    }
    const current = this.#source.current(uri);
    if (current === null) return;
    state.running = true;
    state.again = false;
    const { generation } = state;
    void this.#lint(uri, current.document).then((findings) => {
      state.running = false;
      // Closed meanwhile: nothing to hand on.
      if (this.#states.get(uri) !== state) return;
      const now = this.#source.current(uri);
      if (now !== null && now.version === current.version && generation === state.generation) {
        const linted: Linted<T> = { version: current.version, generation, resultId: String(++this.#results), findings };
        state.linted = linted;
        const waiting = state.waiters;
        state.waiters = waiting.filter((w) => w.version > linted.version || w.generation > generation);
        for (const waiter of waiting) if (!state.waiters.includes(waiter)) waiter.resolve(linted);
        this.#done(uri, linted);
      }
      // A newer version or config came meanwhile: lint again at once, unless a debounce is already waiting.
      const stale = now !== null && (now.version !== current.version || generation !== state.generation);
      if ((state.again || stale) && state.timer === null) this.#run(uri, state);
    });
  }
}
