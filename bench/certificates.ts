/**
 * Certified verdicts (issue 33): per set, the certificate's size and the time to make and to
 * verify it beside the solve's own time, for deduction-proven and SAT-proven verdicts apart.
 * Every janko 17x17 is certified as `makeCertificate` does by default (deductions first, what
 * they leave open proven by CaDiCaL in WebAssembly on the rules with connectivity cuts), again
 * with what they leave open proven on the whole layered CNF (CaDiCaL in WebAssembly, the way
 * before the cuts), the first `--sat N` of them (default 20) again with the SAT solver proving
 * everything (with cuts), and the first `--drat N` (default 5) with Debian's `cadical` writing
 * DRAT on the whole CNF when it is installed; the fixtures with no solution and with several are
 * certified too.
 * Every certificate must verify. The certificate is made from the solve's verdict and solutions,
 * as `solve --certificate` makes it. Beside the in-process solve, the whole `hitori-sat solve FILE`
 * process (the solve a user runs) is timed on the first `--process N` puzzles of each row
 * (default 5). Writes the section `certificates` of BENCH.md (`npm run bench:certificates`, after
 * `npm run build`).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { externalProver } from '../src/certify/external-prover.js';
import { makeCertificate, verifyCertificate } from '../src/certify/index.js';
import type { SatProver } from '../src/certify/sat-prover.js';
import { wasmProver } from '../src/certify/wasm-prover.js';
import { parseJsonLines } from '../src/formats/json.js';
import { formatText } from '../src/formats/text.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { solveWithEngine } from '../src/solve/engines.js';
import {
  cliPath,
  commandLine,
  describeMachine,
  jankoDir,
  loadAverages,
  max,
  median,
  ms,
  numberOption,
  processWall,
  progress,
  repoRoot,
  revision,
  table,
  timestamp,
  writeSection,
} from './lib.js';

const loadAtStart = loadAverages();
const satCount = numberOption('sat', 20);
const dratCount = numberOption('drat', 5);
const processCount = numberOption('process', 5);

interface Sample {
  readonly kind: string;
  readonly bytes: number;
  readonly proofBytes: number;
  readonly cnfBytes: number;
  readonly lemmas: number;
  readonly solveMs: number;
  readonly makeMs: number;
  /** CPU time (user and system) of making the certificate. */
  readonly makeCpuMs: number;
  readonly verifyMs: number;
  /** CPU time (user and system) of the verification: what the load of a shared machine does not inflate. */
  readonly verifyCpuMs: number;
  readonly ok: boolean;
}

const fileBytes = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.byteLength(content) : content.length);

/** The solve alone, then the certificate from its verdict (not checked by its maker: the check is timed apart), then its check. */
async function measure(puzzle: Puzzle, deductions: boolean, prover: SatProver | undefined): Promise<Sample> {
  const solveStart = performance.now();
  const solved = await solveWithEngine(puzzle);
  const solveMs = performance.now() - solveStart;
  if (solved.status !== 'unique' && solved.status !== 'none' && solved.status !== 'multiple')
    throw new Error(`the solve of ${puzzle.id ?? 'a puzzle'} ended ${solved.status}`);
  const makeCpuBefore = process.cpuUsage();
  const certificate = await makeCertificate(puzzle, {
    selfCheck: false,
    deductions,
    solved: { status: solved.status, solutions: solved.solutions },
    ...(prover === undefined ? {} : { prover }),
  });
  const makeCpu = process.cpuUsage(makeCpuBefore);
  const verifyStart = performance.now();
  const cpuBefore = process.cpuUsage();
  const verdict = verifyCertificate(certificate.files);
  const cpu = process.cpuUsage(cpuBefore);
  const verifyMs = performance.now() - verifyStart;
  const { proof } = certificate.manifest;
  return {
    kind: proof?.kind ?? 'none needed',
    bytes: Object.values(certificate.files).reduce((sum, content) => sum + fileBytes(content), 0),
    proofBytes: certificate.files['proof.drat'] === undefined ? 0 : fileBytes(certificate.files['proof.drat']),
    cnfBytes: fileBytes(certificate.files['formula.cnf']!),
    lemmas: proof === null ? 0 : proof.deductionLemmas + proof.satLemmas,
    solveMs,
    makeMs: certificate.makeMs,
    makeCpuMs: (makeCpu.user + makeCpu.system) / 1000,
    verifyMs,
    verifyCpuMs: (cpu.user + cpu.system) / 1000,
    ok: verdict.ok,
  };
}

