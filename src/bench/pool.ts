/**
 * A pool of worker threads that solve the puzzles of a set (`worker.ts` is the entry).
 *
 * Each worker loads the engine once and keeps it for every set. A set's grids are put in shared
 * memory and sent to each worker once; the puzzles are then handed out by index in small batches
 * (large while much is left, single puzzles near the end, so that the workers finish together),
 * and a worker is given its next batch while it works on the last puzzle of the current one, so
 * it never waits for the main thread. Each answer comes back as soon as it is found.
 *
 * Time limit: a puzzle's clock starts when it is handed to an idle worker, or when its worker
 * answers the puzzle before it (for the first workers, optionally at `firstStartedAt`), so a
 * worker's start-up counts too. The engine stops itself at `timeoutMs`; a worker that has not answered
 * `graceMs` later (an engine that cannot be interrupted) is ended, the puzzle counts as a
 * timeout, and a fresh worker takes over the rest of its batch. A worker that crashes is
 * replaced the same way, its current puzzle answered as an error.
 */
import { Worker } from 'node:worker_threads';
import type { Puzzle } from '../puzzle/puzzle.js';
import type { Proof } from '../solve/engines.js';
import type { Answer } from './judge.js';
import { median } from './stats.js';
import { bytesToShading, packPuzzles, type FromWorker, type PackedPuzzles, type ToWorker, type WorkerConfig } from './protocol.js';

/**
 * Without a time limit, a puzzle solved in under `retimeBelowMs` is timed again after the set, by
 * the worker that solved it, in passes over all such puzzles of the set: at least `retimePasses`
 * passes and for at least `retimeBudgetMs`; its time is the median over the passes (worker.ts says
 * why). In a set whose median solve is under `retimeBelowMs`, every puzzle solved in under
 * `retimeOutlierMs` is timed again too: there a solve of several milliseconds is most likely a
 * fast puzzle that a pause (a collection, another process) caught, and kept as it was, its one
 * timing would stand in the set's order statistics. With a limit, a limit bounds one solve as it
 * always has, and each puzzle is solved once.
 */
const retimeBelowMs = 1;
const retimeOutlierMs = 50;
const retimePasses = 5;
const retimeBudgetMs = 1000;

export interface PoolOptions extends WorkerConfig {
  /** Worker threads (at least 1). */
  readonly jobs: number;
  /**
   * performance.now() from which the time limit of each worker's first puzzle counts; by default
   * from when it is handed out. The CLI passes 0, the process start: with one puzzle, `bench
   * --timeout` then ends within its limit, start-up included, as every command does.
   */
  readonly firstStartedAt?: number;
}

export interface PuzzleAnswer extends Answer {
  /** The puzzle's index in the list given to `solveAll`. */
  readonly index: number;
  /** The engine call, timed in the worker (for a worker ended at the time limit: until then). */
  readonly timeMs: number;
  /** How the verdict was proven; absent when the worker was ended. */
  readonly proof?: Proof;
}

export interface PoolRun {
  /** `answers[k]` for puzzle k. */
  readonly answers: PuzzleAnswer[];
  /** Wall clock from the first batch handed out to the last answer (the re-timing comes after). */
  readonly wallMs: number;
}

/**
 * How long after the engine's own time limit a silent worker is ended: 10% of the limit, at
 * least 50 ms, so that no puzzle runs more than 10% (or 50 ms) past it. An engine that stops
 * itself (CaDiCaL, the external solver) answers well within that; a worker that is ended costs
 * only a fresh worker's start-up, outside any puzzle's time.
 */
function graceMs(timeoutMs: number): number {
  return Math.max(50, timeoutMs / 10);
}

interface Slot {
  worker: Worker;
  /** Sets this worker has been sent. */
  sets: Set<number>;
  /** Indices handed to the worker and not answered yet, in the order it solves them. */
  pending: number[];
  /** performance.now() when the worker's clock for pending[0] started (see PoolOptions.firstStartedAt). */
  since: number;
  /** Whether the worker has been handed any puzzle yet. */
  used: boolean;
  /** Crashes since the last answer (a worker that cannot start must not respawn forever). */
  crashes: number;
  /** Takes the answer of a re-timing asked of this worker and not answered yet. */
  retiming: ((timesMs: readonly number[]) => void) | undefined;
}

interface Run {
  readonly set: number;
  readonly packed: PackedPuzzles;
  /** Work still to hand out, per slot (in shared mode every slot holds the same array). */
  readonly queues: number[][];
  readonly shared: boolean;
  readonly total: number;
  remaining: number;
  /** performance.now() after which a per-worker run (warm-up) hands out nothing more. */
  readonly until: number;
  readonly onAnswer: (answer: PuzzleAnswer, slot: number) => void;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

// The path goes through ../bench/ so that it also holds from the CLI bundle in dist/src/cli/.
const workerUrl = new URL('../bench/worker.js', import.meta.url);

export class SolverPool {
  private readonly slots: Slot[] = [];
  private run: Run | undefined;
  private nextSet = 0;
  private watchdog: NodeJS.Timeout | undefined;
  private closed = false;
  /** Set when workers keep failing to start: the pool cannot run. */
  private broken: Error | undefined;

