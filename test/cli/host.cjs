/**
 * A host for many runs of the built command in one Node process (started by in-process.ts).
 *
 * A process start of the command costs 0.1-0.5 s on a busy 2-core machine, and the suite made
 * about a thousand of them to test what the command prints and which exit code it sets: things
 * the process start has no part in. This host loads the command's entry (the package's `bin`,
 * dist/src/cli/hitori-sat.cjs) afresh for each run, exactly as a shell would run it, with
 * process.argv, the working folder and stdin set for the run, stdout and stderr captured, and
 * process.exit turned into the run's end: the entry calls it once its output is written, with
 * the exit code the command set. Each run loads the command's bundle anew, so no state is shared
 * between runs; what a run added to the process (listeners on the process or its streams) is
 * removed after it.
 *
 * Tests whose subject is the process itself (signals, a stdin pipe, a closed or full stdout,
 * start-up, a time limit that must end the process) run the command as a process (run.ts).
 *
 * Requests come over the IPC channel one at a time: { id, args, cwd, stdin?, env? } (env: the
 * variables the run sets, or removes where null, restored after it); each answer is
 * { id, stdout, stderr (base64), code }. The host ends when its parent goes.
 */
'use strict';
const { AsyncLocalStorage } = require('node:async_hooks');
const path = require('node:path');
const { Readable } = require('node:stream');

const entry = process.argv[2];

/**
 * Each bundle (the program, solve alone, hint alone) is loaded once and its exports kept: what
 * the command builds per run (its commander program, its options, its solver) is built per run,
 * and loading a bundle anew took 100-200 ms of a 200 ms run on a busy machine. The entry itself
 * is run afresh each time.
 */
const codeCache = require(path.join(path.dirname(entry), 'code-cache.cjs'));
const loadBundle = codeCache.loadBundle;
const loaded = new Map();
codeCache.loadBundle = (bundle, bundleRequire, withoutCache) => {
  if (!loaded.has(bundle)) loaded.set(bundle, loadBundle(bundle, bundleRequire, withoutCache));
  return loaded.get(bundle);
};
const realExit = process.exit.bind(process);
const stdinDescriptor = Object.getOwnPropertyDescriptor(process, 'stdin');
const baseArgv = [process.argv[0], entry];
const standard = [process, process.stdout, process.stderr];

/**
 * The run that a callback belongs to: the async context carries it into every timer, promise and
 * stream callback the run starts, so that a late call (a timer of a run that has ended calling
 * process.exit, a write after the end) reaches its own run, not the next one.
 */
const runs = new AsyncLocalStorage();
/** The run in progress, for what arrives outside any run's context. */
let current;

/** A stream write that keeps the bytes for its run (and calls back as a write that completed). */
function capture(which) {
  return (chunk, encoding, callback) => {
    const done = typeof encoding === 'function' ? encoding : callback;
    const run = runs.getStore() ?? current;
    // A write after the run's end is lost, as it is when the command's process has ended.
    if (run !== undefined && !run.ended) run[which].push(Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
}
process.stdout.write = capture('stdout');
process.stderr.write = capture('stderr');

/** Every listener on the process and its standard streams, to remove what a run adds. */
function listeners() {
  return standard.map((target) => new Map(target.eventNames().map((name) => [name, target.listeners(name)])));
}

/** The listeners a run added, by target and event. */
function added(before) {
  const found = [];
  standard.forEach((target, k) => {
    for (const name of target.eventNames()) {
      const kept = before[k].get(name) ?? [];
      for (const listener of target.listeners(name)) if (!kept.includes(listener)) found.push({ target, name, listener });
    }
  });
  return found;
}

function finish(run, code) {
  if (run === undefined || run.ended) return;
  run.ended = true;
  const extra = added(run.listeners);
  // As when the process ends: the run's 'exit' handlers run (a temporary file's removal).
  for (const { target, name, listener } of extra) if (target === process && name === 'exit') listener(code);
  for (const { target, name, listener } of extra) target.removeListener(name, listener);
  if (current === run) current = undefined;
  for (const [name, value] of run.savedEnv) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  Object.defineProperty(process, 'stdin', stdinDescriptor);
  process.exitCode = undefined;
  process.send({
    id: run.id,
    stdout: Buffer.concat(run.stdout).toString('base64'),
    stderr: Buffer.concat(run.stderr).toString('base64'),
    code,
  });
}

process.exit = (code) => {
  // As Node's own: an exit without a code ends with process.exitCode.
  finish(runs.getStore() ?? current, code ?? process.exitCode ?? 0);
};

// An error nothing caught ends the command's process with a stack trace and exit code 1: so here.
const crash = (error) => {
  const run = runs.getStore() ?? current;
  if (run === undefined || run.ended) return;
  run.stderr.push(Buffer.from(`${error?.stack ?? error}\n`));
  finish(run, 1);
};
process.on('uncaughtException', crash);
process.on('unhandledRejection', crash);
process.on('disconnect', () => realExit(0));

/**
 * The process start as each run sees it: the command counts --timeout from the process start
 * (performance.now() 0, performance.timeOrigin), so each run gets a clock that starts with it,
 * as a fresh process's does.
 */
const realNow = performance.now.bind(performance);
const realOrigin = performance.timeOrigin;
let runStart = 0;
performance.now = () => realNow() - runStart;
Object.defineProperty(performance, 'timeOrigin', { configurable: true, get: () => realOrigin + runStart });

process.on('message', (request) => {
  runStart = realNow();
  const run = { id: request.id, stdout: [], stderr: [], ended: false, listeners: listeners(), savedEnv: new Map() };
  current = run;
  for (const [name, value] of Object.entries(request.env ?? {})) {
    run.savedEnv.set(name, process.env[name]);
    if (value === null) delete process.env[name];
    else process.env[name] = value;
  }
  process.chdir(request.cwd);
  process.argv = [...baseArgv, ...request.args];
  process.exitCode = undefined;
  const stdin = Readable.from(request.stdin === undefined ? [] : [Buffer.from(request.stdin, 'utf8')]);
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => stdin });
  delete require.cache[entry];
  runs.run(run, () => require(entry));
});
