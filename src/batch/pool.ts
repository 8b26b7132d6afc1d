/**
 * Worker threads for a batch: each keeps the command's configuration and answers one line at a
 * time (`worker.ts` is the entry). `run` hands a line to an idle worker, or queues it; the
 * caller keeps the results in input order and bounds how many lines are in flight, so memory
 * does not grow with the input. A worker that crashes answers its line with an error record and
 * is replaced.
 */
import { Worker } from 'node:worker_threads';
import type { BatchConfig, LineResult } from './jobs.js';

export interface LineTask {
  readonly text: string;
  readonly line: number;
}

interface Slot {
  worker: Worker;
  current: { task: LineTask; resolve: (result: LineResult) => void } | undefined;
}

// The path goes through ../batch/ so that it also holds from the CLI bundle in dist/src/cli/.
const workerUrl = new URL('../batch/worker.js', import.meta.url);

export class LinePool {
  private readonly slots: Slot[] = [];
  private readonly queue: { task: LineTask; resolve: (result: LineResult) => void }[] = [];
  private closed = false;

  constructor(
    private readonly config: BatchConfig,
    jobs: number,
    private readonly source: string,
  ) {
    for (let k = 0; k < jobs; k++) this.slots.push(this.spawn());
  }

  run(task: LineTask): Promise<LineResult> {
    return new Promise((resolve) => {
      this.queue.push({ task, resolve });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.current !== undefined) continue;
      slot.current = this.queue.shift()!;
      slot.worker.postMessage(slot.current.task);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(workerUrl, { workerData: { config: this.config, source: this.source } });
    const slot: Slot = { worker, current: undefined };
    worker.on('message', (result: LineResult) => {
      const current = slot.current;
      slot.current = undefined;
      current?.resolve(result);
      this.dispatch();
    });
    const fail = (reason: string) => {
      if (this.closed) return;
      const current = slot.current;
      slot.current = undefined;
      worker.removeAllListeners();
      void worker.terminate();
      const fresh = this.spawn();
      this.slots[this.slots.indexOf(slot)] = fresh;
      if (current !== undefined)
        current.resolve({
          out: JSON.stringify({ line: current.task.line, id: null, error: `the worker failed: ${reason}` }),
          failure: 'solver',
        });
      this.dispatch();
    };
    worker.on('error', (error: Error) => fail(`${error.name}: ${error.message}`));
    worker.on('exit', (code) => fail(`it exited with code ${code}`));
    return slot;
  }
}