  constructor(readonly options: PoolOptions) {
    if (!(Number.isSafeInteger(options.jobs) && options.jobs >= 1))
      throw new RangeError(`jobs must be a positive whole number, got ${options.jobs}`);
    for (let k = 0; k < options.jobs; k++) this.slots.push(this.spawn(k, true));
  }

  get jobs(): number {
    return this.slots.length;
  }

  /**
   * Every worker solves the puzzles in order (answers discarded), to load the engine and warm
   * the JIT, until it has solved them all or `budgetMs` has passed (each solves at least one).
   */
  async warmUp(puzzles: readonly Puzzle[], budgetMs = Infinity): Promise<void> {
    if (puzzles.length === 0) return;
    await this.execute(packPuzzles(puzzles), false, () => {}, budgetMs);
  }

  /**
   * Solves each puzzle once, on whichever worker is free, then (without a time limit) times the
   * fast ones again (see retimeBelowMs). `onAnswer` hears each answer of the first pass.
   */
  async solveAll(puzzles: readonly Puzzle[], onAnswer?: (answer: PuzzleAnswer) => void): Promise<PoolRun> {
    const answers: PuzzleAnswer[] = new Array<PuzzleAnswer>(puzzles.length);
    const solvedBy = new Int32Array(puzzles.length);
    const packed = packPuzzles(puzzles);
    const start = performance.now();
    let last = start;
    await this.execute(packed, true, (answer, slot) => {
      answers[answer.index] = answer;
      solvedBy[answer.index] = slot;
      last = performance.now();
      onAnswer?.(answer);
    });
    const wallMs = puzzles.length === 0 ? 0 : last - start;
    if (this.options.timeoutMs === undefined) await this.retime(packed, answers, solvedBy);
    return { answers, wallMs };
  }

  /** Each worker times the fast puzzles it solved again; their answers get the passes' medians. */
  private async retime(packed: PackedPuzzles, answers: PuzzleAnswer[], solvedBy: Int32Array): Promise<void> {
    if (answers.length === 0) return;
    const below = median(answers.map((a) => a.timeMs)) < retimeBelowMs ? retimeOutlierMs : retimeBelowMs;
    const bySlot = this.slots.map((): number[] => []);
    answers.forEach((answer, index) => {
      if (answer.timeMs < below && !['timeout', 'error', 'refused'].includes(answer.status)) bySlot[solvedBy[index]!]!.push(index);
    });
    const set = this.nextSet++;
    const timed = await Promise.all(
      bySlot.map((indices, k) =>
        indices.length === 0
          ? []
          : new Promise<readonly number[]>((resolve) => {
              const slot = this.slots[k]!;
              slot.retiming = resolve;
              this.post(slot, { type: 'retime', set, puzzles: packed, indices, minPasses: retimePasses, budgetMs: retimeBudgetMs });
            }),
      ),
    );
    for (const [k, timesMs] of timed.entries()) {
      for (const [j, timeMs] of timesMs.entries()) {
        const index = bySlot[k]![j]!;
        if (Number.isFinite(timeMs)) answers[index] = { ...answers[index]!, timeMs };
      }
    }
  }

  /** Ends every worker. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWatchdog();
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private execute(
    packed: PackedPuzzles,
    shared: boolean,
    onAnswer: (answer: PuzzleAnswer, slot: number) => void,
    budgetMs = Infinity,
  ): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the pool is closed'));
    if (this.broken !== undefined) return Promise.reject(this.broken);
    if (this.run !== undefined) return Promise.reject(new Error('the pool is already running a set'));
    const count = packed.offsets.length - 1;
    if (count === 0) return Promise.resolve();
    const set = this.nextSet++;
    const all = () => Array.from({ length: count }, (_, k) => k);
    const common = all();
    const queues = this.slots.map(() => (shared ? common : all()));
    const total = shared ? count : count * this.slots.length;
    return new Promise<void>((resolve, reject) => {
      this.run = {
        set,
        packed,
        queues,
        shared,
        total,
        remaining: total,
        until: performance.now() + budgetMs,
        onAnswer,
        resolve: () => {
          this.finish(set);
          resolve();
        },
        reject: (error) => {
          this.finish(set);
          reject(error);
        },
      };
      if (this.options.timeoutMs !== undefined) this.startWatchdog(this.options.timeoutMs);
      for (let k = 0; k < this.slots.length; k++) this.dispatch(k);
    });
  }

  private finish(set: number): void {
    this.run = undefined;
    this.stopWatchdog();
    for (const slot of this.slots) {
      if (slot.sets.delete(set)) this.post(slot, { type: 'forget', set });
    }
  }

  /** Hands slot k its next batch when it has at most one puzzle left to do. */
  private dispatch(k: number): void {
    const run = this.run;
    const slot = this.slots[k]!;
    if (run === undefined || slot.pending.length > 1) return;
    const queue = run.queues[k]!;
    if (queue.length === 0) return;
    if (!run.shared && performance.now() > run.until) {
      run.remaining -= queue.splice(0).length;
      if (run.remaining === 0) run.resolve();
      return;
    }
    const size = run.shared ? Math.min(8, Math.max(1, Math.ceil(queue.length / (4 * this.slots.length)))) : 1;
    const indices = queue.splice(0, size);
    if (!slot.sets.has(run.set)) {
      this.post(slot, { type: 'set', set: run.set, puzzles: run.packed });
      slot.sets.add(run.set);
    }
    // An idle worker starts on the batch at once: the clock of its first puzzle runs from now (or
    // from firstStartedAt for the pool's first workers), and the worker is told so. A busy one
    // starts it when it answers its current puzzle, and its clock runs from then, here as there.
    const idle = slot.pending.length === 0;
    if (idle) slot.since = slot.used ? performance.now() : Math.min(this.options.firstStartedAt ?? Infinity, performance.now());
    slot.used = true;
    slot.pending.push(...indices);
    this.post(slot, { type: 'solve', set: run.set, indices, ...(idle ? { startedAt: performance.timeOrigin + slot.since } : {}) });
  }

