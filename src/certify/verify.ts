/**
 * Checks a certificate (layout.ts) trusting none of its files: it rebuilds the CNF from the
 * puzzle and compares it with the one given, judges each solution with the independent checker
 * (src/puzzle/check.ts), and checks the proof against the CNF with src/sat/drat-check.ts, which
 * shares no code with the encoders. What it trusts: the encoding of the rules (which it rebuilds,
 * docs/encodings.md), the checker of shadings and the DRAT checker.
 *
 * The checks run in an order that names a corruption by what was corrupted: the manifest, the
 * puzzle against the manifest's fingerprint, the verdict against the files present, each
 * solution, the CNF (another puzzle's, then clause by clause), the proof.
 */
import { TimeoutError } from '../control/errors.js';
import type { Limit } from '../control/limit.js';
import { parseText } from '../formats/text.js';
import { parseShadingFile } from '../maxblack/maxblack-shading.js';
import { checkShading } from '../puzzle/check.js';
import { conventions, type Convention } from '../puzzle/convention.js';
import { type Puzzle, type Shading, sameShading } from '../puzzle/puzzle.js';
import type { Cnf } from '../sat/cnf.js';
import { checkDrat } from '../sat/drat-check.js';
import { certificateCnf } from './formula.js';
import { certificateFormat, type CertifiedVerdict, fileNames, type Manifest, puzzleFingerprint } from './layout.js';

export type VerifyResult =
  | { readonly ok: true; readonly verdict: CertifiedVerdict; readonly proofKind: string | null }
  | { readonly ok: false; readonly problem: string };

/** A failed check, carrying its message out of the sequence of checks. */
class Rejected extends Error {}

const reject = (problem: string): never => {
  throw new Rejected(problem);
};

function text(files: Readonly<Record<string, string | Uint8Array>>, name: string): string {
  const content = files[name];
  if (content === undefined) return reject(`${name} is missing`);
  return typeof content === 'string' ? content : new TextDecoder().decode(content);
}

function bytes(files: Readonly<Record<string, string | Uint8Array>>, name: string): Uint8Array {
  const content = files[name];
  if (content === undefined) return reject(`${name} is missing`);
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}

function readManifest(files: Readonly<Record<string, string | Uint8Array>>): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text(files, fileNames.manifest)) as Manifest;
  } catch (error) {
    if (error instanceof Rejected) throw error;
    return reject(`${fileNames.manifest} is not JSON: ${(error as Error).message}`);
  }
  if (manifest?.format !== certificateFormat)
    reject(`${fileNames.manifest} is not a hitori-sat certificate (format "${certificateFormat}")`);
  if (typeof manifest.puzzle !== 'object' || manifest.puzzle === null || typeof manifest.cnf !== 'object' || manifest.cnf === null)
    reject(`${fileNames.manifest}: no puzzle or no cnf entry`);
  if (!['unique', 'none', 'multiple'].includes(manifest.verdict))
    reject(`${fileNames.manifest}: unknown verdict "${String(manifest.verdict)}"`);
  if (!(conventions as readonly string[]).includes(manifest.cnf?.convention)) reject(`${fileNames.manifest}: unknown convention`);
  if (!Array.isArray(manifest.solutions)) reject(`${fileNames.manifest}: no list of solutions`);
  return manifest;
}

function readPuzzle(files: Readonly<Record<string, string | Uint8Array>>, manifest: Manifest): Puzzle {
  let puzzle: Puzzle;
  try {
    puzzle = parseText(text(files, fileNames.puzzle));
  } catch (error) {
    if (error instanceof Rejected) throw error;
    return reject(`${fileNames.puzzle} is not a puzzle: ${(error as Error).message}`);
  }
  if (puzzle.rows !== manifest.puzzle.rows || puzzle.cols !== manifest.puzzle.cols)
    reject(
      `${fileNames.puzzle} is ${puzzle.rows}x${puzzle.cols}, the certificate is for a ${manifest.puzzle.rows}x${manifest.puzzle.cols}`,
    );
  const fingerprint = puzzleFingerprint(puzzle);
  if (fingerprint !== manifest.puzzle.fingerprint)
    reject(
      `${fileNames.puzzle} is not the puzzle certified: its numbers were changed (fingerprint ${fingerprint}, the manifest's ${manifest.puzzle.fingerprint})`,
    );
  return puzzle;
}

