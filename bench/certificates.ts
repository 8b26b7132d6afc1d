/**
 * Certified verdicts (issue 33): per set, the certificate's size and the time to make and to
 * verify it beside the solve's own time, for deduction-proven and SAT-proven verdicts apart.
 * Every janko 17x17 is certified as `makeCertificate` does by default (deductions first), and
 * the first `--sat N` of them (default 20) again with the SAT solver proving everything
 * (CaDiCaL in WebAssembly), and the first `--drat N` (default 5) with Debian's `cadical` writing
 * DRAT when it is installed; the fixtures with no solution and with several are certified too.
 * Every certificate must verify. Writes the section `certificates` of BENCH.md
 * (`npm run bench:certificates`, after `npm run build`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { externalProver } from '../src/certify/external-prover.js';
import { makeCertificate, verifyCertificate } from '../src/certify/index.js';
import type { SatProver } from '../src/certify/sat-prover.js';
import { parseJsonLines } from '../src/formats/json.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { solveWithEngine } from '../src/solve/engines.js';
import {
  commandLine,
  describeMachine,
  jankoDir,
  loadAverages,
  max,
  median,
  ms,
  numberOption,
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

interface Sample {
  readonly kind: string;
  readonly bytes: number;
  readonly proofBytes: number;
  readonly lemmas: number;
  readonly solveMs: number;
  readonly makeMs: number;
  readonly verifyMs: number;
  /** CPU time (user and system) of the verification: what the load of a shared machine does not inflate. */
  readonly verifyCpuMs: number;
  readonly ok: boolean;
}

const fileBytes = (content: string | Uint8Array) => (typeof content === 'string' ? Buffer.byteLength(content) : content.length);

/** The solve alone, then the certificate (not checked by its maker: the check is timed apart), then its check. */
async function measure(puzzle: Puzzle, deductions: boolean, prover: SatProver | undefined): Promise<Sample> {
  const solveStart = performance.now();
  await solveWithEngine(puzzle);
  const solveMs = performance.now() - solveStart;
  const certificate = await makeCertificate(puzzle, { selfCheck: false, deductions, ...(prover === undefined ? {} : { prover }) });
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
    lemmas: proof === null ? 0 : proof.deductionLemmas + proof.satLemmas,
    solveMs,
    makeMs: certificate.makeMs,
    verifyMs,
    verifyCpuMs: (cpu.user + cpu.system) / 1000,
    ok: verdict.ok,
  };
}

const records = (path: string) => parseJsonLines(readFileSync(path, 'utf8')).map((r) => r.puzzle);
const janko17 = records(join(jankoDir, 'hitori_17x17.jsonl'));
const fixtures = (name: string) => records(join(repoRoot, 'test', 'fixtures', name));

const debianCadical = '/usr/bin/cadical';
const runs: { label: string; puzzles: Puzzle[]; deductions: boolean; prover?: SatProver }[] = [
  { label: 'janko 17x17, deductions first (the default)', puzzles: janko17, deductions: true },
  { label: `janko 17x17 (first ${satCount}), SAT alone (cadical-wasm)`, puzzles: janko17.slice(0, satCount), deductions: false },
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

// One untimed certificate first: it loads the modules and compiles CaDiCaL.
await makeCertificate(janko17[0]!, { selfCheck: false });

const rows: string[][] = [];
for (const run of runs) {
  const samples: Sample[] = [];
  for (const [k, puzzle] of run.puzzles.entries()) {
    if (k % 10 === 0) progress(`certificates: ${run.label}: ${k + 1}/${run.puzzles.length}`);
    samples.push(await measure(puzzle, run.deductions, run.prover));
  }
  // One row per proof kind within the set: deduction-proven and SAT-proven apart.
  for (const kind of [...new Set(samples.map((s) => s.kind))].sort()) {
    const of = samples.filter((s) => s.kind === kind);
    const pick = (f: (s: Sample) => number) => of.map(f);
    rows.push([
      run.label,
      kind,
      String(of.length),
      String(of.filter((s) => s.ok).length),
      (median(pick((s) => s.bytes)) / 1024).toFixed(0),
      (median(pick((s) => s.proofBytes)) / 1024).toFixed(1),
      String(Math.round(median(pick((s) => s.lemmas)))),
      ms(median(pick((s) => s.solveMs))),
      ms(median(pick((s) => s.makeMs))),
      `${median(pick((s) => s.makeMs / s.solveMs)).toFixed(1)}x`,
      ms(median(pick((s) => s.verifyMs))),
      ms(max(pick((s) => s.verifyMs))),
      ms(median(pick((s) => s.verifyCpuMs))),
      ms(max(pick((s) => s.verifyCpuMs))),
    ]);
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
    'Per puzzle, in process: the solve alone (`solveWithEngine`, the default engine), then `makeCertificate` (the solve',
    'again, the layered CNF and its DIMACS, the proof; not checked by the maker), then `verifyCertificate` (the CNF',
    'rebuilt and compared, the solutions checked, the proof checked by src/sat/drat-check.ts). Medians per set and proof',
    'kind; `ratio`: the median of make / solve per puzzle; `accepted`: certificates that verify accepted; `verify CPU`:',
    'user and system time of the verification, which the load of a shared machine does not inflate (the collector',
    "and the compiler's threads count in it too).",
    '',
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
        'make ms',
        'ratio',
        'verify ms',
        'verify max ms',
        'verify CPU ms',
        'verify CPU max ms',
      ],
      rows,
      [false, false, true, true, true, true, true, true, true, true, true, true, true, true],
    ),
  ].join('\n'),
);
progress(`certificates: done; load average ${loadAverages()}`);
