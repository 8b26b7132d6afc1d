/** A worker thread of `generateMany`: makes the puzzle of each seed it is sent. */
import { parentPort } from 'node:worker_threads';
import { generatePuzzle } from './generate.js';
import type { WorkAnswer, WorkRequest } from './generate-run.js';

const port = parentPort;
if (port === null) throw new Error('generate-worker.js runs as a worker thread');
port.on('message', async (request: WorkRequest) => {
  let answer: WorkAnswer;
  try {
    answer = { index: request.index, puzzle: await generatePuzzle(request.spec, request.seed, request.deadline) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    answer = { index: request.index, error: { name: e.name, message: e.message } };
  }
  port.postMessage(answer);
});
