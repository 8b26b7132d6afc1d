/**
 * Lex-leader symmetry breaking against its definition: over every assignment of a small board,
 * the constraints (checked by the SAT backend, cells fixed by assumptions) accept exactly the
 * assignments that are lexicographically no larger than each of their images under the board's
 * rotations and reflections, computed here directly, so exactly one per orbit.
 */
import { describe, expect, it } from 'vitest';
import { encodeLexLeader } from '../../encodings/symmetry-lex.js';
import { boardSymmetries } from '../../src/puzzle/geometry.js';
import { createBackend } from '../../src/sat/backends/index.js';
import { Cnf } from '../../src/sat/cnf.js';

/** The image of an assignment (bit i = cell i) under a geometric map, computed without the encoder's tables. */
function images(rows: number, cols: number, bits: boolean[]): boolean[][] {
  const at = (r: number, c: number) => bits[r * cols + c]!;
  const maps: ((r: number, c: number) => boolean)[] = [
    (r, c) => at(r, cols - 1 - c),
    (r, c) => at(rows - 1 - r, c),
    (r, c) => at(rows - 1 - r, cols - 1 - c),
  ];
  if (rows === cols) {
    maps.push(
      (r, c) => at(c, r),
      (r, c) => at(cols - 1 - c, rows - 1 - r),
      (r, c) => at(c, rows - 1 - r),
      (r, c) => at(cols - 1 - c, r),
    );
  }
  return maps.map((f) => Array.from({ length: rows * cols }, (_, i) => f(Math.floor(i / cols), i % cols)));
}

function lexAtMost(a: boolean[], b: boolean[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return !a[i];
  return true;
}

describe('encodeLexLeader with the board symmetries', () => {
  for (const [rows, cols] of [
    [3, 3],
    [2, 4],
    [3, 4],
    [1, 5],
  ] as const) {
    it(`${rows}x${cols}: accepts exactly the assignments no larger than any of their images`, async () => {
      const n = rows * cols;
      const cnf = new Cnf();
      let top = n;
      encodeLexLeader(
        Array.from({ length: n }, (_, i) => i + 1),
        boardSymmetries(rows, cols),
        () => ++top,
        cnf,
      );
      const backend = await createBackend('cadical');
      try {
        backend.addCnf(cnf);
        let accepted = 0;
        for (let mask = 0; mask < 1 << n; mask++) {
          const bits = Array.from({ length: n }, (_, i) => ((mask >> i) & 1) === 1);
          const leader = images(rows, cols, bits).every((image) => lexAtMost(bits, image));
          const status = await backend.solve({ assumptions: bits.map((b, i) => (b ? i + 1 : -(i + 1))) });
          expect(status, `mask ${mask}`).toBe(leader ? 'satisfiable' : 'unsatisfiable');
          if (leader) accepted++;
        }
        // One leader per orbit: fewer accepted assignments than all of them, at least 1/|G| of them.
        expect(accepted).toBeLessThan(1 << n);
        expect(accepted * (rows === cols ? 8 : 4)).toBeGreaterThanOrEqual(1 << n);
      } finally {
        backend.dispose();
      }
    });
  }
});
