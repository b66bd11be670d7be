// When one more module process pays (pool-run.ts). A process costs its start-up (Node's,
// and the loader-hooks thread for TypeScript) in time and in CPU that the running processes
// and the linter itself want on a machine of few cores, while most tool modules load in a
// few milliseconds: a pool that started one process per core at once spent more than it
// saved on tens of modules (bench/README.md). So the pool starts one, and another only when
// what it has seen says the waiting modules would take longer than starting one.

/** What the pool has seen so far, in milliseconds. */
export interface PoolFacts {
  /** Jobs that no process has taken yet. */
  readonly waiting: number;
  /** How long a process took from its start to being ready; null until one was. */
  readonly startupMs: number | null;
  /** The mean time of a finished job; null until one finished. */
  readonly jobMs: number | null;
  /** How long the oldest job in flight has been running (0 when none is). */
  readonly oldestJobMs: number;
}

/**
 * Whether starting one more process pays: jobs wait, and either a job has held its process
 * longer than a start-up takes (a slow module: the others should not queue behind it), or the
 * waiting jobs would take one process more than two start-ups (another process halves what
 * is left once it is ready, and its start-up competes for the cores meanwhile).
 */
export function anotherProcessPays(facts: PoolFacts): boolean {
  const { waiting, startupMs, jobMs, oldestJobMs } = facts;
  if (waiting === 0 || startupMs === null) return false;
  if (oldestJobMs > startupMs) return true;
  return jobMs !== null && waiting * jobMs > 2 * startupMs;
}

/** What a pool measures as it runs, for anotherProcessPays. */
export class PaceMeter {
  #startupMs: number | null = null;
  #jobs = 0;
  #jobsMs = 0;

  /** A process was ready `ms` after its start: the first one measured stands. */
  processReady(ms: number): void {
    this.#startupMs ??= ms;
  }

  /** A job that was not its process's first took `ms` (a first also loads what every module shares: wymcp-lint itself). */
  jobDone(ms: number): void {
    this.#jobs++;
    this.#jobsMs += ms;
  }

  facts(waiting: number, oldestJobMs: number): PoolFacts {
    return { waiting, startupMs: this.#startupMs, jobMs: this.#jobs === 0 ? null : this.#jobsMs / this.#jobs, oldestJobMs };
  }
}
