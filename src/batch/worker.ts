/** Worker-thread entry of the batch pool (`pool.ts`): answers each line it is sent, in order. */
import { parentPort, workerData } from 'node:worker_threads';
import { processLine, type BatchConfig } from './jobs.js';
import type { LineTask } from './pool.js';

const { config, source } = workerData as { config: BatchConfig; source: string };
if (parentPort === null) throw new Error('src/batch/worker.js runs only as a worker thread');
const port = parentPort;
port.on('message', (task: LineTask) => {
  void processLine(config, task.text, task.line, source).then((result) => port.postMessage(result));
});