/** The verdict against what the certificate holds: one solution and a proof, none and a proof, or two solutions. */
function checkVerdictShape(manifest: Manifest, files: Readonly<Record<string, string | Uint8Array>>): void {
  const { verdict, solutions, proof } = manifest;
  const needs =
    verdict === 'unique'
      ? solutions.length === 1 && proof !== null && manifest.cnf.blocksSolution
      : verdict === 'none'
        ? solutions.length === 0 && proof !== null && !manifest.cnf.blocksSolution
        : solutions.length >= 2 && proof === null && !manifest.cnf.blocksSolution;
  if (!needs) {
    const what =
      verdict === 'unique'
        ? 'one solution, a proof and a CNF that blocks the solution'
        : verdict === 'none'
          ? 'no solution and a proof'
          : 'two or more solutions and no proof';
    reject(
      `the verdict ${verdict} does not fit the certificate: it needs ${what}, the certificate has ${solutions.length} solution(s) and ${proof === null ? 'no proof' : 'a proof'}`,
    );
  }
  for (const name of solutions) if (files[name] === undefined) reject(`${name} is missing`);
}

function readSolutions(
  files: Readonly<Record<string, string | Uint8Array>>,
  manifest: Manifest,
  puzzle: Puzzle,
  convention: Convention,
): Shading[] {
  const out: Shading[] = [];
  for (const name of manifest.solutions) {
    let shading: boolean[];
    try {
      const parsed = parseShadingFile(text(files, name));
      if (parsed.rows !== puzzle.rows || parsed.cols !== puzzle.cols)
        reject(`${name} is ${parsed.rows}x${parsed.cols}, the puzzle ${puzzle.rows}x${puzzle.cols}`);
      shading = parsed.shading;
    } catch (error) {
      if (error instanceof Rejected) throw error;
      return reject(`${name} is not a shading: ${(error as Error).message}`);
    }
    const violations = checkShading(puzzle, shading, convention);
    if (violations.length > 0) reject(`${name} is not a solution of the puzzle: ${violations[0]!.message}`);
    const same = out.findIndex((other) => sameShading(other, shading));
    if (same >= 0) reject(`${name} is the same shading as ${manifest.solutions[same]}`);
    out.push(shading);
  }
  return out;
}

/**
 * The CNF given (DIMACS text) against the one rebuilt from the puzzle: the puzzle its comment
 * names, its header, then clause by clause. Read in one pass over the character codes rather
 * than parsed into a CNF: a layered 17x17 is 3 MB of DIMACS, and parsing it cost more than
 * checking the proof.
 */
