/**
 * Bundles the browser page (`npm run build:web`): examples/web/main.ts (the page) and worker.ts
 * (its Web Worker, which solves), each with the library it imports, into examples/web/dist/, with CaDiCaL's wasm beside the bundle (its glue loads
 * `new URL('cadical.wasm', import.meta.url)`, so the file must sit next to the script).
 *
 * The library reaches no `node:` module. One comes from a dependency: cadical-wasm's Emscripten
 * glue has `await import("node:module")` behind its "running under Node" test, never taken in a
 * browser. A browser bundler cannot resolve it, so the `node:` specifiers are replaced by an empty
 * module here, and each one is recorded with its importer: the test in test/index.test.ts checks
 * that no importer is ours.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { iconPng, iconSvg } from './collection/icon.js';

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

/**
 * The page: bundle main.ts and worker.ts, copy the wasm and the static files into `outDir`, and
 * add what offline use needs (buildOffline). `version` is the service worker's cache version.
 */
export async function buildWeb(outDir = join(here, 'dist')) {
  mkdirSync(outDir, { recursive: true });
  const nodeImports = [];
  for (const name of ['main', 'worker']) {
    const bundle = await bundleForBrowser({ entry: join(here, `${name}.ts`), outfile: join(outDir, `${name}.js`), minify: true });
    nodeImports.push(...bundle.nodeImports);
  }
  const require = createRequire(import.meta.url);
  copyFileSync(require.resolve('cadical-wasm/cadical.wasm'), join(outDir, 'cadical.wasm'));
  for (const file of ['index.html', 'style.css']) copyFileSync(join(here, file), join(outDir, file));
  const version = await buildOffline(outDir);
  return { outDir, nodeImports, version };
}

/** The files the service worker keeps for offline use: the page as a whole. */
export const precached = [
  'index.html',
  'main.js',
  'worker.js',
  'cadical.wasm',
  'style.css',
  'collection.css',
  'collection.json',
  'manifest.webmanifest',
  'icon.svg',
  'icon-192.png',
  'icon-512.png',
];

/**
 * The collection, the manifest, the icons and the service worker (collection/): the files copied
 * or drawn, then sw.js bundled with the list of files to keep and the version of its cache, the
 * first 16 hex digits of a SHA-256 over the files' names and contents, so that any change to the
 * page makes a new cache (and the old one is deleted when the new worker starts).
 */
async function buildOffline(outDir) {
  const collection = join(here, 'collection');
  for (const file of ['collection.css', 'collection.json', 'manifest.webmanifest'])
    copyFileSync(join(collection, file), join(outDir, file));
  writeFileSync(join(outDir, 'icon.svg'), iconSvg());
  for (const size of [192, 512]) writeFileSync(join(outDir, `icon-${size}.png`), iconPng(size));
  const hash = createHash('sha256');
  for (const file of precached) hash.update(`${file}\0`).update(readFileSync(join(outDir, file)));
  const version = hash.digest('hex').slice(0, 16);
  await build({
    entryPoints: [join(collection, 'sw.ts')],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    minify: true,
    outfile: join(outDir, 'sw.js'),
    logLevel: 'silent',
    define: { hitoriSatVersion: JSON.stringify(version), hitoriSatPrecached: JSON.stringify(precached) },
  });
  return version;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { outDir } = await buildWeb();
  process.stdout.write(`built ${relative(process.cwd(), outDir)}/: serve that folder over HTTP and open index.html\n`);
}
