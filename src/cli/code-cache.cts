/**
 * Runs a CommonJS bundle with a V8 code cache beside it (`<bundle>.v8cache`): what Node 22's module
 * compile cache does, on Node 20, where only `vm.Script`'s `cachedData` offers it.
 *
 * The cache holds the bytecode of every function that had run when it was made (V8's
 * `createCachedData` after a run, not just the top level), so a process that loads the bundle
 * neither parses nor compiles those functions again. V8 checks a cache against its own version,
 * its flags and the source's length, and compiles from the source when it does not fit; the
 * result is the same program either way, only slower to start. Because V8 checks the length and
 * not the text, the build removes the old cache before it makes a new bundle (package.json).
 *
 * The bundle is one function expression, `(function (exports, require, module, __filename,
 * __dirname) {...})`, which the build writes around it (build-bundles.ts), called like a CommonJS
 * module's wrapper with the caller's `require`. It must not use `import()`: code compiled by
 * vm.Script can import only with an experimental flag on Node 20. The bundle is read as bytes and
 * then decoded: Node 20's `readFileSync(file, 'utf8')` took 4-15 ms over a 280 KB bundle that the
 * two steps read in 2 or 3.
 */
import fs = require('node:fs');
import path = require('node:path');
import vm = require('node:vm');

/** How a load went: the cache was there and fitted, was there and did not, or was not there. */
type CacheUse = 'used' | 'rejected' | 'none';

interface LoadedBundle {
  /** What the bundle put on `module.exports`. */
  readonly exports: unknown;
  readonly cache: CacheUse;
  /** Writes the cache from what has run so far (replacing the file atomically). */
  writeCache(): void;
}

/** Loads and runs `bundle` (its top level); `withoutCache` ignores an existing cache (to make a fresh one). */
function loadBundle(bundle: string, bundleRequire: (id: string) => unknown, withoutCache = false): LoadedBundle {
  const cacheFile = `${bundle}.v8cache`;
  let cachedData: Buffer | undefined;
  if (!withoutCache) {
    try {
      cachedData = fs.readFileSync(cacheFile);
    } catch {
      // No cache (a build without one, or a removed file): V8 compiles the source as usual.
    }
  }
  const source = fs.readFileSync(bundle).toString('utf8');
  const script = new vm.Script(source, { filename: bundle, ...(cachedData === undefined ? {} : { cachedData }) });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, bundleRequire, module, bundle, path.dirname(bundle));
  return {
    exports: module.exports,
    cache: cachedData === undefined ? 'none' : script.cachedDataRejected === true ? 'rejected' : 'used',
    writeCache() {
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      try {
        fs.writeFileSync(temporary, script.createCachedData());
        fs.renameSync(temporary, cacheFile);
      } catch (error) {
        fs.rmSync(temporary, { force: true });
        throw error;
      }
    },
  };
}

export = { loadBundle };