function checkCnf(given: string, expected: Cnf, puzzle: Puzzle): void {
  const fingerprint = puzzleFingerprint(puzzle);
  const { lits, ends } = expected.flat();
  let clause = 0;
  let k = 0;
  let header = false;
  let line = 1;
  const length = given.length;
  let at = 0;
  const notDimacs = (why: string): never => reject(`${fileNames.cnf} is not DIMACS: line ${line}: ${why}`);
  while (at < length) {
    const ch = given.charCodeAt(at);
    if (ch === 10) {
      line++;
      at++;
      continue;
    }
    if (ch === 32 || ch === 9 || ch === 13) {
      at++;
      continue;
    }
    if (ch === 99 /* c */ || ch === 112 /* p */) {
      let end = given.indexOf('\n', at);
      if (end < 0) end = length;
      const text = given.slice(at, end);
      at = end;
      if (ch === 99) {
        const named = /fingerprint ([0-9a-f]{8})/.exec(text)?.[1];
        if (named !== undefined && named !== fingerprint)
          reject(`${fileNames.cnf} encodes another puzzle (fingerprint ${named}, ${fileNames.puzzle}'s ${fingerprint})`);
        continue;
      }
      const m = /^p\s+cnf\s+(\d+)\s+(\d+)\s*$/.exec(text);
      if (m === null || header) notDimacs(`"${text.slice(0, 40)}" is not one "p cnf VARIABLES CLAUSES" header`);
      header = true;
      if (Number(m![1]) !== expected.numVars || Number(m![2]) !== expected.numClauses)
        reject(
          `${fileNames.cnf} is not the CNF of ${fileNames.puzzle}: it has ${m![1]} variables and ${m![2]} clauses, the rebuilt CNF ${expected.numVars} and ${expected.numClauses}`,
        );
      continue;
    }
    if (!header) notDimacs('a clause before the "p cnf" header');
    // One literal.
    let sign = 1;
    let p = at;
    if (ch === 45) {
      sign = -1;
      p++;
    }
    let value = 0;
    const digits = p;
    for (; p < length; p++) {
      const d = given.charCodeAt(p) - 48;
      if (d < 0 || d > 9) break;
      value = value * 10 + d;
    }
    const next = p < length ? given.charCodeAt(p) : 32;
    if (p === digits || !(next === 32 || next === 10 || next === 9 || next === 13))
      notDimacs(`"${given.slice(at, at + 12).split(/\s/)[0]}" is not a literal`);
    at = p;
    const lit = sign * value;
    const end = ends[clause];
    const same = end !== undefined && (lit === 0 ? k === end : k < end && lits[k] === lit);
    if (!same) {
      // The given clause in full, for the message: from its first literal to its 0.
      const from = clause === 0 ? 0 : ends[clause - 1]!;
      const head = Array.from(lits.subarray(from, Math.min(k, end ?? k)));
      const rest = given
        .slice(at)
        .split(/\s0(\s|$)/, 1)[0]!
        .trim();
      const shown = lit === 0 ? head : [...head, lit, ...(rest === '' ? [] : rest.split(/\s+/).map(Number))];
      reject(
        end === undefined
          ? `${fileNames.cnf} has more clauses than its header says`
          : `${fileNames.cnf} differs from the CNF rebuilt from ${fileNames.puzzle} at clause ${clause + 1}: "${shown.join(' ')} 0", expected "${expected.clause(clause).join(' ')} 0"`,
      );
    }
    if (lit === 0) clause++;
    else k++;
  }
  if (!header) notDimacs('no "p cnf" header');
  if (clause < ends.length) reject(`${fileNames.cnf} ends at clause ${clause + 1} of ${ends.length}`);
}

export interface VerifyOptions {
  /** Past it the proof check gives up with the limit's TimeoutError (no verdict on the proof). */
  readonly limit?: Limit;
}

/** Checks a certificate's files; ok, or the first thing that does not hold. */
export function verifyCertificate(files: Readonly<Record<string, string | Uint8Array>>, options: VerifyOptions = {}): VerifyResult {
  try {
    const manifest = readManifest(files);
    const puzzle = readPuzzle(files, manifest);
    checkVerdictShape(manifest, files);
    const { convention } = manifest.cnf;
    const solutions = readSolutions(files, manifest, puzzle, convention);
    const expected = certificateCnf(puzzle, convention, manifest.verdict === 'unique' ? solutions[0] : undefined).cnf;
    checkCnf(text(files, fileNames.cnf), expected, puzzle);
    if (manifest.proof !== null) {
      let reason: string | undefined;
      try {
        const result = checkDrat(expected, bytes(files, fileNames.proof), options.limit === undefined ? {} : { limit: options.limit });
        reason = result.verified ? undefined : result.reason;
      } catch (error) {
        if (error instanceof Rejected || error instanceof TimeoutError) throw error;
        reason = (error as Error).message;
      }
      if (reason !== undefined) reject(`${fileNames.proof} does not refute ${fileNames.cnf}: ${reason}`);
    }
    return { ok: true, verdict: manifest.verdict, proofKind: manifest.proof?.kind ?? null };
  } catch (error) {
    if (error instanceof Rejected) return { ok: false, problem: error.message };
    throw error;
  }
}
