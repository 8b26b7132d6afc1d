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
import { type DimacsClauses, DimacsSyntaxError, dimacsBytes, readDimacsBytes } from './dimacs-bytes.js';
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

/** Whether two byte arrays are equal, compared four bytes at a time where both are aligned. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let k = 0;
  if (a.byteOffset % 4 === 0 && b.byteOffset % 4 === 0) {
    const words = a.length >>> 2;
    const wa = new Int32Array(a.buffer, a.byteOffset, words);
    const wb = new Int32Array(b.buffer, b.byteOffset, words);
    for (let w = 0; w < words; w++) if (wa[w] !== wb[w]) return false;
    k = 4 * words;
  }
  for (; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * The CNF given (DIMACS) against the one rebuilt from the puzzle. First as the maker writes it:
 * equal bytes are the same comments (the puzzle's fingerprint), header and clauses. Otherwise,
 * for another layout of DIMACS and for a message naming what differs: the puzzle its comment
 * names, its header, then clause by clause, read from the bytes into flat arrays
 * (dimacs-bytes.ts). A layered 17x17 is 2.9 MB of DIMACS: a string of it, or one per line, cost
 * more than checking the proof, and writing the rebuilt CNF's bytes costs less than reading them.
 */
function checkCnf(given: Uint8Array, expected: Cnf, puzzle: Puzzle): void {
  if (sameBytes(given, dimacsBytes(expected))) return;
  let read: DimacsClauses;
  try {
    read = readDimacsBytes(given);
  } catch (error) {
    if (error instanceof DimacsSyntaxError) reject(`${fileNames.cnf} is not DIMACS: line ${error.line}: ${error.message}`);
    throw error;
  }
  const fingerprint = puzzleFingerprint(puzzle);
  for (const comment of read.comments) {
    const named = /fingerprint ([0-9a-f]{8})/.exec(comment)?.[1];
    if (named !== undefined && named !== fingerprint)
      reject(`${fileNames.cnf} encodes another puzzle (fingerprint ${named}, ${fileNames.puzzle}'s ${fingerprint})`);
  }
  if (read.numVars !== expected.numVars || read.numClauses !== expected.numClauses)
    reject(
      `${fileNames.cnf} is not the CNF of ${fileNames.puzzle}: it has ${read.numVars} variables and ${read.numClauses} clauses, the rebuilt CNF ${expected.numVars} and ${expected.numClauses}`,
    );
  const { lits, ends } = expected.flat();
  const count = Math.min(read.ends.length, ends.length);
  for (let clause = 0, start = 0; clause < count; start = ends[clause++]!) {
    const end = ends[clause]!;
    let same = read.ends[clause] === end;
    for (let k = start; k < end && same; k++) same = read.lits[k] === lits[k];
    if (!same) {
      const shown = Array.from(read.lits.subarray(start, read.ends[clause]!)).join(' ');
      reject(
        `${fileNames.cnf} differs from the CNF rebuilt from ${fileNames.puzzle} at clause ${clause + 1}: "${shown}${shown === '' ? '' : ' '}0", expected "${expected.clause(clause).join(' ')} 0"`,
      );
    }
  }
  if (read.ends.length > ends.length) reject(`${fileNames.cnf} has more clauses than its header says`);
  if (read.ends.length < ends.length) reject(`${fileNames.cnf} ends at clause ${read.ends.length + 1} of ${ends.length}`);
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
    checkCnf(bytes(files, fileNames.cnf), expected, puzzle);
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
