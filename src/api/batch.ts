/**
 * JSON Lines batches through the door (Node only): each line's request run in order, in this
 * thread or on worker threads (src/batch/). The CLI's batch mode loads this only for a batch.
 */
export type { BatchConfig } from '../batch/batch-line.js';
export { describeSummary, runBatch } from '../batch/batch-run.js';
