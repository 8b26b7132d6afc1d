#!/usr/bin/env -S node --no-concurrent-recompilation
/**
 * The hitori-sat command's entry.
 *
 * The first line runs Node with `--no-concurrent-recompilation` (V8 optimises on the main thread):
 * Node 20 can deadlock as a process ends (nodejs/node#54918, fixed in later Node releases) when a
 * background optimising compile waits for a garbage collection while the main thread waits for
 * background work to drain. The command has printed everything and never exits: `generate 9x9
 * --count 5 --jobs 1` hung so in 2 of 200 and 8 of 300 runs under load, in none of 300 with the
 * flag. V8 flags cannot be set from inside the program soon enough (its compiler threads exist by
 * then), and `env -S` passes the flag on Linux, macOS and the BSDs.
 *
 * Before loading the program it prepares the WebAssembly engine for the command at hand:
 * - `solve` solves one puzzle and exits, so most of the solver's wasm code runs once, cold. V8
 *   compiles wasm functions lazily and then tiers hot ones up to its optimising compiler; for a
 *   one-shot solve that tier-up costs more than it saves (BENCH.md, CLI start-up), so `solve`
 *   runs on V8's baseline wasm compiler only (`--liftoff-only`). `bench` keeps the default.
 * - `solve` loads the program with that command alone (solve-only.ts).
 * - For `solve --engine sat` it starts compiling CaDiCaL's wasm in the background, so that loading
 *   the program and compiling the solver overlap instead of following each other (`bench` solves
 *   in workers). The default engine deduces first and loads the solver only if it needs it.
 */
import { setFlagsFromString } from 'node:v8';

const command = process.argv[2];
if (command === 'solve') {
  setFlagsFromString('--liftoff-only');
  // The default engine deduces first and loads no solver when the deductions suffice; only a
  // solve that names the SAT engine is sure to need CaDiCaL, and only then is it compiled ahead.
  const args = process.argv.slice(3);
  const engine = args.find((a, k) => args[k - 1] === '--engine' || a.startsWith('--engine='));
  if (engine === 'sat' || engine === '--engine=sat') void import('../sat/backends/cadical.js').then((m) => m.preloadCadical());
}
// A solve loads the solve command alone: the other commands' modules (the rule engine's
// explanations, the generators, the benchmark) cost more start-up time than the solve itself.
if (command === 'solve') await import('./solve-only.js');
else await import('./program.js');
