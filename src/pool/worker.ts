/**
 * The one worker-thread entry of the pool (pool.ts). It loads the handler module the pool names,
 * runs its `init` once, then answers each task with the handler's result, or with the error it
 * threw as plain data (its kind, message and place), so that the pool rebuilds the same class.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { errorToData } from '../control/errors.js';
import { limitFromData } from '../control/limit.js';
import type { TaskContext, TaskHandler, TaskMessage, WorkerMessage } from './pool.js';

interface HandlerModule {
  readonly init?: (init: unknown) => unknown;
  readonly handle: TaskHandler<unknown, unknown>;
}

if (parentPort === null) throw new Error('src/pool/worker.js runs only as a worker thread');
const port = parentPort;
const { handler, init } = workerData as { handler: string; init: unknown };
const job = (await import(handler)) as HandlerModule;
await job.init?.(init);

const post = (message: WorkerMessage) => port.postMessage(message);
port.on('message', async ({ id, payload, limit }: TaskMessage) => {
  const context: TaskContext = {
    limit: limitFromData(limit),
    progress: (event) => post({ type: 'progress', id, event }),
    note: (note) => post({ type: 'note', id, note }),
  };
  try {
    post({ type: 'result', id, value: await job.handle(payload, context) });
  } catch (error) {
    post({ type: 'error', id, error: errorToData(error) });
  }
});
post({ type: 'ready' });
