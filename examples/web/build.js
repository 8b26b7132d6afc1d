/**
 * Bundles for a browser with esbuild.
 *
 * The library reaches no `node:` module. One comes from a dependency: cadical-wasm's Emscripten
 * glue has `await import("node:module")` behind its "running under Node" test, never taken in a
 * browser. A browser bundler cannot resolve it, so the `node:` specifiers are replaced by an empty
 * module here, and each one is recorded with its importer: the test in test/index.test.ts checks
 * that no importer is ours.
 */
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = join(here, '..', '..');

/**
 * Bundles `entry` for a browser (ES module). Returns esbuild's result and the `node:` imports met,
 * each with the file (relative to the repository) that imports it.
 */
export async function bundleForBrowser({ entry, outfile, write = true, minify = false }) {
  const nodeImports = [];
  const stubNode = {
    name: 'stub-node-builtins',
    setup(b) {
      b.onResolve({ filter: /^node:/ }, (args) => {
        nodeImports.push({ path: args.path, importer: relative(repoRoot, args.importer) });
        return { path: args.path, namespace: 'node-stub' };
      });
      b.onLoad({ filter: /.*/, namespace: 'node-stub' }, () => ({ contents: 'export {};', loader: 'js' }));
    },
  };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify,
    sourcemap: write,
    write,
    metafile: true,
    logLevel: 'silent',
    plugins: [stubNode],
    ...(outfile === undefined ? { outdir: join(repoRoot, 'tmp-bundle') } : { outfile }),
  });
  return { result, nodeImports };
}
