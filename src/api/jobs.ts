/**
 * The worker threads of requests, as a face sees them (Node only): how many a request's `jobs`
 * gets (at most the cores; src/pool/job-count.ts), and `workersExited`, which a process that ends
 * by process.exit() awaits first (the Node 20 exit race: src/pool/pool.ts).
 */
export { resolveJobs } from '../pool/job-count.js';
export { workersExited } from '../pool/pool.js';
