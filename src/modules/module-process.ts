// One module process as the pool sees it (pool-run.ts): the process (spawned, or the standby
// adopted), the job in flight and its timer, why we stopped it, the tail of its stderr, and
// its channel: lines (text/line-framer.ts) read as messages (protocol.ts), each handed to the pool's
// listener, which decides. What it prints on stdout is dropped, stderr kept only for the
// message of a death. It is released (pipes closed, not waited for) when it ends.

import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { LineFramer, LineTooLong } from "../text/line-framer.js";
import { decodeChildMessage, encodeLinterMessage, FD, type LinterMessage, type ResultMessage, type TranspileAnswer, type TranspileRequest } from "./protocol.js";
import { killModuleProcess, spawnedAt } from "./spawn.js";

/** What a module process tells its pool. */
export interface ProcessListener {
  /** It started and waits for jobs. */
  ready(child: ModuleProcess): void;
  /** It answered a job (which one is for the pool to check). */
  result(child: ModuleProcess, message: ResultMessage): void;
  /** It wants TypeScript transpiled; `reply` sends the answer where the request came from. */
  transpile(request: TranspileRequest, reply: (answer: TranspileAnswer) => void): void;
  /** It wrote something that is not a message, or a message out of turn; `what` says what, when it is more than that (a line over the framer's cap). */
  garbled(child: ModuleProcess, what?: string): void;
  /** It could not start. */
  failed(child: ModuleProcess, error: Error): void;
  /** It exited, and what it wrote before has been read; `job` is what was in flight. */
  exited(child: ModuleProcess, job: number | null, code: number | null, signal: NodeJS.Signals | null): void;
}

/** One module's load, as the pool sends it. */
export interface ModuleJob {
  /** Its absolute path. */
  readonly file: string;
  /** Its text, when it comes from standard input. */
  readonly source?: string;
  /** Whether its answer says every file it loaded (for the result cache). */
  readonly track?: boolean;
}

// How long our exit may wait for a killed module process to be reaped (so its CPU time is
// counted as ours); a process that does not die at SIGKILL is then let go.
const REAP_WAIT_MS = 200;
// How long a process's exit waits for the rest of its result channel (see afterResults).
const RESULTS_GRACE_MS = 2000;
const STDERR_TAIL = 4096;

/**
 * Runs `then` once `results` has delivered what the process wrote before it exited: a result
 * sent just before an exit (process.exit, process.abort) is still in the pipe when the exit
 * is reported, and must be read first. A pipe held open by something else gets a grace, not a wait.
 */
function afterResults(results: Readable, then: () => void): void {
  if (results.readableEnded || results.destroyed) {
    then();
    return;
  }
  let done = false;
  const go = (): void => {
    if (done) return;
    done = true;
    clearTimeout(grace);
    then();
  };
  const grace = setTimeout(go, RESULTS_GRACE_MS);
  results.once("end", go);
  results.once("close", go);
}

/** Hands each line of `stream` to `handle` as it completes; `tooLong` hears of a line over the framer's cap. */
function onLines(stream: Readable, handle: (line: string) => void, tooLong: (error: LineTooLong) => void): void {
  const lines = new LineFramer();
  stream.on("data", (chunk: Buffer) => {
    lines.push(chunk, chunk.length);
    for (;;) {
      let line: string | null;
      try {
        line = lines.next();
      } catch (error) {
        if (!(error instanceof LineTooLong)) throw error;
        tooLong(error);
        continue;
      }
      if (line === null) return;
      handle(line);
    }
  });
}

export class ModuleProcess {
  readonly #child: ChildProcess;
  /** When it was spawned (a standby before the pool adopted it), performance.now(): the pool paces itself by the start-up it saw (pace.ts). */
  readonly startedAt: number;
  #ready = false;
  #job: number | null = null;
  #jobSentAt = 0;
  /** Its CPU time when the job in flight was sent, in ms; null where /proc does not say. */
  #jobCpuAt: number | null = null;
  #jobsSent = 0;
  #timer: NodeJS.Timeout | null = null;
  #stoppedFor: "memory" | "done" | null = null;
  #stderr = "";
  #listener: ProcessListener;
  /** A line of its channels over the framer's cap: garbled, with what it was. */
  readonly #tooLong = (error: LineTooLong): void => this.#listener.garbled(this, error.message);