const scratch = mkdtempSync(join(os.tmpdir(), 'hitori-bench-certificates-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** Wall time of the whole `hitori-sat solve FILE` process for `puzzle` (exit 0 or 1: solved, or no solution). */
function processSolveMs(puzzle: Puzzle): number {
  const file = join(scratch, 'puzzle.txt');
  writeFileSync(file, formatText(puzzle));
  return processWall([cliPath, 'solve', file], [0, 1]);
}

const records = (path: string) => parseJsonLines(readFileSync(path, 'utf8')).map((r) => r.puzzle);
const janko17 = records(join(jankoDir, 'hitori_17x17.jsonl'));
const fixtures = (name: string) => records(join(repoRoot, 'test', 'fixtures', name));

const debianCadical = '/usr/bin/cadical';
const runs: { label: string; puzzles: Puzzle[]; deductions: boolean; prover?: SatProver }[] = [
  { label: 'janko 17x17, deductions first (the default)', puzzles: janko17, deductions: true },
  {
    label: 'janko 17x17, deductions first, the rest on the whole layered CNF (cadical-wasm)',
    puzzles: janko17,
    deductions: true,
    prover: wasmProver,
  },
  { label: `janko 17x17 (first ${satCount}), SAT alone (cadical-wasm, cuts)`, puzzles: janko17.slice(0, satCount), deductions: false },
  ...(existsSync(debianCadical)
    ? [
        {
          label: `janko 17x17 (first ${dratCount}), SAT alone (Debian's cadical, DRAT)`,
          puzzles: janko17.slice(0, dratCount),
          deductions: false,
          prover: externalProver(debianCadical),
        },
      ]
    : []),
  { label: 'fixtures: no solution', puzzles: fixtures('no-solution.jsonl'), deductions: true },
  { label: 'fixtures: several solutions', puzzles: fixtures('multiple-solutions.jsonl'), deductions: true },
];

// Untimed first: a certificate, which loads the modules, one proven by CaDiCaL, which compiles
// it (as the solve does before \`solve --certificate\` makes its certificate), and a solve by
// the SAT engine, which loads the modules of a solve the deductions do not finish.
await makeCertificate(janko17[0]!, { selfCheck: false });
await makeCertificate(janko17[0]!, { selfCheck: false, deductions: false });
await solveWithEngine(janko17[0]!, { engine: 'sat' });

const rows: string[][] = [];
/** The row of the deduction-proven 17x17s: its medians, for the prose. */
let deductionRow: { cnfBytes: number; makeMs: number; solveMs: number; processMs: number } | undefined;
/** The row of the 17x17s the deductions leave open, by default and on the whole CNF: their medians, for the prose. */
const openRows: { makeMs: number; makeCpuMs: number; processMs: number; verifyCpuMs: number }[] = [];
for (const run of runs) {
  const samples: (Sample & { puzzle: Puzzle })[] = [];
  for (const [k, puzzle] of run.puzzles.entries()) {
    if (k % 10 === 0) progress(`certificates: ${run.label}: ${k + 1}/${run.puzzles.length}`);
    samples.push({ ...(await measure(puzzle, run.deductions, run.prover)), puzzle });
  }
  // One row per proof kind within the set: deduction-proven and SAT-proven apart.
  for (const kind of [...new Set(samples.map((s) => s.kind))].sort()) {
    const of = samples.filter((s) => s.kind === kind);
    const pick = (f: (s: Sample) => number) => of.map(f);
    const processMs = median(of.slice(0, processCount).map((s) => processSolveMs(s.puzzle)));
    const makeMs = median(pick((s) => s.makeMs));
    rows.push([
      run.label,
      kind,
      String(of.length),
      String(of.filter((s) => s.ok).length),
      (median(pick((s) => s.bytes)) / 1024).toFixed(0),
      (median(pick((s) => s.proofBytes)) / 1024).toFixed(1),
      String(Math.round(median(pick((s) => s.lemmas)))),
      ms(median(pick((s) => s.solveMs))),
      ms(processMs),
      ms(makeMs),
      ms(median(pick((s) => s.makeCpuMs))),
      `${median(pick((s) => s.makeMs / s.solveMs)).toFixed(1)}x`,
      `${(makeMs / processMs).toFixed(2)}x`,
      ms(median(pick((s) => s.verifyMs))),
      ms(max(pick((s) => s.verifyMs))),
      ms(median(pick((s) => s.verifyCpuMs))),
      ms(max(pick((s) => s.verifyCpuMs))),
    ]);
    if (run.deductions && run.puzzles === janko17 && kind === 'deduction+sat')
      openRows.push({ makeMs, makeCpuMs: median(pick((s) => s.makeCpuMs)), processMs, verifyCpuMs: median(pick((s) => s.verifyCpuMs)) });
    if (run === runs[0] && kind === 'deduction')
      deductionRow = {
        cnfBytes: median(pick((s) => s.cnfBytes)),
        makeMs,
        solveMs: median(pick((s) => s.solveMs)),
        processMs,
      };
  }
}

writeSection(
  'certificates',
  [
    '## certificates: certified verdicts, their size and the time to make and to verify them',
    '',
    `- Command: \`${commandLine('certificates.js')}\`; ${timestamp()}; ${revision()}.`,
    `- Machine: ${describeMachine()}; load average ${loadAtStart} at the start, ${loadAverages()} at the end (a shared machine).`,
    '',
    'Per puzzle, in process: the solve alone (`solveWithEngine`, the default engine), then `makeCertificate` from its',
    'verdict and solutions, as `solve --certificate` makes it (the layered CNF and its DIMACS, the proof; no second solve,',
    'not checked by the maker), then `verifyCertificate` (the CNF rebuilt and compared, the solutions checked, the proof',
    'checked by src/sat/drat-check.ts). Medians per set and proof kind; `accepted`: certificates that verify accepted;',
    '`solve process`: the wall time of the whole `hitori-sat solve FILE` process a user runs (Node started, the modules',
    `loaded, the puzzle solved and printed), median of the first ${processCount} puzzles of the row; \`ratio\`: the median of make /`,
    'solve per puzzle, in process; `ratio to process`: make / solve process; `make CPU`, `verify CPU`: user and system',
    "time, which the load of a shared machine does not inflate (the collector and the compiler's threads count in it too).",
    '',
    ...(deductionRow === undefined
      ? []
      : [
          `Making is not within 10x of the in-process solve on the deduction-proven 17x17s, and cannot be: the solve takes`,
          `${ms(deductionRow.solveMs)} ms (10x: ${ms(10 * deductionRow.solveMs)} ms), and the certificate must hold the complete layered CNF (uniqueness pairs,`,
          `non-adjacency, the distance layers), ${(deductionRow.cnfBytes / 2 ** 20).toFixed(1)} MiB of DIMACS, built clause by clause by the encoders and`,
          `written byte by byte, which the solve never builds. Against the solve a user runs, the whole \`hitori-sat solve\` process`,
          `(${ms(deductionRow.processMs)} ms), making the certificate takes ${(deductionRow.makeMs / deductionRow.processMs).toFixed(2)}x of it.`,
          '',
        ]),
    ...(openRows.length < 2
      ? []
      : [
          'On the 17x17s the deductions leave open (`deduction+sat`), CaDiCaL proves the rest on the rules over the cells',
          'alone, connectivity coming in as cut lemmas (src/certify/cut-prover.ts), not on the layered CNF: making takes',
          `${ms(openRows[0]!.makeMs)} ms (CPU ${ms(openRows[0]!.makeCpuMs)} ms), ${(openRows[0]!.makeMs / openRows[0]!.processMs).toFixed(2)}x the solve process (${ms(openRows[0]!.processMs)} ms), against ${ms(openRows[1]!.makeMs)} ms (CPU ${ms(openRows[1]!.makeCpuMs)} ms,`,
          `${(openRows[1]!.makeMs / openRows[1]!.processMs).toFixed(2)}x) with the layered CNF given to CaDiCaL; verifying takes ${ms(openRows[0]!.verifyCpuMs)} ms of CPU against ${ms(openRows[1]!.verifyCpuMs)} ms.`,
          '',
        ]),
    table(
      [
        'set',
        'proof',
        'puzzles',
        'accepted',
        'size KiB',
        'proof KiB',
        'lemmas',
        'solve ms',
        'solve process ms',
        'make ms',
        'make CPU ms',
        'ratio',
        'ratio to process',
        'verify ms',
        'verify max ms',
        'verify CPU ms',
        'verify CPU max ms',
      ],
      rows,
      [false, false, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true],
    ),
  ].join('\n'),
);
progress(`certificates: done; load average ${loadAverages()}`);
