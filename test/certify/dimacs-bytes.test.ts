/**
 * The certificate's DIMACS bytes against the project's string DIMACS (src/sat/dimacs.ts), an
 * independent writer and parser: the bytes written are the text `toDimacs` writes, and what is
 * read from any layout of a CNF (comments, CRLF, tabs, a clause over several lines, no final
 * newline) is what `parseDimacs` reads from it; what it refuses is refused with its line. Then
 * `verify` on the same layouts of a real certificate's CNF.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { DimacsSyntaxError, dimacsBytes, readDimacsBytes } from '../../src/certify/dimacs-bytes.js';
import { type CertificateFiles, makeCertificate, verifyCertificate } from '../../src/certify/index.js';
import { parseText } from '../../src/formats/text.js';
import { Cnf } from '../../src/sat/cnf.js';
import { parseDimacs, toDimacs } from '../../src/sat/dimacs.js';

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (content: string | Uint8Array | undefined): string =>
  typeof content === 'string' ? content : new TextDecoder().decode(content ?? new Uint8Array());

/** What parseDimacs reads, in the reader's shape. */
function parsed(source: string) {
  const cnf = parseDimacs(source);
  const { lits, ends } = cnf.flat();
  return { comments: cnf.comments, numVars: cnf.numVars, numClauses: cnf.numClauses, lits: [...lits], ends: [...ends] };
}

function read(source: string) {
  const r = readDimacsBytes(bytes(source));
  return { comments: r.comments, numVars: r.numVars, numClauses: r.numClauses, lits: [...r.lits], ends: [...r.ends] };
}