  constructor(child: ChildProcess, listener: ProcessListener) {
    this.#child = child;
    this.startedAt = spawnedAt(child) ?? performance.now();
    this.#listener = listener;
    const stdio = child.stdio as unknown as readonly ((Readable & Writable) | null)[];
    const results = stdio[FD.results] as Readable;
    child.stderr?.on("data", (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
    });
    for (const stream of stdio) stream?.on("error", () => undefined);
    child.on("error", (error) => {
      if (!this.#ready) this.#listener.failed(this, error);
    });
    child.on("exit", (code, signal) =>
      afterResults(results, () => {
        const job = this.endJob();
        this.#release();
        this.#listener.exited(this, job, code, signal);
      }),
    );
    const reply = (to: Writable) => (answer: TranspileAnswer) => this.#write(to, answer);
    onLines(
      results,
      (line) => {
        const message = decodeChildMessage(line);
        if (message?.kind === "ready" && !this.#ready) {
          this.#ready = true;
          this.#listener.ready(this);
        } else if (message?.kind === "transpile") this.#listener.transpile(message, reply(stdio[FD.jobs] as Writable));
        else if (message?.kind === "result") this.#listener.result(this, message);
        else this.#listener.garbled(this);
      },
      this.#tooLong,
    );
    onLines(
      stdio[FD.hookRequests] as Readable,
      (line) => {
        const message = decodeChildMessage(line);
        if (message?.kind === "transpile") this.#listener.transpile(message, reply(stdio[FD.hookAnswers] as Writable));
        else this.#listener.garbled(this);
      },
      this.#tooLong,
    );
  }

  /** From now on `listener` hears it: the run that takes it over from the pool's idle processes (pool.ts), or the pool. */
  listen(listener: ProcessListener): void {
    this.#listener = listener;
  }

  /** Its process id. */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** Whether it said it is ready. */
  get ready(): boolean {
    return this.#ready;
  }

  /** The index of the job in flight. */
  get job(): number | null {
    return this.#job;
  }

  /** How many jobs it was sent: the first runs where no other module ran before. */
  get jobsSent(): number {
    return this.#jobsSent;
  }

  /** Why we stopped it, when we did. */
  get stoppedFor(): "memory" | "done" | null {
    return this.#stoppedFor;
  }

  /** The end of what it wrote on stderr. */
  get stderr(): string {
    return this.#stderr;
  }

  /** How long the job in flight has run, in milliseconds (0 when none is). */
  jobMs(now = performance.now()): number {
    return this.#job === null ? 0 : now - this.#jobSentAt;
  }

  /** Sends job `index`; `onTimeout` runs if no answer ends it within `timeoutMs`. */
  send(index: number, job: ModuleJob, timeoutMs: number, onTimeout: () => void): void {
    this.#job = index;
    this.#jobSentAt = performance.now();
    this.#jobCpuAt = this.#child.pid === undefined ? null : cpuMs(this.#child.pid);
    this.#jobsSent++;
    this.#write((this.#child.stdio as unknown as Writable[])[FD.jobs] as Writable, {
      kind: "job",
      id: index,
      file: job.file,
      ...(job.source === undefined ? {} : { source: job.source }),
      ...(job.track === true ? { track: true } : {}),
    });
    this.#timer = setTimeout(onTimeout, timeoutMs);
  }

  /**
   * Whether the job in flight mostly waits (a timer, a socket, a promise nobody settles)
   * rather than computes: it used less CPU than a tenth of its wall time (a computing module on
   * a busy machine still gets more). Null where /proc does not say.
   */
  jobWaits(now = performance.now()): boolean | null {
    if (this.#job === null || this.#jobCpuAt === null || this.#child.pid === undefined) return null;
    const cpu = cpuMs(this.#child.pid);
    return cpu === null ? null : cpu - this.#jobCpuAt < (now - this.#jobSentAt) / 10;
  }

  /** Its resident memory is beyond `limitMb`: killed, the death reported as running out of memory. */
  overMemory(limitMb: number): boolean {
    if (this.#job === null || this.#child.pid === undefined) return false;
    const mb = residentMb(this.#child.pid);
    if (mb === null || mb <= limitMb) return false;
    this.#stoppedFor = "memory";
    killModuleProcess(this.#child);
    return true;
  }

  /** Kills it (its group) and releases it. */
  stop(reason: "memory" | "done"): void {
    this.endJob();
    this.#stoppedFor ??= reason;
    killModuleProcess(this.#child);
    this.#release();
  }

  /** The job that was in flight, now over (its timer cleared); null when none was. */
  endJob(): number | null {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    const job = this.#job;
    this.#job = null;
    return job;
  }

  #write(to: Writable, message: LinterMessage): void {
    if (!to.destroyed) to.write(`${encodeLinterMessage(message)}\n`);
  }

  /** Closes our ends of its pipes; our process waits for it to be reaped at most REAP_WAIT_MS. */
  #release(): void {
    for (const stream of this.#child.stdio) (stream as Readable | Writable | null)?.destroy();
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return;
    setTimeout(() => this.#child.unref(), REAP_WAIT_MS).unref();
  }
}

// The kernel's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every Linux Node runs on).
const TICKS_PER_S = 100;

/** CPU time (user and system) of a process in ms, from /proc; null where there is none. */
function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    // The fields after the command's name (which may hold spaces, in parentheses): state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_S : null;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB, from /proc; null where there is none (then only the heap flag caps it). */
function residentMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "latin1");
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
