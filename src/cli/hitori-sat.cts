#!/usr/bin/env node
/**
 * The hitori-sat command: starts the program for the command at hand (the package's `bin`).
 *
 * Node runs without flags. The bin ran with `--no-concurrent-recompilation` before, against the
 * Node 20 exit race (nodejs/node#54918): a process with worker threads that hung after printing
 * everything, or aborted with `Assertion failed: (data.first) != nullptr`. Both came from ending
 * with process.exit() while the workers were still there, tearing down isolates under V8's
 * background compiles. Now the process ends once its workers have exited (`workersExited`, below),
 * and a pool's workers optimise on their own thread (src/pool/pool.ts, spawn), while the main
 * thread, and the workers of `bench` whose solve times are its result, optimise in the background
 * as V8 does by default: under the flag, every optimising compile blocked the solve that triggered
 * it (BENCH.md, exit-stress).
 *
 * A one-shot `solve` is mostly start-up (BENCH.md, deduction: the deductions take 0.2 ms of a
 * 17x17's whole run), so it is started as cheaply as Node 20 allows:
 * - This file is CommonJS: an ES module entry makes Node load its ES module loader first, ~5 ms.
 * - `solve` runs one CommonJS bundle of the solve command alone (solve-only.bundle.cjs, made from
 *   solve-only.ts by `npm run build`) with a V8 code cache of it (code-cache.cts).
 * - A solve that names the SAT engine on CaDiCaL (`--engine sat`) starts compiling its wasm at once,
 *   so that it overlaps with the rest of the start-up. Every solve compiles wasm on V8's baseline
 *   compiler only (`--liftoff-only`) and optimises JavaScript later than V8 would (see oneShotFlags).
 *   The default engine deduces first and loads no solver when the deductions suffice.
 * `hint` runs its own bundle the same way (hint-only.bundle.cjs, from hint-only.ts), with a cache
 * that a hint made. Every other command runs the CommonJS bundle of the whole program (program.bundle.cjs, from
 * program.ts), with its own code cache: 20-35 ms sooner than from the ES module bundle it
 * replaced (paired against `node -e 0`: --help 1.57x to 1.40x, dimacs 1.90x to 1.44x).
 *
 * `npm run build` makes both code caches by running `solve` and `explain` once each with
 * HITORI_SAT_WRITE_CODE_CACHE=1.
 */
import path = require('node:path');
import codeCache = require('./code-cache.cjs');

const { loadBundle } = codeCache;

/** What every bundle exports besides its command: the pool's `workersExited` (src/pool/pool.ts). */
interface Bundle {
  workersExited(): Promise<void>;
}

interface SolveBundle extends Bundle {
  runSolve(): Promise<void>;
  preloadCadical(): void;
}

interface HintBundle extends Bundle {
  runHint(): Promise<void>;
}

interface ProgramBundle extends Bundle {
  runAll(): Promise<void>;
}

const writeCache = process.env.HITORI_SAT_WRITE_CODE_CACHE === '1';

function load(name: string): ReturnType<typeof loadBundle> {
  return loadBundle(path.join(__dirname, name), bundleRequire, writeCache);
}

/**
 * Runs the bundle's command, then ends the process once stdout and stderr have written
 * everything; with HITORI_SAT_WRITE_CODE_CACHE=1, writes its code cache instead.
 */
function run(bundle: ReturnType<typeof loadBundle>, done: Promise<void>): void {
  // After the run, so that the cache holds the functions the command compiled, not just the top level.
  if (writeCache) void done.then(() => bundle.writeCache());
  // From the check phase: a failed write's error event (stdout on /dev/full: exit code 2) is
  // queued for the next tick, and must reach its handler first.
  else void done.then(() => setImmediate(() => exitWhenWritten(bundle.exports as Bundle)));
}

/**
 * Ends the process as soon as its output is written and its worker threads have exited. A process
 * left to end by itself first tears down its heap, which takes 50-150 ms after a command that held
 * a large one (a CNF, a million cells, a thousand solutions; more on a loaded machine): time past a
 * --timeout that the command had kept. process.exit skips that teardown and still runs the 'exit'
 * handlers (a temporary file's removal). A stream's writableLength counts its writes until they
 * complete, so nothing written is lost.
 *
 * The workers go first, while this thread's event loop still runs (`workersExited`: the pools ask
 * idle ones to end and terminate busy ones as the command finishes, 10-20 ms): ended from inside
 * process.exit() instead, Node 20 can hang or abort (nodejs/node#54918; pool.ts says how).
 */
function exitWhenWritten(bundle: Bundle): void {
  if (process.stdout.writableLength > 0 || process.stderr.writableLength > 0) setTimeout(() => exitWhenWritten(bundle), 5);
  else void bundle.workersExited().then(() => process.exit());
}

