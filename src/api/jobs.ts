/** How many worker threads a request's `jobs` gets: as asked, at most the cores (Node only; src/pool/job-count.ts). */
export { resolveJobs } from '../pool/job-count.js';
