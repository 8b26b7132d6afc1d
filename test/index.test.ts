/**
 * The main entry bundles for a browser: esbuild with `--platform=browser` on src/index.ts
 * succeeds, and no `node:` module is reached from our code (the one `node:` import met is
 * cadical-wasm's, behind its own "running under Node" test). The Node-only modules (worker
 * threads, the external backend, the bench pool, the CLI, the commands' CLI faces and Node
 * handlers) are not in the bundle.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../examples/web/build.js';

describe('src/index.ts in a browser bundle', () => {
  it('bundles with no node: import of ours and none of the Node-only modules', async () => {
    const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const { result, nodeImports } = await bundleForBrowser({ entry, write: false });
    expect(result.errors).toEqual([]);
    expect(nodeImports.filter((n: { importer: string }) => !n.importer.startsWith('node_modules/cadical-wasm/'))).toEqual([]);
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs.some((f) => f.endsWith('src/api/library.ts'))).toBe(true);
    for (const nodeOnly of [
      'sat/backends/external.ts',
      'sat/backends/node.ts',
      'solve/bounded.ts',
      'solve/solve-worker.ts',
      'benchmark/',
      'cli/',
      '/cli.ts',
      '/node.ts',
    ])
      expect(inputs.filter((f) => f.includes(nodeOnly))).toEqual([]);
    const code = result.outputFiles!.map((f) => f.text).join('\n');
    expect(code).not.toMatch(/from\s*["']node:|import\(\s*["']node:/);
  });
});
