/**
 * The second half of `npm run build` (after `tsc`): the command's two CommonJS bundles and their
 * V8 code caches, which src/cli/hitori-sat.cts loads (docs/startup.md says why each step is there).
 *
 * 1. Old bundles and caches go first, so that a bundle of a command since removed cannot linger.
 * 2. esbuild bundles program.js (every command), solve-only.js (`solve` alone) and hint-only.js
 *    (`hint` alone) as CommonJS:
 *    a CommonJS entry spares Node its ES module loader. Dynamic import() is turned off so that the
 *    bundle is one file; the packages with native or wasm parts stay outside; `import.meta.url`
 *    (which CommonJS lacks) becomes the bundle's own file URL. The bundles are minified and
 *    wrapped in the function that code-cache.cts calls.
 *    cadical-wasm's JavaScript (an ES module only) becomes one CommonJS file beside them, so that a
 *    solve that needs SAT does not start Node's ES module loader.
 * 3. The bin (tsc's hitori-sat.cjs) is made executable, for its `#!/usr/bin/env -S node` line.
 * 4. `solve`, `explain` and `hint` run once each with HITORI_SAT_WRITE_CODE_CACHE=1 to write the caches,
 *    under the Node flags of the bin's first line: V8 ignores a cache made under other flags.
 *
 * Run from the repository root: `node dist/src/cli/build-bundles.js`.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const cliDir = join('dist', 'src', 'cli');
const bin = join(cliDir, 'hitori-sat.cjs');

for (const file of readdirSync(cliDir)) {
  if (/^(bundle-.*\.js|.*\.bundle\..*)$/.test(file)) rmSync(join(cliDir, file));
}

// The wrapper that code-cache.cts calls like a CommonJS module's: in the file, so that the loader
// compiles the text as read, with no copy of it joined to a wrapper.
const wrapper = '(function (exports, require, module, __filename, __dirname) {';

buildSync({
  entryPoints: [join(cliDir, 'program.js'), join(cliDir, 'solve-only.js'), join(cliDir, 'hint-only.js')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  supported: { 'dynamic-import': false },
  external: ['cadical-wasm', 'logic-solver', '@resvg/resvg-js'],
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: `${wrapper}const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;` },
  footer: { js: '})' },
  outdir: cliDir,
  entryNames: '[name].bundle',
  outExtension: { '.js': '.cjs' },
  // Half the text to read and a smaller code cache to load; errors are one-line messages, never
  // stacks, so the short names show nowhere.
  minify: true,
  logLevel: 'warning',
});

// cadical-wasm is an ES module only, which `require` cannot load on Node 20, and its import() made a
// solve that needs SAT start Node's ES module loader as well: about 30 ms on a loaded 2-core
// machine. Its JavaScript as one CommonJS file instead, beside the bin, which requires it (the wasm
// stays in the package, found from the bin as `import('cadical-wasm')` found it).
buildSync({
  stdin: { contents: "export { loadCadical } from 'cadical-wasm';", resolveDir: '.', sourcefile: 'cadical-wasm.js' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__cadicalWasmUrl' },
  banner: { js: "const __cadicalWasmUrl = require('node:url').pathToFileURL(require.resolve('cadical-wasm/cadical.wasm')).href;" },
  outfile: join(cliDir, 'cadical-wasm.bundle.cjs'),
  minify: true,
  logLevel: 'warning',
});

chmodSync(bin, 0o755);

// The flags of `#!/usr/bin/env -S node <flags>`, so that the caches match the way the bin runs.
const shebang = readFileSync(bin, 'utf8').split('\n', 1)[0]!;
const flags = shebang
  .replace(/^#!\/usr\/bin\/env(?: -S)? node/, '')
  .split(' ')
  .filter((flag) => flag.startsWith('--'));
// `hint` on a 17x17 (janko-037), so that its cache holds the whole deduction core a hint runs.
for (const [command, example] of [
  ['solve', 'janko-002.txt'],
  ['explain', 'janko-002.txt'],
  ['hint', 'janko-037.txt'],
] as const) {
  const run = spawnSync(process.execPath, [...flags, bin, command, join('examples', example)], {
    env: { ...process.env, HITORI_SAT_WRITE_CODE_CACHE: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) {
    process.stderr.write(`build-bundles: writing the code cache: hitori-sat ${command} exited with ${run.status ?? run.signal}\n`);
    process.exit(1);
  }
}
