/**
 * The Node entry (`hitori-sat/node`, built from src/node.ts): the main entry's API with a `solve`
 * that also runs external solver programs and ends a MiniSat worker thread on abort. Imported
 * from dist/, as the package exports it, since the worker thread runs the built file.
 */
import { describe, expect, it } from 'vitest';
import * as main from '../dist/src/index.js';
import * as node from '../dist/src/node.js';
import { readFixtures } from './support/fixtures.js';
import { cadicalBinary, hasExecutable } from './cli/run.js';

const [small] = readFixtures('janko-sample.jsonl');

describe('the Node entry', () => {
  it('exports the same names as the main entry, with its own solve', () => {
    expect(Object.keys(node).sort()).toEqual(Object.keys(main).sort());
    expect(node.solve).not.toBe(main.solve);
    expect(node.parse).toBe(main.parse);
  });

  it.skipIf(!hasExecutable(cadicalBinary))('solves with an external solver program (Debian cadical)', async () => {
    const result = await node.solve(small!.puzzle, { backend: 'external', solverCmd: cadicalBinary });
    expect(result.status).toBe('unique');
    expect(result.solutions).toEqual([small!.solution]);
  });

  it('validates like the main entry', async () => {
    await expect(node.solve({ rows: 2, cols: 2, values: [1, 2, 3] })).rejects.toThrow('"values" has 3 numbers');
    await expect(node.solve(small!.puzzle, { backend: 'nope' as never })).rejects.toThrow('backend "nope" is not one of');
  });

  it('refuses an enumeration spec a worker would trip over, as bad input naming the field', async () => {
    const spec = { rows: 3, cols: 3, symbols: 3, prune: false };
    const request = (s: object) => node.run({ command: 'enumerate', spec: s as never, version: 'test' });
    await expect(request(spec)).rejects.toThrow('"rating" must be null (no histogram) or { ruleSet, symmetry }');
    await expect(request({ ...spec, rating: { ruleSet: 'nope', symmetry: true } })).rejects.toThrow(
      'spec.rating.ruleSet "nope" is not one of',
    );
    await expect(request({ ...spec, rows: 0, rating: null })).rejects.toThrow('spec.rows must be a whole number');
    const counted = await request({ ...spec, rating: null });
    expect(counted.complete).toBe(true);
  });

  it('ends a MiniSat solve in its worker thread when the signal is aborted', async () => {
    const puzzle = { rows: 8, cols: 8, values: Array.from({ length: 64 }, (_, i) => ((Math.floor(i / 8) + (i % 8)) % 8) + 1) };
    const controller = new AbortController();
    const solving = node.solve(puzzle, { backend: 'minisat', maxSolutions: 1_000_000, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 300);
    await expect(solving).rejects.toThrow('stop');
  });
});
