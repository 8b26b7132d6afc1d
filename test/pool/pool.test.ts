/**
 * The one worker pool (src/pool/), run as built (dist/: its worker entry is a compiled module)
 * with a handler that does what each task asks: answer, wait, spin, crash, throw.
 */
import { readdirSync } from 'node:fs';
import { Limit } from '../../dist/src/control/limit.js';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError, SolverError, TimeoutError, TooLargeError } from '../../dist/src/control/errors.js';
import { jobsWithin, resolveJobs } from '../../dist/src/pool/job-count.js';
import { inOrder, WorkerPool, workersExited } from '../../dist/src/pool/pool.js';

const handler = new URL('./fixtures/handler.mjs', import.meta.url);
const pools: WorkerPool[] = [];
const poolOf = (jobs: number, init?: unknown) => {
  const pool = new WorkerPool({ handler, jobs, ...(init === undefined ? {} : { init }) });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('the worker pool', () => {
  it('answers a task with what its handler returns', async () => {
    expect(await poolOf(1).run({ do: 'echo', value: { a: [1, 2] } })).toEqual({ a: [1, 2] });
  });

  it('ends a task past its deadline with a TimeoutError, its worker replaced, and goes on', async () => {
    const pool = poolOf(1);
    const first = await pool.run<number>({ do: 'thread' });
    await expect(pool.run({ do: 'spin' }, { timeoutMs: 200 })).rejects.toThrow(TimeoutError);
    await expect(pool.run({ do: 'spin' }, { limit: Limit.at(Date.now() + 100) })).rejects.toThrow(/time limit reached/);
    const after = await pool.run<number>({ do: 'thread' });
    expect(after).not.toBe(first);
  });

  it('ends a task whose deadline passes while it waits for a worker, at the deadline, without ending one', async () => {
    const pool = poolOf(1);
    let busyDone = false;
    const busy = pool.run({ do: 'delay', ms: 1500, value: 'busy' }).finally(() => {
      busyDone = true;
    });
    await expect(pool.run({ do: 'echo', value: 1 }, { limit: Limit.at(Date.now() + 200) })).rejects.toThrow(TimeoutError);
    // It ended at its deadline, not when the worker came free: the busy task is still running.
    expect(busyDone).toBe(false);
    expect(await busy).toBe('busy');
  });

  it('times out a task whose deadline has passed before it could start, without starting a worker for it', async () => {
    // Thread ids number the threads started in this process: the next one started shows whether
    // another was started in between.
    const witness = poolOf(2);
    const before = await witness.run<number>({ do: 'thread' }, { worker: 0 });
    const pool = poolOf(1);
    await expect(pool.run({ do: 'echo', value: 1 }, { limit: Limit.at(Date.now() - 1) })).rejects.toThrow(TimeoutError);
    expect(await witness.run<number>({ do: 'thread' }, { worker: 1 })).toBe(before + 1);
  });

  it('hands the handler its limit across the thread (as its deadline), and ends its worker only after the grace', async () => {
    const deadline = Date.now() + 5000;
    expect(await poolOf(1).run({ do: 'deadline' }, { limit: Limit.at(deadline), graceMs: 100 })).toBe(deadline);
  });

  it('ends a task whose AbortSignal fires with the signal’s reason, waiting or running, and goes on', async () => {
    const pool = poolOf(1);
    const running = new AbortController();
    const waiting = new AbortController();
    const spin = pool.run({ do: 'spin' }, { limit: Limit.at(undefined, running.signal) });
    const queued = pool.run({ do: 'echo', value: 1 }, { limit: Limit.at(undefined, waiting.signal) });
    waiting.abort(new Error('not wanted'));
    await expect(queued).rejects.toThrow('not wanted');
    setTimeout(() => running.abort(new TimeoutError('cancelled by the caller')), 100);
    await expect(spin).rejects.toThrow(TimeoutError);
    expect(await pool.run({ do: 'echo', value: 2 })).toBe(2);
  });

  it('replaces a worker that exits, its task failing with a SolverError that says why', async () => {
    const pool = poolOf(1);
    const error = await pool.run({ do: 'exit' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SolverError);
    expect((error as Error).message).toMatch(/exited with code 3/);
    expect(await pool.run({ do: 'echo', value: 'still here' })).toBe('still here');
  });

  it('replaces a worker that throws outside a task, the task failing with a SolverError naming the error', async () => {
    const pool = poolOf(1);
    await expect(pool.run({ do: 'throw-outside' })).rejects.toThrow(/RangeError: thrown outside any task/);
    await expect(pool.run({ do: 'throw-outside' })).rejects.toThrow(SolverError);
    expect(await pool.run({ do: 'echo', value: 3 })).toBe(3);
  });

  it('gives up, rather than respawning forever, on workers that cannot start', async () => {
    const pool = poolOf(1, { crashOnLoad: true });
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => pool.run({ do: 'echo', value: 1 })));
    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof SolverError)).toBe(true);
    await expect(pool.run({ do: 'echo', value: 1 })).rejects.toThrow(/keeps failing: Error: cannot load/);
  });

  it('carries an error across by kind: an InputError arrives as InputError with its place and source', async () => {
    const error = await poolOf(1)
      .run({ do: 'input' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    const input = error as InputError;
    expect(input.place).toEqual({ line: 42, row: 2, column: 2 });
    expect(input.source).toBe('set.jsonl');
    expect(input.message).toBe('set.jsonl, line 42, row 2, column 2: 0 is not a positive integer');
  });

  it('carries a TooLargeError across as TooLargeError', async () => {
    await expect(poolOf(1).run({ do: 'too-large' })).rejects.toThrow(TooLargeError);
  });

  it('forwards a task’s progress events and notes', async () => {
    const events: unknown[] = [];
    const notes: unknown[] = [];
    const result = await poolOf(1).run({ do: 'progress' }, { onProgress: (e) => events.push(e), onNote: (n) => notes.push(n) });
    expect(result).toBe('done');
    expect(events).toEqual([{ phase: 'test', done: 1, total: 2, message: 'half way' }]);
    expect(notes).toEqual([{ found: 7 }]);
  });

  it('gives results in the order of the tasks with inOrder, whatever finishes first', async () => {
    const pool = poolOf(2);
    const delays = [120, 10, 80, 0, 40, 5];
    const out: number[] = [];
    for await (const value of inOrder(delays.keys(), 3, (k) => pool.run<number>({ do: 'delay', ms: delays[k], value: k }))) out.push(value);
    expect(out).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('runs a task pinned to a worker on that worker', async () => {
    const pool = poolOf(2);
    const started: number[] = [];
    await Promise.all([0, 1, 1, 0].map((worker) => pool.run({ do: 'delay', ms: 20 }, { worker, onStart: (k) => started.push(k) })));
    expect(started.sort()).toEqual([0, 0, 1, 1]);
  });

  it('rejects every task, waiting or running, once closed', async () => {
    const pool = poolOf(1);
    const running = pool.run({ do: 'spin' });
    const waiting = pool.run({ do: 'echo', value: 1 });
    await pool.close();
    await expect(running).rejects.toThrow(/closed/);
    await expect(waiting).rejects.toThrow(/closed/);
  });

  it('has workersExited resolve once every worker, busy or idle, has exited, its pool closed without waiting', async () => {
    // The threads of this process (Linux), before and after: an exited worker's thread is joined.
    const threads = () => readdirSync('/proc/self/task').length;
    const pool = poolOf(2);
    await Promise.all([0, 1].map((worker) => pool.run({ do: 'echo', value: worker }, { worker })));
    const busy = pool.run({ do: 'spin' }, { worker: 1 });
    busy.catch(() => {});
    const during = threads();
    // Not awaited, as a command closes its pool before it prints: the process's end waits instead.
    void pool.close();
    await workersExited();
    expect(threads()).toBeLessThanOrEqual(during - 2);
    await expect(busy).rejects.toThrow(/closed/);
  });

  it('has workersExited resolve at once when no worker is left', async () => {
    await poolOf(1).run({ do: 'echo', value: 1 });
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
    await expect(workersExited()).resolves.toBeUndefined();
  });
});

describe('--jobs', () => {
  it('is capped at the cores, with a warning line', () => {
    expect(resolveJobs(256, 2)).toEqual({ jobs: 2, warning: '--jobs 256 is more than the 2 cores; using 2' });
    expect(resolveJobs(3, 1)).toEqual({ jobs: 1, warning: '--jobs 3 is more than the 1 core; using 1' });
  });

  it('is one, the calling thread, when less time is left than a worker takes to start', () => {
    // Starting takes 0.1-0.5 s, and a worker cannot be ended while it starts: under 2 s, none.
    expect(jobsWithin(4, 1999)).toBe(1);
    expect(jobsWithin(4, 2000)).toBe(4);
    expect(jobsWithin(4, undefined)).toBe(4);
  });

  it('is taken as given up to the cores, and is the cores by default', () => {
    expect(resolveJobs(2, 2)).toEqual({ jobs: 2 });
    expect(resolveJobs(1, 8)).toEqual({ jobs: 1 });
    expect(resolveJobs(undefined, 4)).toEqual({ jobs: 4 });
  });
});
