#!/usr/bin/env node
/**
 * The hitori-sat command's entry. It starts compiling CaDiCaL's WebAssembly first, in the
 * background, so that a one-shot `solve` does not wait for the compile and for loading the rest of
 * the program one after the other; then it loads and runs the program.
 */
import { preloadCadical } from '../sat/backends/cadical.js';

if (process.argv.includes('solve') || process.argv.includes('bench')) preloadCadical();
await import('./program.js');
