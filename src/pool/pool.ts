/**
 * The one worker pool. Every parallel job (a batch, a benchmark, generate, enumerate, a MiniSat
 * solve under a time limit, the fuzz run) runs its tasks here, and this is the only module that
 * starts a worker thread.
 *
 * A pool runs one handler module (its URL is given; `worker.ts` is the one worker entry, which
 * loads it) on up to `jobs` workers, one task per worker at a time. What it adds to bare
 * workers, once for all:
 * - a task's limit (its deadline or its AbortSignal) ends its worker (terminated, replaced when
 *   more work comes), and the task rejects with TimeoutError or the signal's reason: MiniSat, an
 *   enumeration item or a rule engine loop cannot be interrupted any other way. The limit
 *   crosses to the worker as plain data (its deadline) and the handler gets it back as a Limit
 *   (`context.limit`), to stop by itself first where it can;
 * - a worker that crashes (an exception outside a task, `process.exit`) is replaced and its task
 *   rejects with a SolverError saying why; a worker that keeps crashing before it answers any
 *   task stops the pool (every waiting task rejects) rather than respawning forever;
 * - an error thrown by a handler arrives as the same class (InputError with its place,
 *   TooLargeError...): it crosses as `errorToData` and is rebuilt by kind;
 * - a handler's progress events reach the task's `onProgress`, its other notes `onNote`.
 *
 * Workers start on demand (a one-task pool starts one) and are kept for the next task: a
 * handler's `init` (loading an engine, building tables) runs once per worker.
 */
import { setFlagsFromString } from 'node:v8';
import type { Worker } from 'node:worker_threads';
import { errorFromData, SolverError, TimeoutError, type ErrorData } from '../control/errors.js';
import { abortReason, Limit, limitData, type LimitData } from '../control/limit.js';
import type { ProgressEvent } from '../control/progress.js';

export interface PoolOptions {
  /**
   * The handler module each worker loads: it exports `handle(payload, context)` and may export
   * `init(init)`, run once per worker before its first task (see `TaskHandler`).
   */
  readonly handler: URL;
  /** Given to the handler's `init` in every worker (structured-cloned: plain data, SharedArrayBuffers shared). */
  readonly init?: unknown;
  /** The most workers at once (at least 1). */
  readonly jobs: number;
  /** Told when a worker has loaded or answered a task and nothing waits for it (see `idle`). */
  readonly onIdle?: () => void;
  /**
   * Whether the workers optimise JavaScript in the background (V8's default), so that a task
   * never waits on an optimising compile: for a pool whose tasks' times are the result (bench).
   * Otherwise a worker optimises on its own thread, and can be ended at any moment (see `spawn`).
   */
  readonly concurrentCompiles?: boolean;
}

export interface TaskOptions {
  /**
   * The task's limit: past its deadline the task ends with TimeoutError (taken off the queue, or
   * its worker ended); its signal ends it with the signal's reason.
   */
  readonly limit?: Limit;
  /** A time limit of the task's own, counted from when a worker takes it; the earlier of it and `limit` counts. */
  readonly timeoutMs?: number;
  /**
   * How long past the deadline the worker is left to stop by itself (it is told the limit and
   * may answer "timeout" with what it found) before it is ended. Default 0.
   */
  readonly graceMs?: number;
  readonly onProgress?: (event: ProgressEvent) => void;
  /** The handler's other messages (`context.note`): solutions found so far, a CNF's size. */
  readonly onNote?: (note: unknown) => void;
  /** Run on this worker (0 ≤ worker < jobs) and no other: a job that must reuse one worker's state. */
  readonly worker?: number;
  /** Told which worker took the task, when it does. */
  readonly onStart?: (worker: number) => void;
}

/** What a handler is given with each task. */
export interface TaskContext {
  /** The task's limit, rebuilt from its deadline (the signal stays with the pool, which ends the worker on abort). */
  readonly limit: Limit;
  progress(event: ProgressEvent): void;
  note(note: unknown): void;
}

/** The shape of a handler module's `handle`. */
export type TaskHandler<P, R> = (payload: P, context: TaskContext) => R | Promise<R>;

/** The messages between the pool and `worker.ts`. */
export interface TaskMessage {
  readonly id: number;
  readonly payload: unknown;
  /** The task's limit as plain data (`limitData`). */
  readonly limit?: LimitData;
}

