/**
 * `npm run bench:maxblack`: maximum black cells (src/generate/maxblack.ts), proven by SAT, for
 * OEIS A239231 (n x n, n = 0..25) and the thesis's Table 16 range (m, n = 2..14), each board
 * within a time budget; writes the BENCH.md sections `maxblack-oeis` and `maxblack-table16`. Every
 * board is also counted by the transfer-matrix DP of `maxblack-transfer.ts`, a method that
 * shares nothing with the SAT proof, within its own budget: where both finish they must agree.
 *
 *   node dist/bench/maxblack.js [--budget-ms 90000] [--tail-budget-ms 30000] [--table-budget-ms 30000] [--dp-budget-ms 300000] [--max-n 25]
 */
import os from 'node:os';
import { maxBlack, type MaxBlackResult } from '../src/generate/maxblack.js';
import { transferMaxBlack, type TransferResult } from '../src/generate/maxblack-transfer.js';
import { commandLine, describeMachine, ms, numberOption, progress, revision, table, timestamp, writeSection } from './lib.js';

/** OEIS A239231, n = 0..25, as the issue quotes it. */
const a239231 = [0, 1, 1, 4, 5, 9, 12, 17, 21, 27, 33, 41, 48, 56, 65, 75, 85, 96, 108, 121, 133, 146, 161, 176, 190, 208];

const budgetMs = numberOption('budget-ms', 90_000);
/** For n > 14, where no proof is in reach of such budgets: the best shading found is reported. */
const tailBudgetMs = numberOption('tail-budget-ms', 30_000);
const tableBudgetMs = numberOption('table-budget-ms', 30_000);
/** Per board for the transfer-matrix DP; a board that runs out stops the DP on larger squares. */
const dpBudgetMs = numberOption('dp-budget-ms', 300_000);
const maxN = numberOption('max-n', 25);
const command = commandLine('maxblack.js');
const code = revision();
const started = new Date();
const loadStart = os.loadavg()[0]!;

const results = new Map<string, MaxBlackResult>();
async function board(rows: number, cols: number, budget: number): Promise<MaxBlackResult> {
  const key = `${Math.min(rows, cols)}x${Math.max(rows, cols)}`;
  const known = results.get(key);
  if (known && (known.proven || known.timeMs >= budget)) return known;
  const result = await maxBlack(Math.min(rows, cols), Math.max(rows, cols), { timeoutMs: budget });
  progress(`${key}: ${result.value}${result.proven ? ' proven' : ' not proven'} in ${ms(result.timeMs)} ms`);
  results.set(key, result);
  return result;
}

const counted = new Map<string, TransferResult>();
/** The DP's count of the board, or null when it ran out of its budget. */
function transfer(rows: number, cols: number): TransferResult {
  const key = `${Math.min(rows, cols)}x${Math.max(rows, cols)}`;
  const known = counted.get(key);
  if (known) return known;
  const result = transferMaxBlack(rows, cols, { deadline: Date.now() + dpBudgetMs });
  progress(`${key}: transfer-matrix DP ${result.maxShaded ?? 'out of time'} in ${ms(result.timeMs)} ms (${result.peakStates} states)`);
  counted.set(key, result);
  return result;
}
/** Boards where the DP and a proven SAT maximum differ: a bug in one of them. */
const disagreements: string[] = [];
function compare(key: string, sat: MaxBlackResult, dp: TransferResult | undefined): void {
  if (sat.proven && dp !== undefined && dp.maxShaded !== null && dp.maxShaded !== sat.value)
    disagreements.push(`${key}: SAT ${sat.value}, DP ${dp.maxShaded}`);
}

function header(title: string, what: string): string {
  return [
    `## ${title}`,
    '',
    `- Command: \`${command}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}; load average (1 min) ${loadStart.toFixed(2)} when the run started, ${os.loadavg()[0]!.toFixed(2)} when this part ended`,
    `- Code: ${code}`,
    `- ${what}`,
    '',
    '',
  ].join('\n');
}

