/**
 * The totalizer's outputs against counting: over every assignment of a few inputs, assuming o_k is
 * satisfiable exactly when at least k inputs are true (checked by the SAT backend, inputs fixed by
 * unit assumptions), for several caps.
 */
import { describe, expect, it } from 'vitest';
import { encodeAtLeastTotalizer, totalizerLiterals } from '../../encodings/cardinality-totalizer.js';
import { createBackend } from '../../src/sat/backends/index.js';
import { Cnf } from '../../src/sat/cnf.js';

describe('encodeAtLeastTotalizer', () => {
  for (const [n, cap] of [
    [1, 1],
    [5, 5],
    [6, 3],
    [7, 8],
  ] as const) {
    it(`with ${n} inputs and cap ${cap}: o_k holds together with an assignment exactly when k of its inputs are true`, async () => {
      const cnf = new Cnf();
      let top = n;
      const outputs = encodeAtLeastTotalizer(
        Array.from({ length: n }, (_, i) => i + 1),
        cap,
        () => ++top,
        cnf,
      );
      expect(outputs).toHaveLength(Math.min(n, cap));
      const backend = await createBackend('cadical');
      try {
        backend.addCnf(cnf);
        for (let mask = 0; mask < 1 << n; mask++) {
          const inputs = Array.from({ length: n }, (_, i) => ((mask >> i) & 1 ? i + 1 : -(i + 1)));
          const count = inputs.filter((l) => l > 0).length;
          for (let k = 1; k <= outputs.length; k++) {
            const status = await backend.solve({ assumptions: [...inputs, outputs[k - 1]!] });
            expect(status, `mask ${mask}, k ${k}`).toBe(count >= k ? 'satisfiable' : 'unsatisfiable');
          }
        }
      } finally {
        backend.dispose();
      }
    });
  }
});

describe('totalizerLiterals', () => {
  it('counts, without building it, the literals of the totalizer built, for 1 to 80 inputs and every cap', () => {
    for (let n = 1; n <= 80; n += n < 12 ? 1 : 7) {
      for (const cap of [1, 2, Math.ceil(n / 2), Math.ceil(n / 2) + 1, n, n + 3]) {
        const cnf = new Cnf();
        let top = n;
        encodeAtLeastTotalizer(
          Array.from({ length: n }, (_, i) => i + 1),
          cap,
          () => ++top,
          cnf,
        );
        expect(totalizerLiterals(n, cap), `${n} inputs, cap ${cap}`).toBe(cnf.flat().lits.length);
      }
    }
  });
});
