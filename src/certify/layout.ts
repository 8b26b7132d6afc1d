/**
 * What a certificate directory holds, as plain data (file name -> content), so that the library
 * makes and checks it in a browser as well as under Node; the caller writes or reads the files.
 *
 *   manifest.json   verdict, files, encoding options, which kind of proof
 *   puzzle.txt      the puzzle, one row per line
 *   formula.cnf     the complete CNF in DIMACS (distance-layer connectivity, uniqueness pairs,
 *                   non-adjacency, the convention's rule; for `unique` also the clause blocking
 *                   the shading found)
 *   solution.txt    (`unique`) the shading found; `solution-1.txt`, `solution-2.txt`, ...
 *                   (`multiple`): '#' shaded, '.' unshaded, one line per row
 *   proof.drat      (`unique`, `none`) a binary DRAT refutation of formula.cnf
 *   README.txt      how to check it, with the project and with third-party checkers
 */
import type { Convention } from '../puzzle/convention.js';
import type { Puzzle } from '../puzzle/puzzle.js';

export const certificateFormat = 'hitori-sat certificate 1';

export const fileNames = {
  manifest: 'manifest.json',
  puzzle: 'puzzle.txt',
  cnf: 'formula.cnf',
  proof: 'proof.drat',
  readme: 'README.txt',
} as const;

/** The shading files of a verdict with `count` solutions. */
export function solutionFiles(count: number): string[] {
  return count === 1 ? ['solution.txt'] : Array.from({ length: count }, (_, k) => `solution-${k + 1}.txt`);
}

/**
 * How the refutation was made: `deduction` (the deduction core's cells as RUP lemmas, then the
 * empty clause), `deduction+sat` (those lemmas for the cells deduced, then a SAT solver's proof
 * of the rest), `sat` (a SAT solver's proof alone).
 */
export type ProofKind = 'deduction' | 'deduction+sat' | 'sat';

export type CertifiedVerdict = 'unique' | 'none' | 'multiple';

export interface Manifest {
  readonly format: typeof certificateFormat;
  readonly verdict: CertifiedVerdict;
  /** The puzzle's size and a fingerprint of its numbers, to tell a changed puzzle from a changed CNF. */
  readonly puzzle: { readonly file: string; readonly rows: number; readonly cols: number; readonly fingerprint: string };
  readonly cnf: {
    readonly file: string;
    readonly connectivity: 'layers';
    readonly convention: Convention;
    /** For `unique`: the last clause blocks the shading of the solution file. */
    readonly blocksSolution: boolean;
  };
  readonly solutions: readonly string[];
  /** null for `multiple` (two checked solutions prove it). */
  readonly proof: {
    readonly file: string;
    readonly kind: ProofKind;
    /** The SAT solver that proved what deductions did not, when one did. */
    readonly solver?: string;
    /** Lemmas (additions) from the deductions and from the SAT solver. */
    readonly deductionLemmas: number;
    readonly satLemmas: number;
    /** Cells the deductions decided before the SAT solver took over. */
    readonly cellsDeduced: number;
  } | null;
}

/** FNV-1a (32 bits) of the size and the numbers, in hex: enough to tell two puzzles apart in a message, not a security measure. */
export function puzzleFingerprint(puzzle: Puzzle): string {
  let hash = 0x811c9dc5;
  const text = `${puzzle.rows}x${puzzle.cols}:${puzzle.values.join(',')}`;
  for (let k = 0; k < text.length; k++) {
    hash ^= text.charCodeAt(k);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The DIMACS comment line naming the puzzle a CNF encodes (without the leading "c "). */
export function cnfPuzzleComment(puzzle: Puzzle): string {
  return `puzzle ${puzzle.rows}x${puzzle.cols} fingerprint ${puzzleFingerprint(puzzle)}`;
}

/** The README of a certificate: what it claims and how to check it. */
export function readmeText(manifest: Manifest): string {
  const { verdict } = manifest;
  const claim =
    verdict === 'unique'
      ? `has exactly one solution, ${manifest.solutions[0]}`
      : verdict === 'none'
        ? 'has no solution'
        : `has more than one solution: ${manifest.solutions.join(', ')} are two different ones`;
  const lines = [
    `hitori-sat certificate: the Hitori in ${fileNames.puzzle} ${claim}.`,
    '',
    'Check it with the project (exit 0 when everything holds, 1 naming the first thing that does not):',
    '',
    '    hitori-sat verify .',
    '',
    `It rebuilds the CNF from ${fileNames.puzzle} (convention ${manifest.cnf.convention}, distance-layer connectivity)`,
    `and compares it with ${fileNames.cnf}, checks each solution file with the independent checker of the`,
    'rules, and checks the proof with its own DRAT checker, which shares no code with the encoders.',
  ];
  if (manifest.proof !== null) {
    const kind =
      manifest.proof.kind === 'deduction'
        ? 'the cells the rule engine deduced, each a lemma implied by unit propagation, then the empty clause'
        : manifest.proof.kind === 'deduction+sat'
          ? `the cells the rule engine deduced as lemmas, then the proof of ${manifest.proof.solver ?? 'a SAT solver'} for the rest`
          : `the proof of ${manifest.proof.solver ?? 'a SAT solver'}`;
    lines.push(
      '',
      `${fileNames.proof} (binary DRAT) derives the empty clause from ${fileNames.cnf}: ${kind}.`,
      verdict === 'unique'
        ? `${fileNames.cnf} ends with the clause that forbids ${manifest.solutions[0]}, so no other solution exists.`
        : `So ${fileNames.cnf} has no model, and the puzzle no solution.`,
      '',
      'Check the proof with a third-party checker (https://github.com/marijnheule/drat-trim):',
      '',
      `    drat-trim ${fileNames.cnf} ${fileNames.proof}`,
      '',
      'or have drat-trim write an LRAT proof and check that with the verified cake_lpr',
      '(https://github.com/tanyongkiam/cake_lpr):',
      '',
      `    drat-trim ${fileNames.cnf} ${fileNames.proof} -L proof.lrat && cake_lpr ${fileNames.cnf} proof.lrat`,
      '',
      `What those check is the proof against ${fileNames.cnf}; that ${fileNames.cnf} encodes the puzzle's rules is`,
      'what `hitori-sat verify` checks by rebuilding it (the encoding is documented in docs/encodings.md).',
    );
  } else {
    lines.push('', 'Two different solutions, each checked against the rules, prove the verdict: no proof is needed.');
  }
  return `${lines.join('\n')}\n`;
}