/** The line of the syntax error reading `source` throws, and its message. */
function refusal(source: string): { line: number; message: string } {
  try {
    readDimacsBytes(bytes(source));
  } catch (error) {
    if (error instanceof DimacsSyntaxError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('read without an error');
}

describe('dimacsBytes writes the text toDimacs writes', () => {
  test('with comments (one empty), an empty clause, negative literals and every width of variable', () => {
    const cnf = new Cnf();
    cnf.comments.push('a comment', '', 'fingerprint 0123abcd');
    const widths = [1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 12345678, 2 ** 31 - 1];
    for (const v of widths) cnf.add([v, -v]);
    cnf.add([]);
    cnf.add([-3, 7, -(2 ** 31 - 1)]);
    expect(text(dimacsBytes(cnf))).toBe(toDimacs(cnf));
  });

  test("with a certificate's layered CNF of a 17x17", async () => {
    const puzzle = parseText(readFileSync(new URL('../../examples/janko-037.txt', import.meta.url), 'utf8'));
    const certificate = await makeCertificate(puzzle, { selfCheck: false });
    const written = certificate.files['formula.cnf'];
    expect(written).toBeInstanceOf(Uint8Array);
    expect(parseDimacs(text(written)).numClauses).toBeGreaterThan(100_000);
    expect(text(dimacsBytes(parseDimacs(text(written))))).toBe(text(written));
  }, 60_000);
});

describe('readDimacsBytes reads what parseDimacs reads', () => {
  const layouts: Record<string, string> = {
    plain: 'c first\nc\np cnf 4 3\n1 -2 0\n3 4 -1 0\n-4 0\n',
    CRLF: 'c first\r\nc\r\np cnf 4 3\r\n1 -2 0\r\n3 4 -1 0\r\n-4 0\r\n',
    'tabs and runs of spaces': 'c first\np  cnf\t4 3\n\t1   -2 0\n3\t4 -1 0  \n  -4 0\n',
    'a clause over several lines, two on one line': 'p cnf 4 3\n1\n-2\n0 3 4\n-1 0 -4\n0\n',
    'no final newline': 'p cnf 4 3\n1 -2 0\n3 4 -1 0\n-4 0',
    'comments between clauses': 'p cnf 4 3\nc one\n1 -2 0\nc two\n3 4 -1 0\n-4 0\nc last',
    'an empty clause': 'p cnf 2 2\n1 2 0\n0\n',
    "SATLIB's closing %": 'p cnf 4 3\n1 -2 0\n3 4 -1 0\n-4 0\n%\n0\n',
  };
  for (const [name, source] of Object.entries(layouts))
    test(name, () => {
      expect(read(source)).toEqual(parsed(source));
    });

  test('and refuses what it refuses, naming the line', () => {
    expect(refusal('p cnf 3 2\n1 2 0\n-3 1\n')).toEqual({ line: 3, message: 'the last clause is not closed by 0' });
    expect(refusal('p cnf 3 1\n1 2\n3\n')).toEqual({ line: 2, message: 'the last clause is not closed by 0' });
    expect(refusal('p cnf 3 1\n1 x 0\n')).toEqual({ line: 2, message: '"x" is not a literal' });
    expect(refusal('p cnf 3 1\n1 2.5 0\n')).toEqual({ line: 2, message: '"2.5" is not a literal' });
    expect(refusal('p cnf 3 1\n1 -4 0\n')).toEqual({ line: 2, message: 'literal -4 exceeds the 3 variables of the header' });
    expect(refusal('c x\n1 2 0\np cnf 3 1\n')).toEqual({ line: 2, message: 'clauses before the "p cnf" header' });
    expect(refusal('p cnf 3 1\np cnf 3 1\n1 0\n')).toEqual({ line: 2, message: 'a second "p cnf" header' });
    expect(refusal('p cnf 3\n1 0\n').message).toMatch(/^bad header "p cnf 3"/);
    expect(refusal('c only\n').message).toBe('no "p cnf" header');
    // Each is refused by parseDimacs too.
    for (const source of ['p cnf 3 2\n1 2 0\n-3 1\n', 'p cnf 3 1\n1 x 0\n', 'p cnf 3 1\n1 -4 0\n', 'c x\n1 2 0\np cnf 3 1\n'])
      expect(() => parseDimacs(source), source).toThrow();
  });
});

describe('verify reads a certificate CNF laid out otherwise', () => {
  let files: CertificateFiles;
  beforeAll(async () => {
    const puzzle = parseText(readFileSync(new URL('../../examples/janko-002.txt', import.meta.url), 'utf8'));
    files = (await makeCertificate(puzzle)).files;
  });
  const withCnf = (cnf: string | Uint8Array) => verifyCertificate({ ...files, 'formula.cnf': cnf });

  test('the same clauses with CRLF, an added comment and every clause split over two lines: accepted, as text or bytes', () => {
    const lines = text(files['formula.cnf']).trimEnd().split('\n');
    const relaid = lines.map((line) => (/^-?\d+ .* 0$/.test(line) ? line.replace(/ (\S+ 0)$/, '\r\n$1') : line));
    const cnf = `c laid out by hand\r\n${relaid.join('\r\n')}`;
    expect(cnf).not.toBe(text(files['formula.cnf']));
    expect(parseDimacs(cnf).flat()).toEqual(parseDimacs(text(files['formula.cnf'])).flat());
    expect(withCnf(cnf)).toMatchObject({ ok: true });
    expect(withCnf(bytes(cnf))).toMatchObject({ ok: true });
  });

  test('the last clause without its 0: not DIMACS, on the line of that clause', () => {
    const lines = text(files['formula.cnf']).trimEnd().split('\n');
    lines[lines.length - 1] = lines[lines.length - 1]!.replace(/ 0$/, '');
    const result = withCnf(`${lines.join('\n')}\n`);
    expect(result).toEqual({ ok: false, problem: `formula.cnf is not DIMACS: line ${lines.length}: the last clause is not closed by 0` });
  });

  test('one clause fewer than its header says, and one more', () => {
    const source = text(files['formula.cnf']);
    const clauses = parseDimacs(source).numClauses;
    const lines = source.trimEnd().split('\n');
    expect(withCnf(`${lines.slice(0, -1).join('\n')}\n`)).toEqual({
      ok: false,
      problem: `formula.cnf ends at clause ${clauses} of ${clauses}`,
    });
    expect(withCnf(`${source}1 0\n`)).toEqual({ ok: false, problem: 'formula.cnf has more clauses than its header says' });
  });
});
