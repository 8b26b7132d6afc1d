import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { DratWriter } from '../../src/certify/drat-writer.js';
import { type CertificateFiles, makeCertificate, verifyCertificate } from '../../src/certify/index.js';
import { formatText, parseText } from '../../src/formats/text.js';
import { dratSteps } from '../../src/sat/drat-check.js';

const example = (name: string) => parseText(readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8'), name);
const text = (content: string | Uint8Array | undefined): string =>
  typeof content === 'string' ? content : new TextDecoder().decode(content ?? new Uint8Array());

let unique: CertificateFiles;
let other: CertificateFiles;

beforeAll(async () => {
  unique = (await makeCertificate(example('janko-002.txt'))).files;
  other = (await makeCertificate(example('janko-001.txt'))).files;
});

/** The certificate with one file replaced. */
const with_ = (files: CertificateFiles, name: string, content: string | Uint8Array): CertificateFiles => ({ ...files, [name]: content });

const problem = (files: CertificateFiles): string => {
  const result = verifyCertificate(files);
  if (result.ok) throw new Error('the corrupted certificate was accepted');
  return result.problem;
};

describe('each corruption is rejected with its own message', () => {
  test('a changed number in the puzzle', () => {
    const puzzle = parseText(text(unique['puzzle.txt']));
    const values = [...puzzle.values];
    values[7] = values[7]! + 1;
    expect(problem(with_(unique, 'puzzle.txt', formatText({ ...puzzle, values })))).toMatch(
      /^puzzle\.txt is not the puzzle certified: its numbers were changed/,
    );
  });

  test('a flipped literal in the CNF', () => {
    const lines = text(unique['formula.cnf']).split('\n');
    const k = lines.findIndex((line, n) => n > 0 && /^-?\d/.test(line) && lines[n - 1]!.startsWith('p '));
    // The tenth clause after the header, its first literal negated.
    const at = k + 9;
    const [first, ...rest] = lines[at]!.split(' ');
    lines[at] = [String(-Number(first)), ...rest].join(' ');
    expect(problem(with_(unique, 'formula.cnf', lines.join('\n')))).toMatch(
      /^formula\.cnf differs from the CNF rebuilt from puzzle\.txt at clause 10: /,
    );
  });

  test('a CNF of another puzzle', () => {
    expect(problem(with_(unique, 'formula.cnf', other['formula.cnf']!))).toMatch(/^formula\.cnf encodes another puzzle/);
  });

  test('a CNF of another size with its puzzle line removed', () => {
    const cnf = text(other['formula.cnf'])
      .split('\n')
      .filter((line) => !line.includes('fingerprint'))
      .join('\n');
    expect(problem(with_(unique, 'formula.cnf', cnf))).toMatch(
      /^formula\.cnf is not the CNF of puzzle\.txt: it has \d+ variables and \d+ clauses/,
    );
  });

  test('a truncated proof', () => {
    // Its first half, step by step: the cells of the second half are left unproven.
    const steps = [...dratSteps(unique['proof.drat'] as Uint8Array)];
    const writer = new DratWriter();
    writer.append(steps.slice(0, steps.length >> 1));
    expect(problem(with_(unique, 'proof.drat', writer.finish()))).toMatch(
      /^proof\.drat does not refute formula\.cnf: the proof does not derive the empty clause$/,
    );
  });

  test('a proof cut inside a clause', () => {
    const proof = unique['proof.drat'] as Uint8Array;
    // Cut just before the 0 that ends a lemma in the middle: the file ends inside that clause.
    const cut = proof.findIndex((byte, k) => k > proof.length / 2 && byte === 0);
    expect(problem(with_(unique, 'proof.drat', proof.slice(0, cut)))).toMatch(
      /^proof\.drat does not refute formula\.cnf: binary DRAT: the proof ends inside a clause$/,
    );
  });

  test('an altered proof lemma', () => {
    const steps = [...dratSteps(unique['proof.drat'] as Uint8Array)];
    const k = steps.findIndex((s) => !s.deleted && s.lits.length === 1);
    steps[k] = { deleted: false, lits: [-steps[k]!.lits[0]!] };
    const writer = new DratWriter();
    writer.append(steps);
    expect(problem(with_(unique, 'proof.drat', writer.finish()))).toMatch(
      /^proof\.drat does not refute formula\.cnf: step \d+: the clause -?\d+ 0 is neither RUP nor RAT$/,
    );
  });

  test('a wrong shading', () => {
    const rows = text(unique['solution.txt']).trimEnd().split('\n');
    rows[0] = rows[0]!.startsWith('#') ? `.${rows[0]!.slice(1)}` : `#${rows[0]!.slice(1)}`;
    expect(problem(with_(unique, 'solution.txt', `${rows.join('\n')}\n`))).toMatch(/^solution\.txt is not a solution of the puzzle: /);
  });

  test('a wrong verdict in the manifest', () => {
    const manifest = JSON.parse(text(unique['manifest.json'])) as Record<string, unknown>;
    expect(problem(with_(unique, 'manifest.json', JSON.stringify({ ...manifest, verdict: 'none' })))).toMatch(
      /^the verdict none does not fit the certificate: it needs no solution and a proof, the certificate has 1 solution\(s\)/,
    );
  });

  test('a missing file', () => {
    const { 'formula.cnf': _, ...rest } = unique;
    expect(problem(rest)).toBe('formula.cnf is missing');
  });

  test('the messages of the corruptions above are all different', () => {
    const puzzle = parseText(text(unique['puzzle.txt']));
    const messages = [
      problem(with_(unique, 'puzzle.txt', formatText({ ...puzzle, values: puzzle.values.map((v, i) => (i === 0 ? v + 1 : v)) }))),
      problem(with_(unique, 'formula.cnf', other['formula.cnf']!)),
      problem(with_(unique, 'solution.txt', text(unique['solution.txt']).replace('.', '#'))),
      problem(with_(unique, 'manifest.json', text(unique['manifest.json']).replace('"unique"', '"multiple"'))),
      problem(with_(unique, 'proof.drat', new Uint8Array(0))),
    ].map((m) => m.split(':')[0]);
    expect(new Set(messages).size).toBe(messages.length);
  });
});

test('a manifest that is not a certificate’s is refused, not thrown', () => {
  expect(problem(with_(unique, 'manifest.json', '{"format": "hitori-sat certificate 1"}'))).toBe(
    'manifest.json: no puzzle or no cnf entry',
  );
  expect(problem(with_(unique, 'manifest.json', '[1, 2'))).toMatch(/^manifest\.json is not JSON: /);
});