export type WorkerMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'result'; readonly id: number; readonly value: unknown }
  | { readonly type: 'error'; readonly id: number; readonly error: ErrorData }
  | { readonly type: 'progress'; readonly id: number; readonly event: ProgressEvent }
  | { readonly type: 'note'; readonly id: number; readonly note: unknown };

interface Task {
  readonly id: number;
  readonly payload: unknown;
  readonly options: TaskOptions;
  readonly resolve: (value: never) => void;
  readonly reject: (error: Error) => void;
  onAbort?: () => void;
  /** Ends the task at its limit's deadline while it waits for a worker (one still loading, or all busy). */
  cancelWait?: () => void;
}

interface Slot {
  worker: Worker | undefined;
  /** Whether the worker has loaded its handler (and run its init): it takes tasks from then on. */
  ready: boolean;
  task: Task | undefined;
  /** Cancels the end of the running task at its limit. */
  cancelTimer: () => void;
  /** Crashes since this slot's worker last answered a task. */
  crashes: number;
}

// Through ../pool/ so that the path also holds from the CLI bundle in dist/src/cli/.
const workerUrl = new URL('../pool/worker.js', import.meta.url);

/** Crashes in a row (no task answered between them) after which the pool gives up. */
const maxCrashes = 3;

/** Whether Node was started with its own choice (`node --no-concurrent-recompilation ...`), which then holds for every worker. */
const nodeSetsCompiles = process.execArgv.some((flag) => /^--(no-)?concurrent-recompilation$/.test(flag));

/** Every worker of every pool that has not exited yet, with the promise of its exit. */
const running = new Map<Worker, Promise<void>>();

/**
 * Resolves once every worker that any pool of this process started has exited (those started
 * meanwhile included). A process that ends by `process.exit()` calls it first: Node 20 ends the
 * workers still there from inside `process.exit()`, its main thread blocked until they have,
 * and a worker's teardown can need that thread (a garbage collection that a background compile
 * waits for: the process never ends, nodejs/node#54918). Here the main thread's event loop still
 * runs while they end.
 */
export async function workersExited(): Promise<void> {
  while (running.size > 0) await Promise.all(running.values());
}

export class WorkerPool {
  private readonly slots: Slot[];
  private readonly queue: Task[] = [];
  private nextId = 0;
  private closed = false;
  private broken: Error | undefined;
  private threads: typeof import('node:worker_threads') | undefined;
  private loading: Promise<void> | undefined;
  private starting = false;

  constructor(private readonly options: PoolOptions) {
    if (!(Number.isSafeInteger(options.jobs) && options.jobs >= 1))
      throw new RangeError(`jobs must be a positive whole number, got ${options.jobs}`);
    this.slots = Array.from({ length: options.jobs }, () => ({
      worker: undefined,
      ready: false,
      task: undefined,
      cancelTimer: () => {},
      crashes: 0,
    }));
  }

  get jobs(): number {
    return this.slots.length;
  }

  /** Why the pool stopped (its workers kept crashing), if it has. */
  get failure(): Error | undefined {
    return this.broken;
  }

  /** Workers ready and without a task: a caller that also works elsewhere hands work here only when some are. */
  get idle(): number {
    const free = this.slots.filter((slot) => slot.ready && slot.task === undefined).length;
    return Math.max(0, free - this.queue.length);
  }

  /**
   * Starts every worker now, before any task: they load while the caller does other work, and
   * take tasks once loaded (`idle`). Otherwise workers start when tasks come.
   */
  start(): void {
    this.starting = true;
    this.dispatch();
  }

