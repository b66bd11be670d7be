// What the MCP server lints with, bounded whatever the client does (docs/mcp.md, "Limits"):
// one engine per root (src/engine/), at most MAX_ENGINES of them, and one pool of module
// processes that every engine shares. At most MAX_RUNNING calls lint at once and MAX_WAITING
// wait their turn (a call beyond is answered that the server is busy), so concurrent calls
// never pile up module processes. An engine unused for IDLE_MS is dropped, and so are the
// pool's idle processes once no call has come for as long. A call that is cancelled stops
// waiting, or stops its modules.

import { tmpdir } from "node:os";
import { Engine } from "../engine/engine.js";
import { MCP } from "../engine/policy.js";
import { ModulePool } from "../modules/pool.js";

/** Calls that lint at once: module processes run beside this thread, a lint of action files on it. */
export const MAX_RUNNING = 2;
/** Calls that wait for their turn; one more is answered busy. */
export const MAX_WAITING = 16;
/** Roots whose engines are kept; beyond, the one used longest ago is dropped. */
export const MAX_ENGINES = 8;
/** How long an engine, or the pool's idle processes, outlive the last call that used them. */
export const IDLE_MS = 120_000;

/** The queue was full: the call is answered so. */
export class Busy extends Error {
  override readonly name = "Busy";
}

interface Kept {
  readonly engine: Promise<Engine>;
  /** Calls running on it now. */
  running: number;
  /** When it was last used (performance.now()): of two idle ones, the older is dropped first. */
  lastUsed: number;
  /** Drops it, once it has been idle for IDLE_MS. */
  idle: NodeJS.Timeout | null;
}

export interface EnginesOptions {
  /** Wall time each tool module gets to load, in milliseconds. */
  readonly loadTimeoutMs: number;
  /** How long what is idle is kept (IDLE_MS by default; tests shorten it). */
  readonly idleMs?: number;
}

export class Engines {
  readonly #options: EnginesOptions;
  readonly #pool = new ModulePool(undefined, { keepIdle: true });
  readonly #engines = new Map<string, Kept>();
  /** The calls waiting for their turn, first come first: each goes on, or fails when the server closes. */
  readonly #waiting: { readonly go: () => void; readonly fail: (error: Error) => void }[] = [];
  #running = 0;
  #closed = false;
  #poolTimer: NodeJS.Timeout | null = null;

  constructor(options: EnginesOptions) {
    this.#options = options;
  }

  get #idleMs(): number {
    return this.#options.idleMs ?? IDLE_MS;
  }

  /** How many engines are kept now (what the limits hold). */
  get size(): number {
    return this.#engines.size;
  }

  /**
   * Runs `work` on the engine of `root` (null: no root, so no config and nothing on disk) once
   * its turn comes. Rejects with Busy when too many calls wait, with `signal`'s reason when it
   * aborts first, and with the engine's UsageError when the root's config is broken (read
   * again at the next call).
   */
  async run<T>(root: string | null, signal: AbortSignal | undefined, work: (engine: Engine) => Promise<T>): Promise<T> {
    await this.#turn(signal);
    const key = root ?? "";
    const kept = this.#kept(key, root);
    kept.running++;
    try {
      return await work(await kept.engine);
    } finally {
      kept.running--;
      kept.lastUsed = performance.now();
      this.#running--;
      this.#waiting.shift()?.go();
      this.#afterCall(key, kept);
    }
  }

  /** Waits for a place among the running calls. */
  async #turn(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (this.#closed) throw new Error("the server is closing");
    if (this.#poolTimer !== null) clearTimeout(this.#poolTimer);
    this.#poolTimer = null;
    if (this.#running < MAX_RUNNING) {
      this.#running++;
      return;
    }
    if (this.#waiting.length >= MAX_WAITING) throw new Busy(`${MAX_RUNNING} calls are linting and ${MAX_WAITING} are waiting: send this one again once some have been answered`);
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        go: (): void => {
          signal?.removeEventListener("abort", cancel);
          this.#running++;
          resolve();
        },
        fail: (error: Error): void => {
          signal?.removeEventListener("abort", cancel);
          reject(error);
        },
      };
      const cancel = (): void => {
        const at = this.#waiting.indexOf(waiter);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", cancel, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #kept(key: string, root: string | null): Kept {
    const found = this.#engines.get(key);
    if (found !== undefined) return found;
    this.#evict();
    // No root: nothing is read from disk, so no config applies and no directory is looked at.
    const where = root === null ? { cwd: tmpdir(), config: false as const } : { cwd: root };
    const engine = Engine.create({ ...where, loadTimeoutMs: this.#options.loadTimeoutMs, pool: this.#pool, policy: MCP });
    const kept: Kept = { engine, running: 0, lastUsed: performance.now(), idle: null };
    this.#engines.set(key, kept);
    // A root whose config is broken is tried again at the next call, once it may be mended.
    engine.catch(() => {
      if (this.#engines.get(key) === kept) this.#engines.delete(key);
    });
    return kept;
  }

  /** Room for one more engine: the idle one used longest ago is dropped (at most MAX_RUNNING are running). */
  #evict(): void {
    if (this.#engines.size < MAX_ENGINES) return;
    let oldest: [string, Kept] | null = null;
    for (const entry of this.#engines) if (entry[1].running === 0 && (oldest === null || entry[1].lastUsed < oldest[1].lastUsed)) oldest = entry;
    if (oldest !== null) this.#engines.delete(oldest[0]);
  }

  /** After a call: the processes a module ran in are replaced by fresh ones for the next call, and what then stays idle is let go in time. */
  #afterCall(key: string, kept: Kept): void {
    if (this.#closed) return;
    // After the answer is sent: spawning takes the thread a while.
    setImmediate(() => {
      if (!this.#closed) this.#pool.freshen();
    });
    // The engine is dropped, not disposed: the pool it holds is shared. Nothing else of it runs.
    if (kept.idle !== null) clearTimeout(kept.idle);
    kept.idle = setTimeout(() => {
      kept.idle = null;
      if (kept.running === 0 && this.#engines.get(key) === kept) this.#engines.delete(key);
    }, this.#idleMs);
    kept.idle.unref();
    if (this.#running === 0 && this.#waiting.length === 0) {
      this.#poolTimer = setTimeout(() => {
        this.#poolTimer = null;
        if (this.#running === 0) this.#pool.release();
      }, this.#idleMs);
      this.#poolTimer.unref();
    }
  }

  /** Stops every module process and drops every engine: the client has gone. */
  close(): void {
    this.#closed = true;
    if (this.#poolTimer !== null) clearTimeout(this.#poolTimer);
    for (const kept of this.#engines.values()) if (kept.idle !== null) clearTimeout(kept.idle);
    this.#pool.stop();
    this.#engines.clear();
    for (const waiter of this.#waiting.splice(0)) waiter.fail(new Error("the server is closing"));
  }
}
