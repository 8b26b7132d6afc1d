/**
 * Worker-thread entry of the enumeration (enumerate-run.ts): builds the tables and the shard's
 * item list once, then counts each item number it is sent and answers with that item's counts.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { shardItems } from './enumerate-split.js';
import { enumeratorFor, type FromWorker, type WorkerData } from './enumerate-run.js';

const { spec, shard } = workerData as WorkerData;
if (parentPort === null) throw new Error('enumerate-worker.js runs only as a worker thread');
const port = parentPort;
const items = shardItems(spec, shard);
const enumerator = enumeratorFor(spec);

port.on('message', (item: number) => {
  let message: FromWorker;
  try {
    const prefix = items[item];
    if (prefix === undefined) throw new Error(`no work item ${item}`);
    enumerator.run(prefix);
    message = { type: 'done', item, counts: enumerator.take() };
  } catch (error) {
    message = { type: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(message);
});