  /** Runs `payload` through the handler on a free worker (or once one is free). */
  run<R>(payload: unknown, options: TaskOptions = {}): Promise<R> {
    if (this.closed) return Promise.reject(new Error('the worker pool is closed'));
    if (this.broken !== undefined) return Promise.reject(this.broken);
    if (options.worker !== undefined && !(Number.isInteger(options.worker) && options.worker >= 0 && options.worker < this.jobs))
      return Promise.reject(new RangeError(`no worker ${options.worker} in a pool of ${this.jobs}`));
    const limit = options.limit ?? Limit.none;
    const { signal } = limit;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<R>((resolve, reject) => {
      const task: Task = { id: this.nextId++, payload, options, resolve: resolve as (value: never) => void, reject };
      if (signal !== undefined) {
        task.onAbort = () => this.abort(task, abortReason(signal));
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      task.cancelWait = limit.whenPassed(() => {
        const at = this.queue.indexOf(task);
        if (at < 0) return;
        this.queue.splice(at, 1);
        this.settle(task, new TimeoutError('time limit reached'));
      }, options.graceMs);
      this.queue.push(task);
      this.dispatch();
    });
  }

  /**
   * Ends every worker at once; tasks waiting or running reject. Resolves when the workers have
   * exited (a caller that prints first need not wait for it).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const closed = new Error('the worker pool was closed');
    for (const task of this.queue.splice(0)) this.settle(task, closed);
    const exits: Promise<unknown>[] = [];
    for (const slot of this.slots) {
      if (slot.task !== undefined) this.settle(slot.task, closed);
      slot.task = undefined;
      slot.cancelTimer();
      if (slot.worker !== undefined) exits.push(this.end(slot.worker));
      slot.worker = undefined;
    }
    await Promise.all(exits);
  }

  private dispatch(): void {
    if (this.closed || this.broken !== undefined) return;
    this.dropExpired();
    if (this.queue.length === 0 && !this.starting) return;
    if (this.threads === undefined) {
      // Worker threads are loaded only when a task comes: a one-shot command should not pay for them.
      this.loading ??= import('node:worker_threads').then(
        (threads) => {
          this.threads = threads;
          this.dispatch();
        },
        (error: unknown) => this.fail(new SolverError(`cannot start worker threads: ${String(error)}`)),
      );
      return;
    }
    for (const [k, slot] of this.slots.entries()) {
      while (slot.task === undefined) {
        const at = this.queue.findIndex((task) => task.options.worker === undefined || task.options.worker === k);
        if (at < 0 && !this.starting) break;
        if (slot.worker === undefined) slot.worker = this.spawn(k);
        // A task waits for a worker that is loading: another may be ready first.
        if (!slot.ready || at < 0) break;
        this.begin(k, slot, this.queue.splice(at, 1)[0]!);
      }
    }
  }

  /**
   * Waiting tasks whose deadline (and grace) has passed time out here, before a worker is started
   * for them: a worker ended at a deadline was replaced for the tasks still queued, and the fresh
   * one, still starting when the run closed, held the process's exit up to its whole start-up.
   */
  private dropExpired(): void {
    for (let k = 0; k < this.queue.length; ) {
      const task = this.queue[k]!;
      const { limit, graceMs = 0 } = task.options;
      if (limit === undefined || !limit.passedBy(graceMs)) k++;
      else {
        this.queue.splice(k, 1);
        this.settle(task, new TimeoutError('time limit reached'));
      }
    }
  }

  private begin(k: number, slot: Slot, task: Task): void {
    const worker = slot.worker!;
    slot.task = task;
    const { timeoutMs, graceMs = 0 } = task.options;
    const limit = (task.options.limit ?? Limit.none).within(timeoutMs);
    const what = timeoutMs === undefined ? 'time limit reached' : `time limit of ${timeoutMs} ms reached`;
    if (limit.passedBy(graceMs)) {
      // Spent before it started (it waited for a worker): it times out without costing one.
      slot.task = undefined;
      this.settle(task, new TimeoutError(what));
      return;
    }
    slot.cancelTimer = limit.whenPassed(() => {
      if (slot.task === task) this.endTask(slot, task, new TimeoutError(what));
    }, graceMs);
    task.options.onStart?.(k);
    const data = limitData(limit);
    const message: TaskMessage = { id: task.id, payload: task.payload, ...(data === undefined ? {} : { limit: data }) };
    worker.postMessage(message);
  }

  /**
   * Starts worker k. V8 decides at an isolate's creation whether it optimises JavaScript in the
   * background, from the flag as it is then (the main thread's isolate keeps its own way), so the
   * flag is set for this pool's worker just before. A worker terminated while V8 optimises its
   * code in the background has its isolate torn down under that compile, and Node 20 aborts the
   * process when the compile then asks for the isolate's task runner (`Assertion failed:
   * (data.first) != nullptr`: 1 in 97 runs of `generate 7x7 --count 5 --jobs 2` as the bin
   * ended). Ending a worker the orderly way instead (its port closed) waits for every background
   * task of the process, CaDiCaL's wasm tier-up included: 2.5-4.9 s after `generate` on a loaded
   * machine, so a pool's workers are terminated, and optimise on their own thread unless the pool
   * asks otherwise (BENCH.md, exit-stress). The flag is the process's: set at each spawn, it holds
   * for that worker because no command runs pools of both kinds at once.
   */
  private spawn(k: number): Worker {
    const { Worker } = this.threads!;
    if (!nodeSetsCompiles)
      setFlagsFromString(this.options.concurrentCompiles === true ? '--concurrent-recompilation' : '--no-concurrent-recompilation');
    const worker = new Worker(workerUrl, { workerData: { handler: this.options.handler.href, init: this.options.init } });
    running.set(
      worker,
      new Promise((resolve) =>
        worker.once('exit', () => {
          running.delete(worker);
          resolve();
        }),
      ),
    );
    worker.on('message', (message: WorkerMessage) => this.onMessage(k, worker, message));
    worker.on('error', (error: Error) => this.crashed(k, worker, `${error.name}: ${error.message.split('\n')[0] ?? ''}`));
    worker.on('exit', (code) => this.crashed(k, worker, `it exited with code ${code}`));
    return worker;
  }

  private onMessage(k: number, worker: Worker, message: WorkerMessage): void {
    const slot = this.slots[k]!;
    if (slot.worker !== worker) return;
    if (message.type === 'ready') {
      slot.ready = true;
      this.dispatch();
      if (slot.task === undefined) this.options.onIdle?.();
      return;
    }
    const task = slot.task;
    if (task === undefined || task.id !== message.id) return;
    switch (message.type) {
      case 'progress':
        task.options.onProgress?.(message.event);
        return;
      case 'note':
        task.options.onNote?.(message.note);
        return;
      case 'result':
      case 'error':
        slot.task = undefined;
        slot.crashes = 0;
        slot.cancelTimer();
        if (message.type === 'result') this.settle(task, undefined, message.value);
        else this.settle(task, errorFromData(message.error));
        this.dispatch();
        if (slot.task === undefined) this.options.onIdle?.();
    }
  }

  /** A worker failed outside a task's answer: its task fails, and a fresh worker takes its place when work comes. */
  private crashed(k: number, worker: Worker, why: string): void {
    const slot = this.slots[k]!;
    if (this.closed || slot.worker !== worker) return;
    slot.worker = undefined;
    slot.ready = false;
    void this.end(worker);
    slot.cancelTimer();
    const task = slot.task;
    slot.task = undefined;
    if (task !== undefined) this.settle(task, new SolverError(`the worker failed: ${why}`));
    if (++slot.crashes > maxCrashes) {
      this.fail(new SolverError(`a worker keeps failing: ${why}`));
      return;
    }
    this.dispatch();
  }

  /** Ends a running task's worker (its deadline passed, or it was aborted). */
  private endTask(slot: Slot, task: Task, error: Error): void {
    slot.cancelTimer();
    if (slot.worker !== undefined) void this.end(slot.worker);
    slot.worker = undefined;
    slot.ready = false;
    slot.task = undefined;
    this.settle(task, error);
    this.dispatch();
  }

  private abort(task: Task, error: Error): void {
    const at = this.queue.indexOf(task);
    if (at >= 0) {
      this.queue.splice(at, 1);
      this.settle(task, error);
      return;
    }
    const slot = this.slots.find((s) => s.task === task);
    if (slot !== undefined) this.endTask(slot, task, error);
  }

  /** The pool cannot run: every waiting task rejects, and every later one. */
  private fail(error: Error): void {
    this.broken = error;
    for (const task of this.queue.splice(0)) this.settle(task, error);
  }

  private settle(task: Task, error: Error | undefined, value?: unknown): void {
    task.cancelWait?.();
    if (task.onAbort !== undefined) task.options.limit?.signal?.removeEventListener('abort', task.onAbort);
    if (error === undefined) task.resolve(value as never);
    else task.reject(error);
  }

  /** Terminates a worker that is no longer wanted, resolving at its exit; whatever it still says is ignored (every listener checks that it is still its slot's). */
  private end(worker: Worker): Promise<void> {
    void worker.terminate();
    return running.get(worker) ?? Promise.resolve();
  }
}

/**
 * Each item's result in the items' order, while at most `window` run at once: the next item is
 * started as soon as the oldest is handed on, so memory does not grow with the input. A
 * rejection is thrown where its item's turn comes.
 */
export async function* inOrder<T, R>(
  items: Iterable<T> | AsyncIterable<T>,
  window: number,
  run: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const inFlight: Promise<R>[] = [];
  for await (const item of items) {
    const promise = run(item);
    // Marked handled now: it may reject while an older one is awaited, and is thrown in its turn.
    promise.catch(() => {});
    inFlight.push(promise);
    while (inFlight.length >= Math.max(1, window)) yield await inFlight.shift()!;
  }
  while (inFlight.length > 0) yield await inFlight.shift()!;
}