  private post(slot: Slot, message: ToWorker): void {
    slot.worker.postMessage(message);
  }

  private onMessage(k: number, worker: Worker, message: FromWorker): void {
    const slot = this.slots[k]!;
    if (message.type === 'retimed') {
      if (slot.worker !== worker) return;
      slot.retiming?.(message.timesMs);
      slot.retiming = undefined;
      return;
    }
    const run = this.run;
    if (slot.worker !== worker || run === undefined || message.set !== run.set || slot.pending[0] !== message.index) return;
    slot.pending.shift();
    slot.since = performance.now();
    slot.crashes = 0;
    const answer: PuzzleAnswer = {
      index: message.index,
      status: message.status,
      solutions: message.shadings.map(bytesToShading),
      timeMs: message.timeMs,
      proof: message.proof,
      ...(message.error === undefined ? {} : { error: message.error }),
    };
    this.deliver(run, answer, k);
    this.dispatch(k);
  }

  private deliver(run: Run, answer: PuzzleAnswer, k: number): void {
    try {
      run.onAnswer(answer, k);
    } catch (error) {
      run.reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    run.remaining--;
    if (run.remaining === 0) run.resolve();
  }

  /**
   * Ends the worker of slot k: its current puzzle is answered with `status` and the rest of its
   * batch goes back to the front of the queue for a fresh worker.
   */
  private replace(k: number, status: 'timeout' | 'error', reason: string): void {
    const slot = this.slots[k]!;
    const old = slot.worker;
    old.removeAllListeners();
    old.on('error', () => {});
    void old.terminate();
    // A re-timing it had not finished ends with it: its puzzles keep the times of their one solve.
    slot.retiming?.([]);
    slot.retiming = undefined;
    const run = this.run;
    const current = slot.pending.shift();
    const rest = slot.pending.splice(0);
    const crashes = status === 'error' ? slot.crashes + 1 : 0;
    if (crashes > 3) {
      this.broken = new Error(`a solver worker keeps failing: ${reason}`);
      run?.reject(this.broken);
      return;
    }
    const fresh = this.spawn(k);
    fresh.crashes = crashes;
    this.slots[k] = fresh;
    if (run === undefined) return;
    run.queues[k]!.unshift(...rest);
    if (current !== undefined) {
      this.deliver(
        run,
        { index: current, status, solutions: [], timeMs: performance.now() - slot.since, ...(status === 'error' ? { error: reason } : {}) },
        k,
      );
    }
    if (this.run === run) this.dispatch(k);
  }

  /**
   * A worker for slot k; `first` for the pool's first workers. A replacement (after a timeout or a
   * crash) is not: its puzzles' clocks start when they are handed out, its start-up included.
   */
  private spawn(k: number, first = false): Slot {
    const { jobs: _jobs, firstStartedAt: _first, ...config } = this.options;
    const worker = new Worker(workerUrl, { workerData: config satisfies WorkerConfig });
    worker.on('message', (message: FromWorker) => this.onMessage(k, worker, message));
    worker.on('error', (error: Error) => {
      if (this.slots[k]?.worker === worker) this.replace(k, 'error', `${error.name}: ${error.message}`);
    });
    worker.on('exit', (code) => {
      if (!this.closed && this.slots[k]?.worker === worker) this.replace(k, 'error', `the worker exited with code ${code}`);
    });
    return { worker, sets: new Set(), pending: [], since: performance.now(), used: !first, crashes: 0, retiming: undefined };
  }

  private startWatchdog(timeoutMs: number): void {
    const limit = timeoutMs + graceMs(timeoutMs);
    this.watchdog = setInterval(
      () => {
        const now = performance.now();
        this.slots.forEach((slot, k) => {
          if (slot.pending.length > 0 && now - slot.since > limit) this.replace(k, 'timeout', 'time limit reached');
        });
      },
      // Looked at often enough that the lag adds little to the grace.
      Math.max(10, Math.min(250, graceMs(timeoutMs) / 4)),
    );
    this.watchdog.unref();
  }

  private stopWatchdog(): void {
    if (this.watchdog !== undefined) clearInterval(this.watchdog);
    this.watchdog = undefined;
  }
}
