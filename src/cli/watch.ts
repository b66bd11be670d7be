// --watch (docs/cli.md, "Watch"): lint, then lint again on every change to what the run reads
// (the paths' files and what is below their directories, the config, the ignore files, the
// baseline, the files tool modules loaded), each burst of changes debounced (src/engine/watch.ts). Each run is the one-shot
// run's report: on a terminal the text report is redrawn under a line saying what changed;
// --format json prints one document per run on one line (NDJSON). A changed config makes the
// engine again (a broken one is reported, and the watch goes on). A change the run itself
// wrote (--fix's files, the lock file of --update-pins, the baseline of --update-baseline) is
// no change, so it never loops on its own writes. SIGINT, SIGTERM and
// SIGHUP end it with the last run's exit code; run() then stops the module processes.

import { readFileSync } from "node:fs";
import { relative } from "node:path";
import type { Engine } from "../engine/engine.js";
import { FileWatch, type WatchTarget } from "../engine/watch.js";
import { textOf } from "../files/text.js";
import { escapeText } from "../text/escape.js";

/** One run of the command line on an engine: its exit code, its report, and each file it wrote (absolute path → the text written). */
export interface WatchedRun {
  readonly code: number;
  readonly output: string;
  readonly written: ReadonlyMap<string, string>;
}

export interface WatchLoop {
  readonly cwd: string;
  readonly stdout: (s: string) => void;
  /** Whether the text report is redrawn (stdout is a terminal). */
  readonly redraw: boolean;
  /** Whether each report is a JSON document, printed on one line. */
  readonly json: boolean;
  /** Makes the engine (again, after the config changed); rejects for a broken config. */
  readonly engine: () => Promise<Engine>;
  /** Lints once through the engine. */
  readonly once: (engine: Engine) => Promise<WatchedRun>;
  /** What to watch: the paths' directories and, with the engine made, its config's (null: the config is broken). */
  readonly targets: (engine: Engine | null) => readonly WatchTarget[];
  /** Whether a changed path is a config file, so the engine is made again. */
  readonly isConfig: (path: string) => boolean;
  /** Changes never handed on (the cache file, temporary files). */
  readonly ignore: (path: string) => boolean;
  /** An error of a run, reported; its exit code. */
  readonly failed: (error: unknown) => number;
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const CLEAR = "\u001b[2J\u001b[3J\u001b[H";
const SHOWN_CHANGES = 5;

/** The line that says what changed. */
function changedLine(paths: readonly string[], cwd: string): string {
  const names = paths.map((path) => escapeText(relative(cwd, path) || "."));
  const more = names.length > SHOWN_CHANGES ? ` and ${names.length - SHOWN_CHANGES} more` : "";
  return `wymcp-lint: changed: ${names.slice(0, SHOWN_CHANGES).join(", ")}${more}\n`;
}

/** Whether the file at `path` holds what this loop wrote there. */
function holds(path: string, text: string): boolean {
  try {
    return textOf(readFileSync(path)).text === text;
  } catch {
    return false;
  }
}

/** Runs the watch loop until a signal ends it; resolves to the last run's exit code. */
export function watchLoop(loop: WatchLoop): Promise<number> {
  return new Promise((resolve) => {
    let engine: Engine | null = null;
    let watch: FileWatch | null = null;
    let code = 0;
    let running = false;
    let stopped = false;
    const queued = new Set<string>();
    /** What the loop's runs wrote, until the change it causes is seen. */
    const written = new Map<string, string>();

    const print = (output: string, changed: readonly string[] | null): void => {
      if (loop.json) {
        loop.stdout(`${JSON.stringify(JSON.parse(output))}\n`);
        return;
      }
      const head = changed === null ? "" : changedLine(changed, loop.cwd);
      loop.stdout(`${loop.redraw ? CLEAR : ""}${head}${output}`);
    };

    const rewatch = (): void => {
      watch?.close();
      watch = new FileWatch(loop.targets(engine), onChanges, loop.ignore);
    };

    const runOnce = async (changed: readonly string[] | null): Promise<void> => {
      running = true;
      try {
        if (engine === null || changed?.some(loop.isConfig) === true) {
          engine = null;
          try {
            engine = await loop.engine();
          } finally {
            // A broken config is watched too, so that its fix is seen.
            rewatch();
          }
        }
        const run = await loop.once(engine as Engine);
        if (stopped) return;
        // A module that loads another file now is followed there too.
        watch?.add(loop.targets(engine));
        code = run.code;
        for (const [path, text] of run.written) written.set(path, text);
        print(run.output, changed);
      } catch (error) {
        if (!stopped) code = loop.failed(error);
      } finally {
        running = false;
      }
      if (queued.size > 0 && !stopped) {
        const next = [...queued];
        queued.clear();
        void runOnce(next);
      }
    };

    function onChanges(paths: ReadonlySet<string>): void {
      const real = [...paths].filter((path) => {
        const text = written.get(path);
        if (text === undefined) return true;
        if (!holds(path, text)) {
          written.delete(path);
          return true;
        }
        return false;
      });
      if (real.length === 0 || stopped) return;
      if (running) for (const path of real) queued.add(path);
      else void runOnce(real.sort());
    }

    const stop = (): void => {
      if (stopped) return;
      stopped = true;
      watch?.close();
      for (const signal of SIGNALS) process.off(signal, stop);
      resolve(code);
    };
    for (const signal of SIGNALS) process.on(signal, stop);
    void runOnce(null);
  });
}
