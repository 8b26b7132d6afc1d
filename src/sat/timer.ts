/** The longest wait a timer takes, and so the longest `timeoutMs`: the limit's own (src/control/limit.ts). */
export { maxTimerMs } from '../control/limit.js';