function runSolve(): void {
  const bundle = load('solve-only.bundle.cjs');
  const solve = bundle.exports as SolveBundle;
  // After the bundle is compiled: V8 checks a code cache against its flags, and these change them.
  // Not while the build writes the cache, which V8 stamps with the flags of the writing process.
  if (!writeCache) (require('node:v8') as typeof import('node:v8')).setFlagsFromString(oneShotFlags);
  if (satEngineNamed(process.argv.slice(3))) solve.preloadCadical();
  run(bundle, solve.runSolve());
}

/**
 * `hint` alone, with a cache a hint made (hint-only.ts says why), and the flags of a one-shot
 * solve: a hint is one solve (SAT where the deductions get stuck) and one pass of the techniques.
 */
function runHint(): void {
  const bundle = load('hint-only.bundle.cjs');
  if (!writeCache) (require('node:v8') as typeof import('node:v8')).setFlagsFromString(oneShotFlags);
  run(bundle, (bundle.exports as HintBundle).runHint());
}

/**
 * The V8 flags of a one-shot solve (set from inside: the first line's flags would be every
 * command's, and bench/lib.ts reads only flags without a value there).
 * - `--interrupt-budget`: how much a function runs before V8 optimises it, about 15 times V8's
 *   default (66 KB of bytecode). Measured when the bin ran Node with --no-concurrent-recompilation
 *   (TurboFan on the main thread): a one-shot solve spent more time optimising its hot functions than they then saved:
 *   janko-037's solve (the deductions, the report) took 12-32 ms against 8-12 ms, janko-077 (SAT)
 *   and a 50x50 250-500 ms against 165-235 ms (in-process, a loaded 2-core machine), while a long
 *   run (30,000 solutions of a latin 8x8, 3-5 s) lost nothing. `--no-opt` did as well on the short
 *   solves and lost 20-40% on the long one.
 * - `--liftoff-only`: CaDiCaL's wasm on V8's baseline compiler only: for one solve, tiering hot
 *   functions up costs more than it saves (with tier-up, a one-shot default solve of janko-077 took
 *   2.0 s against 0.8 s on a loaded 2-core machine; BENCH.md tail). Without SAT, no wasm is compiled.
 */
const oneShotFlags = '--interrupt-budget=1000000 --liftoff-only';

/**
 * The bundle's `require`. The bundle has no `import()`: code compiled by vm.Script cannot import
 * without an experimental flag on Node 20, so the build turns its `import()`s into `require`s.
 * That leaves cadical-wasm, an ES module only, which `require` cannot load on Node 20: the bundle
 * gets the one function it uses from it, from the CommonJS copy of its JavaScript that the build
 * makes (cadical-wasm.bundle.cjs; an `import()` of the package started Node's ES module loader
 * too, about 30 ms of a solve that needs SAT on a loaded 2-core machine), loaded on first use.
 * And commander requires node:child_process as it loads, only to run executable subcommands, which
 * hitori-sat has none of: that module (with net, dgram and the streams) is about 3 ms of a one-shot
 * solve, so the bundle gets the one function it uses (commander, the external backend) loaded on first use.
 */
function bundleRequire(id: string): unknown {
  if (id === 'cadical-wasm') return cadicalWasm;
  if (id === 'node:child_process') return childProcess;
  return require(id);
}

const cadicalWasm: Pick<typeof import('cadical-wasm'), 'loadCadical'> = {
  loadCadical: () => {
    try {
      return (require(path.join(__dirname, 'cadical-wasm.bundle.cjs')) as Pick<typeof import('cadical-wasm'), 'loadCadical'>).loadCadical();
    } catch (error) {
      // As from the import() it replaces: a failed load is a rejection.
      return Promise.reject(error);
    }
  },
};

const childProcess: Pick<typeof import('node:child_process'), 'spawn'> = {
  get spawn() {
    return (require('node:child_process') as typeof import('node:child_process')).spawn;
  },
};

/**
 * Whether the solve names the SAT engine on CaDiCaL: `--engine sat` without another backend
 * (MiniSat, or an external solver by `--backend` or `--solver-cmd`, never loads CaDiCaL, whose
 * compile would only hold the process: 40-50 ms past a --timeout handing a CNF to an external solver).
 */
function satEngineNamed(args: readonly string[]): boolean {
  if (args.some((a) => a === '--solver-cmd' || a.startsWith('--solver-cmd='))) return false;
  return optionValue(args, '--engine') === 'sat' && (optionValue(args, '--backend') ?? 'cadical') === 'cadical';
}

/** The last value given to an option, as `--name value` or `--name=value`. */
function optionValue(args: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (let k = 0; k < args.length; k++) {
    if (args[k] === name) value = args[k + 1];
    else if (args[k]!.startsWith(`${name}=`)) value = args[k]!.slice(name.length + 1);
  }
  return value;
}

if (process.argv[2] === 'solve') runSolve();
else if (process.argv[2] === 'hint') runHint();
else {
  const bundle = load('program.bundle.cjs');
  run(bundle, (bundle.exports as ProgramBundle).runAll());
}
