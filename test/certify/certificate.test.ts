import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { externalProver } from '../../src/certify/external-prover.js';
import { withCertificate } from '../../src/commands/solve/handler.js';
import { Limit } from '../../src/control/limit.js';
import { makeCertificate, verifyCertificate } from '../../src/certify/index.js';
import { parseText } from '../../src/formats/text.js';
import { checkShading } from '../../src/puzzle/check.js';
import { parseShadingFile } from '../../src/maxblack/maxblack-shading.js';
import { sameShading, type Puzzle } from '../../src/puzzle/puzzle.js';
import { bruteForceSolutions, fromMask, gridOf } from '../support/brute-force.js';
import { readFixtures } from '../support/fixtures.js';

const example = (name: string): Puzzle => parseText(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'), name);
const grid = (rows: number[][]): Puzzle => ({ rows: rows.length, cols: rows[0]!.length, values: rows.flat() });
const text = (content: string | Uint8Array | undefined): string =>
  typeof content === 'string' ? content : new TextDecoder().decode(content ?? new Uint8Array());

describe('certificates are accepted', () => {
  test('a unique puzzle gets a certificate whose solution is the published one and which verify accepts', async () => {
    const [record] = readFixtures('janko-sample.jsonl');
    const certificate = await makeCertificate(record!.puzzle);
    expect(certificate.verdict).toBe('unique');
    const shading = parseShadingFile(text(certificate.files['solution.txt'])).shading;
    expect(sameShading(shading, record!.solution!)).toBe(true);
    expect(certificate.manifest.proof?.kind).toBe('deduction');
    expect(verifyCertificate(certificate.files)).toEqual({ ok: true, verdict: 'unique', proofKind: 'deduction' });
  });

  test('every puzzle of examples/ gets a certificate that verify accepts', async () => {
    for (const name of ['janko-001.txt', 'janko-002.txt', 'janko-037.txt']) {
      const certificate = await makeCertificate(example(name), { selfCheck: false });
      expect(verifyCertificate(certificate.files), name).toMatchObject({ ok: true, verdict: 'unique' });
    }
  }, 60_000);

  test('the janko 17x17 of examples/ is certified by deductions alone, in fewer lemmas than two per cell', async () => {
    const certificate = await makeCertificate(example('janko-037.txt'), { selfCheck: false });
    expect(certificate.manifest.proof).toMatchObject({ kind: 'deduction', satLemmas: 0, cellsDeduced: 17 * 17 });
    expect(certificate.manifest.proof!.deductionLemmas).toBeLessThan(2 * 17 * 17);
    expect(verifyCertificate(certificate.files)).toMatchObject({ ok: true, proofKind: 'deduction' });
  }, 60_000);

  test('a 2x2 of four 1s has no solution (brute force), and its certificate is a refutation verify accepts', async () => {
    const puzzle = grid([
      [1, 1],
      [1, 1],
    ]);
    expect(
      bruteForceSolutions(
        gridOf([
          [1, 1],
          [1, 1],
        ]),
      ),
    ).toEqual([]);
    const certificate = await makeCertificate(puzzle);
    expect(certificate.verdict).toBe('none');
    expect(certificate.manifest.solutions).toEqual([]);
    expect(verifyCertificate(certificate.files)).toMatchObject({ ok: true, verdict: 'none' });
  });

  test('the no-solution fixture gets a none certificate that verify accepts', async () => {
    const [record] = readFixtures('no-solution.jsonl');
    expect(bruteForceSolutions(record!.puzzle)).toEqual([]);
    const certificate = await makeCertificate(record!.puzzle);
    expect(verifyCertificate(certificate.files)).toMatchObject({ ok: true, verdict: 'none' });
  });

  test('a puzzle with several solutions gets two different checked solutions, each among the brute force ones, and no proof', async () => {
    for (const record of [...readFixtures('multiple-solutions.jsonl'), { puzzle: grid([[1, 1]]) }]) {
      const { puzzle } = record;
      const all = bruteForceSolutions(puzzle).map((mask) => fromMask(mask, puzzle.rows * puzzle.cols));
      expect(all.length).toBeGreaterThan(1);
      const certificate = await makeCertificate(puzzle);
      expect(certificate.verdict).toBe('multiple');
      expect(certificate.manifest.proof).toBeNull();
      expect(certificate.files['proof.drat']).toBeUndefined();
      const found = certificate.manifest.solutions.map((name) => parseShadingFile(text(certificate.files[name])).shading);
      expect(found).toHaveLength(2);
      for (const shading of found) expect(all.some((s) => sameShading(s, shading))).toBe(true);
      expect(verifyCertificate(certificate.files)).toMatchObject({ ok: true, verdict: 'multiple' });
    }
  });

  test('without deductions CaDiCaL in WebAssembly proves the verdict, and its learned clauses verify as a DRAT proof', async () => {
    for (const name of ['janko-002.txt', 'janko-037.txt']) {
      const certificate = await makeCertificate(example(name), { deductions: false, selfCheck: false });
      expect(certificate.manifest.proof).toMatchObject({ kind: 'sat', deductionLemmas: 0, cellsDeduced: 0 });
      expect(certificate.manifest.proof!.solver).toMatch(/cadical-wasm/);
      expect(verifyCertificate(certificate.files), name).toMatchObject({ ok: true, proofKind: 'sat' });
    }
  }, 60_000);

  test('every shading file of a certificate passes the independent checker', async () => {
    const certificate = await makeCertificate(example('janko-002.txt'));
    const puzzle = parseText(text(certificate.files['puzzle.txt']));
    for (const name of certificate.manifest.solutions)
      expect(checkShading(puzzle, parseShadingFile(text(certificate.files[name])).shading)).toEqual([]);
  });

  test('a certificate under another convention is checked under that convention', async () => {
    const certificate = await makeCertificate(example('janko-002.txt'), { convention: 'unique-white' });
    expect(certificate.manifest.cnf.convention).toBe('unique-white');
    expect(verifyCertificate(certificate.files)).toMatchObject({ ok: true });
  });
});

describe('a certificate made from a solve already made', () => {
  test('is the certificate its own solve makes, file for file, for unique, none and multiple', async () => {
    const [unique] = readFixtures('janko-sample.jsonl');
    const [none] = readFixtures('no-solution.jsonl');
    const [multiple] = readFixtures('multiple-solutions.jsonl');
    for (const { puzzle } of [unique!, none!, multiple!]) {
      const own = await makeCertificate(puzzle);
      const solutions = own.manifest.solutions.map((name) => parseShadingFile(text(own.files[name])).shading);
      const given = await makeCertificate(puzzle, { solved: { status: own.verdict, solutions } });
      expect(Object.keys(given.files).sort()).toEqual(Object.keys(own.files).sort());
      for (const name of Object.keys(own.files)) expect(text(given.files[name]), name).toBe(text(own.files[name]));
    }
  });

  test('is refused when a solution given is not one, or when the verdict given is wrong', async () => {
    const [record] = readFixtures('janko-sample.jsonl');
    const { puzzle } = record!;
    const allWhite = Array.from({ length: puzzle.rows * puzzle.cols }, () => false);
    expect(checkShading(puzzle, allWhite)).not.toEqual([]);
    await expect(makeCertificate(puzzle, { solved: { status: 'unique', solutions: [allWhite] } })).rejects.toThrow(
      /^a solution given with the verdict unique is not one: /,
    );
    // The puzzle has a solution (the published one): "none" cannot be refuted, and is not certified.
    expect(checkShading(puzzle, record!.solution!)).toEqual([]);
    await expect(makeCertificate(puzzle, { solved: { status: 'none', solutions: [] } })).rejects.toThrow();
    await expect(makeCertificate(puzzle, { solved: { status: 'multiple', solutions: [record!.solution!] } })).rejects.toThrow(
      /^the verdict multiple came with 1 solution\(s\)$/,
    );
  }, 60_000);
});

describe('a certificate too large to hold', () => {
  test('is refused with its size before the solve: a 200x200 grid whose layered CNF has billions of literals', async () => {
    const n = 200;
    const puzzle = { rows: n, cols: n, values: Array.from({ length: n * n }, (_, i) => ((Math.floor(i / n) + (i % n)) % n) + 1) };
    let solved = false;
    await expect(
      withCertificate({ command: 'solve', puzzle, certificate: true }, Limit.none, async () => {
        solved = true;
        throw new Error('not reached');
      }),
    ).rejects.toThrow(
      /^the 200x200 grid is too large for the layered CNF: .* literals allowed; a certificate holds the complete layered CNF/,
    );
    expect(solved).toBe(false);
  });
});

describe('the external prover', () => {
  test.runIf(existsSync('/usr/bin/cadical'))(
    "Debian's cadical writes a DRAT proof that verify accepts",
    async () => {
      const certificate = await makeCertificate(example('janko-037.txt'), {
        deductions: false,
        prover: externalProver(),
        selfCheck: false,
      });
      expect(certificate.manifest.proof).toMatchObject({ kind: 'sat' });
      expect(certificate.manifest.proof!.solver).toMatch(/cadical \(DRAT\)/);
      expect(verifyCertificate(certificate.files)).toMatchObject({ ok: true });
    },
    60_000,
  );

  test('a missing solver program is a one-line solver error naming the way out', async () => {
    const made = makeCertificate(example('janko-002.txt'), { deductions: false, prover: externalProver('/nonexistent/cadical') });
    await expect(made).rejects.toMatchObject({ kind: 'solver' });
    await expect(made).rejects.toThrow(/^external: no DRAT-writing solver: .*install Debian's cadical[^\n]*$/);
  });
});