// OEIS A239231.
const oeisRows: string[][] = [['0', '0', '0', 'by definition (no cells)', '', '0', '', 'yes']];
let dpOpen = true;
for (let n = 1; n <= maxN; n++) {
  const r = await board(n, n, n > 14 ? tailBudgetMs : budgetMs);
  // The DP's time grows about 3 times per n: once one runs out, the larger ones would too.
  const dp = dpOpen ? transfer(n, n) : undefined;
  if (dp?.maxShaded === null) dpOpen = false;
  compare(`${n}x${n}`, r, dp);
  const exact = r.proven ? r.value : (dp?.maxShaded ?? null);
  const agrees =
    n === 1
      ? 'by convention: OEIS shades the lone cell (an empty white region counts as connected); here the white region must not be empty'
      : exact !== null
        ? exact === a239231[n]
          ? 'yes'
          : `**no**: ${exact}${r.proven ? `; a valid ${n}x${n} shading with ${r.value} shaded cells, checked, and ${r.value + 1} refuted by SAT` : ' by the DP'}`
        : r.value > a239231[n]!
          ? `**no**: a valid shading with ${r.value} exceeds it (not proven the maximum)`
          : 'neither method finished within its budget';
  oeisRows.push([
    String(n),
    String(a239231[n]),
    `${r.value}${r.proven ? '' : ' (best found)'}`,
    r.proven ? ms(r.timeMs) : `> ${ms(r.timeMs)}`,
    ms(r.foundMs),
    dp === undefined ? '-' : (dp.maxShaded?.toString() ?? 'out of time'),
    dp === undefined ? '' : dp.maxShaded === null ? `> ${ms(dp.timeMs)}` : ms(dp.timeMs),
    agrees,
  ]);
}
// Where the value found differs from the sequence, the pattern is the certificate: anyone can check it.
const certificates: string[] = [];
for (let n = 2; n <= maxN; n++) {
  const r = results.get(`${n}x${n}`);
  if (r && r.value > a239231[n]!) {
    const rows = Array.from({ length: n }, (_, i) =>
      r.shading
        .slice(i * n, (i + 1) * n)
        .map((s) => (s ? '#' : '.'))
        .join(''),
    );
    certificates.push(`${n}x${n}, ${r.value} shaded cells (A239231 lists ${a239231[n]}):\n\n\`\`\`\n${rows.join('\n')}\n\`\`\``);
  }
}
const proven = oeisRows.filter((row, n) => n > 0 && !row[2]!.includes('best')).length;
const dpDone = oeisRows.filter((row, n) => n > 0 && /^\d+$/.test(row[5]!)).length;
const settled = oeisRows.filter((row, n) => n > 0 && (!row[2]!.includes('best') || /^\d+$/.test(row[5]!))).length;
writeSection(
  'maxblack-oeis',
  `${header(
    'maxblack-oeis: maximum black cells on n x n boards beside OEIS A239231',
    `Method: \`maxBlack(n, n, {timeoutMs})\`: one incremental CaDiCaL, non-adjacency, lazy connectivity cuts, lex-leader symmetry breaking, a totalizer "at least k shaded"; it asks for one more than each shading found, until unsatisfiable (the OEIS value is not given to it). "Proof time" is the whole run (shading found and the refutation of one more); "found" when the best shading was found. Every shading was checked by the independent checker. Second method: \`transferMaxBlack(n, n)\` (\`src/generate/maxblack-transfer.ts\`), an exact dynamic programme over the board's profile with its regions' connectivity, sharing nothing with the SAT encoding, within ${ms(dpBudgetMs)} ms per board.`,
  )}**${proven} of ${maxN} proven by SAT, ${dpDone} counted by the DP; ${settled} of ${maxN} settled by at least one** (n = 1..${maxN}); SAT within ${ms(budgetMs)} ms (n ≤ 14) or ${ms(tailBudgetMs)} ms (n > 14) of wall time on the loaded machine. ${disagreements.length === 0 ? 'Where both finished they agree.' : `**SAT and DP disagree** (a bug): ${disagreements.join('; ')}.`}

${table(['n', 'A239231', 'maxblack (SAT)', 'proof ms', 'found ms', 'DP', 'DP ms', 'agrees'], oeisRows, [true, true, true, true, true, true, true, false])}
${certificates.length === 0 ? '' : `\nValid shadings with more shaded cells than the sequence lists ('#' shaded; no two touch, the unshaded cells connected, checked by the independent checker):\n\n${certificates.join('\n\n')}\n`}`,
);

// Table 16: m, n = 2..14 (symmetric, so m <= n).
const sizes = Array.from({ length: 13 }, (_, k) => k + 2);
const grid: string[][] = [];
const failures: string[] = [];
let open = 0;
let byDpOnly = 0;
const tableDisagreementsBefore = disagreements.length;
for (const m of sizes) {
  const row = [String(m)];
  for (const n of sizes) {
    if (n < m) {
      row.push('');
      continue;
    }
    const r = await board(m, n, tableBudgetMs);
    const dp = transfer(m, n);
    compare(`${m}x${n}`, r, dp);
    const exact = r.proven ? r.value : dp.maxShaded;
    if (exact === null) open++;
    else if (!r.proven) byDpOnly++;
    row.push(r.proven ? String(r.value) : exact !== null ? `${exact}*` : `≥${r.value}?`);
    if ((m % 3 === 0 || n % 3 === 0) && exact !== null && exact !== (m * n) / 3)
      failures.push(`${m}x${n}: ${exact} (mn/3 = ${(m * n) / 3})`);
  }
  grid.push(row);
}
writeSection(
  'maxblack-table16',
  `${header(
    "maxblack-table16: the thesis's Table 16 range, m, n = 2..14",
    `Method: \`maxBlack(m, n, {timeoutMs: ${tableBudgetMs}})\` per board (m <= n; b(m, n) = b(n, m)) and the transfer-matrix DP \`transferMaxBlack(m, n)\`; boards already run for the A239231 section are reused. A plain number is proven by SAT (and, where the DP finished, equal to its count); "k*" is the DP's count where SAT did not finish within its budget; "≥k?" is the best shading found when neither finished.`,
  )}The thesis's table itself did not survive in our copy of the text; it states that b(m, n) = mn/3 whenever 3 divides m or n. Among the settled boards that claim fails for ${failures.length === 0 ? 'none' : failures.join('; ')}. ${byDpOnly} of ${(grid.length * (grid.length + 1)) / 2} boards were settled by the DP alone, ${open} by neither. ${disagreements.length === tableDisagreementsBefore ? 'Where SAT and the DP both finished they agree.' : `**SAT and DP disagree** (a bug): ${disagreements.slice(tableDisagreementsBefore).join('; ')}.`}

${table(['m \\ n', ...sizes.map(String)], grid, [false, ...sizes.map(() => true)])}
`,
);
