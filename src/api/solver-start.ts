/**
 * How the CLI has CaDiCaL's WebAssembly started on its own terms (Node only): compiled early, so
 * that it overlaps with a one-shot solve's start-up (`preloadCadical`), or on V8's baseline
 * compiler only, so that a command under a time limit can end at it (`baselineWasmOnly`).
 */
export { preloadCadical } from '../sat/backends/cadical.js';
export { baselineWasmOnly } from '../sat/backends/node.js';
