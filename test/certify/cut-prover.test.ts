import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { DratWriter } from '../../src/certify/drat-writer.js';
import { type Certificate, makeCertificate, verifyCertificate } from '../../src/certify/index.js';
import { wasmProver } from '../../src/certify/wasm-prover.js';
import { parseJsonLines } from '../../src/formats/json.js';
import { parseText } from '../../src/formats/text.js';
import { parseShadingFile } from '../../src/maxblack/maxblack-shading.js';
import { sameShading } from '../../src/puzzle/puzzle.js';
import { dratSteps } from '../../src/sat/drat-check.js';
import { bruteForceSolutions, fromMask, mulberry32, randomGrid } from '../support/brute-force.js';

const text = (content: string | Uint8Array | undefined): string =>
  typeof content === 'string' ? content : new TextDecoder().decode(content ?? new Uint8Array());
const example = (name: string) => parseText(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'), name);

/** janko 599 (17x17): the deduction core leaves cells open, so its certificate needs a SAT part. */
const janko599 = parseJsonLines(readFileSync(new URL('../../bench/sets/janko/hitori_17x17.jsonl', import.meta.url), 'utf8')).find(
  (record) => record.puzzle.id === 'janko-599',
)!;

let certificate: Certificate;

beforeAll(async () => {
  certificate = await makeCertificate(janko599.puzzle);
}, 60_000);

const problem = (proof: Uint8Array): string => {
  const result = verifyCertificate({ ...certificate.files, 'proof.drat': proof });
  if (result.ok) throw new Error('the corrupted certificate was accepted');
  return result.problem;
};

/** The manifest's name of the SAT part proven on the rules with cuts (cut-prover.ts). */
const cutProverName = /^cadical-wasm on rules 1 and 2 with connectivity cuts/;

describe('the SAT part proven on the rules with connectivity cuts', () => {
  test('a 17x17 the deductions leave open: the published solution, a proof over the shading variables alone, accepted', () => {
    const { manifest, files } = certificate;
    expect(manifest.verdict).toBe('unique');
    const published = janko599.solution!.flat().map((v) => v === 1);
    expect(sameShading(parseShadingFile(text(files['solution.txt'])).shading, published)).toBe(true);
    expect(manifest.proof).toMatchObject({ kind: 'deduction+sat', solver: expect.stringMatching(cutProverName) });
    expect(manifest.proof!.cellsDeduced).toBeLessThan(17 * 17);
    // After the deduction lemmas, every lemma names cells only (variables 1..289), no layer.
    const steps = [...dratSteps(files['proof.drat'] as Uint8Array)];
    const sat = steps.slice(manifest.proof!.deductionLemmas);
    expect(sat.length).toBe(manifest.proof!.satLemmas);
    for (const step of sat) for (const lit of step.lits) expect(Math.abs(lit)).toBeLessThanOrEqual(17 * 17);
    expect(sat.at(-1)!.lits).toEqual([]);
    expect(verifyCertificate(files)).toEqual({ ok: true, verdict: 'unique', proofKind: 'deduction+sat' });
  });

  test('random 4x4s with no or one solution (brute force) are certified with that verdict, SAT alone and deductions first', async () => {
    const rng = mulberry32(33);
    let none = 0;
    let unique = 0;
    for (let n = 0; n < 60 && (none < 6 || unique < 6); n++) {
      const grid = randomGrid(rng, 4, 4, 8);
      const solutions = bruteForceSolutions(grid);
      if (solutions.length > 1) continue;
      if (solutions.length === 0) none++;
      else unique++;
      for (const deductions of [false, true]) {
        const made = await makeCertificate(grid, { deductions, selfCheck: false });
        expect(made.verdict, grid.id).toBe(solutions.length === 0 ? 'none' : 'unique');
        if (solutions.length === 1) {
          const shading = parseShadingFile(text(made.files['solution.txt'])).shading;
          expect(sameShading(shading, fromMask(solutions[0]!, 16)), grid.id).toBe(true);
        }
        if (!deductions) expect(made.manifest.proof).toMatchObject({ kind: 'sat', solver: expect.stringMatching(cutProverName) });
        expect(verifyCertificate(made.files), grid.id).toMatchObject({ ok: true });
      }
    }
    expect(none).toBeGreaterThan(0);
    expect(unique).toBeGreaterThan(0);
  }, 60_000);

  test('a cut lemma with a flipped literal is rejected at that step', () => {
    const steps = [...dratSteps(certificate.files['proof.drat'] as Uint8Array)];
    // The first lemma of the SAT part naming two cells or more: a seed or a cut, neither a unit nor learned.
    const k = steps.findIndex((s, n) => n >= certificate.manifest.proof!.deductionLemmas && s.lits.length > 1);
    const [first, ...rest] = steps[k]!.lits;
    steps[k] = { deleted: false, lits: [-first!, ...rest] };
    const writer = new DratWriter();
    writer.append(steps);
    expect(problem(writer.finish())).toBe(
      `proof.drat does not refute formula.cnf: step ${k + 1}: the clause ${steps[k]!.lits.join(' ')} 0 is neither RUP nor RAT`,
    );
  });

  test('the SAT part cut off after its first lemmas is rejected', () => {
    const steps = [...dratSteps(certificate.files['proof.drat'] as Uint8Array)];
    const writer = new DratWriter();
    writer.append(steps.slice(0, certificate.manifest.proof!.deductionLemmas + 10));
    expect(problem(writer.finish())).toBe('proof.drat does not refute formula.cnf: the proof does not derive the empty clause');
  });
});

test('a prover given the whole layered CNF (CaDiCaL in WebAssembly) still makes a proof verify accepts', async () => {
  const made = await makeCertificate(example('janko-002.txt'), { deductions: false, prover: wasmProver, selfCheck: false });
  expect(made.manifest.proof).toMatchObject({ kind: 'sat', solver: 'cadical-wasm (learned clauses, DRUP)' });
  expect(verifyCertificate(made.files)).toMatchObject({ ok: true, proofKind: 'sat' });
});
