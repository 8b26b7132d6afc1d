/** DRAT proofs written out for the checker's tests (drat-check.test.ts, drat-check-random.test.ts). */

/** One proof step: a lemma added, or a clause deleted ('d'). */
export interface DratStep {
  readonly deleted: boolean;
  readonly lits: readonly number[];
}

/** The steps in binary DRAT: 'a'/'d', then each literal 2v or 2v+1 as a 7-bit varint, then 0. */
export function binaryDrat(steps: readonly DratStep[]): Uint8Array {
  const out: number[] = [];
  for (const { deleted, lits } of steps) {
    out.push(deleted ? 0x64 : 0x61);
    for (const lit of [...lits, 0]) {
      let u = lit === 0 ? 0 : lit > 0 ? 2 * lit : -2 * lit + 1;
      do {
        out.push((u & 0x7f) | (u > 0x7f ? 0x80 : 0));
        u >>>= 7;
      } while (u > 0);
    }
  }
  return Uint8Array.from(out);
}

/** The steps in text DRAT: a line per step, "d " before a deletion. */
export function textDrat(steps: readonly DratStep[]): Uint8Array {
  return new TextEncoder().encode(steps.map((s) => `${s.deleted ? 'd ' : ''}${[...s.lits, 0].join(' ')}\n`).join(''));
}
