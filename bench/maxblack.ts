/**
 * `npm run bench:maxblack`: maximum black cells (Heyawake numbers, OEIS A239231) settled with
 * proofs; writes the BENCH.md sections `maxblack-oeis` (n x n, n = 1..30), `maxblack-large`
 * (n = 300..309 and a few more, by construction) and `maxblack-table16` (m x n rectangles, the
 * thesis's Table 16 range).
 *
 * Per square board: the record shading of examples/maxblack/NxN.txt (judged by the independent
 * checker), the construction (maxblack-construct.ts) and, while the best is below the
 * edge-counting bound (maxblack-bound.ts), growing the record of n - 6 when it meets its bound
 * (maxblack-grow.ts: six rows and six columns by SAT on strips) and the search aimed at the bound
 * (maxblack-aimed.ts), each within a budget; a better shading found is written back to
 * examples/maxblack/. A shading that meets
 * the bound is a proof of the maximum. For n <= --dp-max the transfer-matrix DP counts the board
 * as a second, independent method. Rectangles: the aimed search at the bound; where it is not met,
 * maxBlack's SAT refutation and the DP, and for small boards a DRAT proof by Debian's `cadical`
 * checked by src/sat/drat-check.ts (when the binary is there).
 *
 * The searches, the construction, growing and the check are `maxblack` requests through `run`, as
 * `hitori-sat maxblack` sends them. Below the door, as no command offers them: the bound (a
 * formula), the DP and the DRAT refutation, the independent second methods.
 *
 * `--only table` does only the table of b(m, n) for every m <= n <= 30 (tableRun below: table.tsv,
 * the rectangles' shadings in examples/maxblack/rect/, the BENCH.md section `maxblack-table30` and
 * the grid of docs/maxblack.md section 8).
 *
 *   node dist/bench/maxblack.js [--search-ms 60000 | --no-search] [--grow-ms 600000] [--dp-max 12] [--rect-max 14] [--rect-ms 20000] [--drat-cells 72]
 *   node dist/bench/maxblack.js --only table [--table-dp-max 12] [--table-dp-rescue 12] [--table-grow-ms 120000] [--table-aim-ms 30000] [--reuse [--retry-open [--retry-gap G]]] [--table-part i/k] [--table-from-m M]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { run } from '../src/api/node-run.js';
import { Limit } from '../src/control/limit.js';
import type { MaxBlackAnswer, MaxBlackRequest } from '../src/api/requests.js';
import { maxBlackBound } from '../src/maxblack/maxblack-bound.js';
import { refuteAtLeast } from '../src/maxblack/maxblack-refute.js';
import { formatShadingFile, parseShadingFile } from '../src/maxblack/maxblack-shading.js';
import { formatTableTsv, type TableEntry, tableShadingFile } from '../src/maxblack/maxblack-table.js';
import { transferMaxBlack } from '../src/maxblack/maxblack-transfer.js';
import {
  commandLine,
  describeMachine,
  median,
  ms,
  numberOption,
  p95,
  progress,
  revision,
  stringOption,
  table,
  timestamp,
  writeSection,
} from './lib.js';

/** OEIS A239231, n = 0..25, the terms the entry lists (as the issue quotes them; none beyond 25). */
const a239231 = [0, 1, 1, 4, 5, 9, 12, 17, 21, 27, 33, 41, 48, 56, 65, 75, 85, 96, 108, 121, 133, 146, 161, 176, 190, 208];

/** `--no-search`: only the record files and the construction (the records keep earlier searches' finds). */
const searchMs = process.argv.includes('--no-search') ? 0 : numberOption('search-ms', 60_000);
/** Budget for growing the record of n - 6 (20 s per cut tried), when it meets its bound. */
const growMs = searchMs > 0 ? numberOption('grow-ms', 600_000) : 0;
const dpMax = numberOption('dp-max', 12);
const maxN = numberOption('max-n', 30);
const rectMax = numberOption('rect-max', 14);
const rectMs = numberOption('rect-ms', 20_000);
const dratCells = numberOption('drat-cells', 72);
const command = commandLine('maxblack.js');
const code = revision();
const started = new Date();
const loadStart = os.loadavg()[0]!;
const examples = new URL('../../examples/maxblack/', import.meta.url);
mkdirSync(examples, { recursive: true });

function header(title: string, what: string): string {
  return [
    `## ${title}`,
    '',
    `- Command: \`${command}\` (after \`npm run build\`)`,
    `- Date: ${timestamp(started)}`,
    `- Machine: ${describeMachine()}; load average (1 min) ${loadStart.toFixed(2)} when the run started, ${os.loadavg()[0]!.toFixed(2)} when this part ended (a shared machine)`,
    `- Code: ${code}`,
    `- ${what}`,
    '',
    '',
  ].join('\n');
}

/** The result of each mode of a `maxblack` answer. */
type ModeResult = { [A in MaxBlackAnswer as A['mode']]: A['result'] };

/** A `maxblack` request through the door, and its result in the mode asked. */
async function maxblack<M extends keyof ModeResult>(mode: M, request: MaxBlackRequest): Promise<ModeResult[M]> {
  const answer = await run(request);
  if (answer.mode !== mode) throw new Error(`maxblack answered ${answer.mode}, not ${mode}`);
  return answer.result as ModeResult[M];
}

interface Best {
  shading: boolean[];
  value: number;
  /** How the shading was found, and in how long (from the record file's comment, or this run). */
  how: string;
  ms: number | null;
}

/** The record file's shading, judged; null when absent or not valid. */
async function record(n: number): Promise<Best | null> {
  const file = new URL(`${n}x${n}.txt`, examples);
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8');
  // The shading and its comments are read here; the verdict is `hitori-sat maxblack --check`'s.
  const parsed = parseShadingFile(text);
  const verdict = await maxblack('check', { command: 'maxblack', check: text, checkSource: `${n}x${n}.txt` });
  if (!verdict.valid || parsed.rows !== n || parsed.cols !== n)
    throw new Error(`${n}x${n}.txt: not a valid ${n}x${n} shading (${verdict.problem})`);
  const found = parsed.comments.find((c) => c.startsWith('found: ')) ?? 'found: (not recorded)';
  const time = /^found: (.*) in (\d+) ms/.exec(found);
  return {
    shading: parsed.shading,
    value: verdict.shaded,
    how: time ? time[1]! : found.slice('found: '.length),
    ms: time ? Number(time[2]) : null,
  };
}

function save(n: number, best: Best, bound: number): void {
  writeFileSync(
    new URL(`${n}x${n}.txt`, examples),
    formatShadingFile(n, n, best.shading, [
      `${n}x${n}: ${best.value} shaded cells; upper bound ${bound}${best.value === bound ? ' (met: the maximum)' : ''}; no two shaded cells touch, the unshaded cells are connected`,
      `found: ${best.how}${best.ms === null ? '' : ` in ${Math.round(best.ms)} ms`}, ${timestamp(new Date())}`,
      'check: hitori-sat maxblack --check FILE',
    ]),
  );
}

/** `--only table`: only the table of b(m, n) for m <= n <= --table-max (examples/maxblack/table.tsv). */
const only = stringOption('only');
if (only !== undefined && only !== 'table') throw new Error('--only takes "table"');
if (only === 'table') {
  await tableRun();
  process.exit(0);
}

// n x n, n = 1..maxN.
const oeisRows: string[][] = [];
let settled = 0;
const differs: string[] = [];
for (let n = 1; n <= maxN; n++) {
  const { bound } = maxBlackBound(n, n);
  const candidates: Best[] = [];
  const kept = await record(n);
  if (kept) candidates.push(kept);
  const c = await maxblack('construct', { command: 'maxblack', rows: n, cols: n, construct: true });
  candidates.push({ shading: c.shading, value: c.value, how: 'construction (maxblack-construct.ts)', ms: c.timeMs });
  let best = candidates.reduce((a, b) => (b.value > a.value ? b : a));
  const smaller = n > 6 && growMs > 0 && best.value < bound ? await record(n - 6) : null;
  if (smaller && smaller.value === maxBlackBound(n - 6, n - 6).bound) {
    const grow = formatShadingFile(n - 6, n - 6, smaller.shading, []);
    const g = await maxblack('grow', { command: 'maxblack', grow, growSource: `${n - 6}x${n - 6}.txt`, timeoutMs: growMs });
    progress(`${n}x${n}: grown from ${n - 6}x${n - 6}: ${g.status} in ${ms(g.timeMs)} ms`);
    if (g.status === 'found' && g.shading && g.value > best.value)
      best = {
        shading: g.shading,
        value: g.value,
        how: `grown from the ${n - 6}x${n - 6} record (maxblack-grow.ts: six rows after row ${g.rowCut}, six columns after column ${g.colCut}, pad 1, seed 0)`,
        ms: g.timeMs,
      };
  }
  if (best.value < bound && searchMs > 0) {
    const r = await maxblack('at-least', { command: 'maxblack', rows: n, cols: n, atLeast: bound, timeoutMs: searchMs });
    progress(`${n}x${n}: aimed search for ${bound}: ${r.status} in ${ms(r.timeMs)} ms`);
    if (r.status === 'found' && r.shading)
      best = { shading: [...r.shading], value: r.value, how: 'search aimed at the bound (maxblack-aimed.ts)', ms: r.timeMs };
  }
  if (!kept || best.value > kept.value) save(n, best, bound);
  const dp = n <= dpMax ? transferMaxBlack(n, n) : null;
  if (dp && dp.maxShaded !== null && dp.maxShaded !== best.value && best.value === bound)
    throw new Error(`${n}x${n}: the DP counts ${dp.maxShaded}, the bound is met at ${bound}: a bug`);
  const proven = best.value === bound;
  if (proven) settled++;
  const listed = a239231[n];
  if (listed !== undefined && proven && listed !== best.value) differs.push(`a(${n}) = ${best.value}, listed ${listed}`);
  const how = proven ? `bound met${dp?.maxShaded === best.value ? '; DP agrees' : ''}` : `open: best ${best.value}, bound ${bound}`;
  oeisRows.push([
    String(n),
    listed === undefined ? 'not listed' : String(listed),
    String(bound),
    String(best.value),
    n === 1 ? 'bound met (here the unshaded region must be non-empty; OEIS counts a(1) = 1)' : how,
    best.ms === null ? '' : ms(best.ms),
    best.how,
    dp ? `${dp.maxShaded} (${ms(dp.timeMs)} ms)` : '',
  ]);
  progress(`${n}x${n}: ${best.value} of bound ${bound}`);
}
writeSection(
  'maxblack-oeis',
  `${header(
    'maxblack-oeis: maximum black cells on n x n boards (OEIS A239231), settled with proofs',
    `Method: the upper bound of \`src/maxblack/maxblack-bound.ts\` (3s = (n-1)² + Σε - μ, so s ≤ ⌊(n²+1)/3⌋ for even n, ⌊(n²+2)/3⌋ for odd n ≥ 5); a valid shading that meets it is the maximum. Shadings: the record files \`examples/maxblack/NxN.txt\` (each judged by the independent checker here and in test/examples/maxblack.test.ts), the construction, ${searchMs > 0 ? `growing the record of n - 6 (within ${ms(growMs)} ms) and the search aimed at the bound (within ${ms(searchMs)} ms) where neither meets it` : 'no new search in this run (--no-search: the record files keep what earlier searches found, with how long they took)'}. "grown from": the record of n - 6 with six rows, then six columns, added by SAT on a strip (\`src/maxblack/maxblack-grow.ts\`): six more lines keep the sides' parities, so the bound grows by exactly 4n - 12 and a grown record of a board at its bound meets the new one; the cuts named in the file reproduce it (its time includes the cuts tried before, 20 s each at most). "time ms" is how long finding the shading took (recorded in its file when it was found). DP: the transfer-matrix count (\`maxblack-transfer.ts\`, no SAT) for n ≤ ${dpMax}.`,
  )}**${settled} of ${maxN} settled** (n = 1..${maxN}). Where a proven value differs from the listed term: ${differs.length === 0 ? 'nowhere' : differs.join('; ')}.

${table(['n', 'A239231', 'bound', 'found', 'proof', 'time ms', 'found by', 'DP (ms)'], oeisRows, [true, true, true, true, false, true, false, true])}
`,
);

// Large boards by construction.
const largeRows: string[][] = [];
for (const n of [...Array.from({ length: 10 }, (_, k) => 300 + k), 100, 500, 1000]) {
  const r = await maxblack('construct', { command: 'maxblack', rows: n, cols: n, construct: true });
  largeRows.push([
    String(n),
    String(r.value),
    String(r.bound),
    String(r.bound - r.value),
    `${((100 * (r.bound - r.value)) / r.bound).toFixed(4)}%`,
    ms(r.timeMs),
  ]);
  progress(`${n}x${n}: constructed ${r.value} of ${r.bound}`);
}
writeSection(
  'maxblack-large',
  `${header(
    'maxblack-large: shadings of large boards by construction (QOJ 2503 range n = 300..309)',
    'Method: `constructShading(n)` (`src/maxblack/maxblack-construct.ts`): a lattice whose junctions carry a recursive framed problem (no loss on odd levels, one cycle per even level), combs for even n, then repair and greedy shading of non-cut cells; every shading is checked by the independent checker before it is counted. "gap" is the bound minus the shaded cells; time on one core, including the check. `hitori-sat maxblack NxN --construct` prints the shading.',
  )}${table(['n', 'shaded', 'bound', 'gap', 'gap / bound', 'time ms'], largeRows, [true, true, true, true, true, true])}
`,
);

// Rectangles m x n, 2 <= m <= n <= rectMax.
const haveCadical = (() => {
  try {
    execFileSync('cadical', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const proofDir = mkdtempSync(join(os.tmpdir(), 'maxblack-drat-'));
const sizes = Array.from({ length: rectMax - 1 }, (_, k) => k + 2);
const grid: string[][] = [];
const notes: string[] = [];
const claimFails: string[] = [];
let open = 0;
for (const m of sizes) {
  const row = [String(m)];
  for (const n of sizes) {
    if (n < m) {
      row.push('');
      continue;
    }
    const { bound } = maxBlackBound(m, n);
    let value: number | null = null;
    let mark = '';
    const aimed =
      m === n && existsSync(new URL(`${n}x${n}.txt`, examples))
        ? null
        : await maxblack('at-least', { command: 'maxblack', rows: m, cols: n, atLeast: bound, timeoutMs: rectMs });
    if (m === n) {
      const r = await record(n);
      if (r?.value === bound) value = bound;
    } else if (aimed?.status === 'found') value = bound;
    if (value === null) {
      // Below the bound: maxBlack proves the maximum by refutation; the DP counts it too.
      const sat = await maxblack('maximum', { command: 'maxblack', rows: m, cols: n, timeoutMs: rectMs });
      const dp = Math.min(m, n) <= 12 ? transferMaxBlack(m, n, { limit: Limit.after(rectMs) }) : null;
      if (sat.proven && dp?.maxShaded !== undefined && dp.maxShaded !== null && dp.maxShaded !== sat.value)
        throw new Error(`${m}x${n}: SAT ${sat.value}, DP ${dp.maxShaded}: a bug`);
      const exact = sat.proven ? sat.value : (dp?.maxShaded ?? null);
      if (exact !== null) {
        value = exact;
        mark = sat.proven && dp?.maxShaded === exact ? '‡' : sat.proven ? '§' : '*';
        if (haveCadical && m * n <= dratCells && value < bound) {
          const ref = await refuteAtLeast(m, n, value + 1, { dir: proofDir, limit: Limit.after(rectMs * 3) });
          if (ref.status === 'refuted') {
            mark = `†${mark === '‡' ? '‡' : ''}`;
            notes.push(
              `${m}x${n} ≥ ${value + 1}: DRAT ${ref.proofBytes} bytes, solved ${ms(ref.solveMs)} ms, checked ${ms(ref.checkMs)} ms`,
            );
          }
        }
      } else {
        open++;
        mark = '?';
        value = sat.value;
      }
    }
    row.push(`${value}${mark}`);
    if ((m % 3 === 0 || n % 3 === 0) && !mark.includes('?') && value !== (m * n) / 3)
      claimFails.push(`${m}x${n}: ${value} (mn/3 = ${(m * n) / 3})`);
    progress(`${m}x${n}: ${value}${mark} (bound ${bound})`);
  }
  grid.push(row);
}
writeSection(
  'maxblack-table16',
  `${header(
    `maxblack-table16: b(m, n) for 2 ≤ m ≤ n ≤ ${rectMax} (the thesis's Table 16 range)`,
    `Method: per board the search aimed at the edge-counting bound ⌊((m-1)(n-1) + W)/3⌋ (W = m + n + (m mod 2) + (n mod 2), n + 2 for m = 2; one less when both sides are odd and ≥ 5) within ${ms(rectMs)} ms (squares: the record files); a plain number meets the bound. Below it: \`maxBlack\` (SAT, a shading and a refutation of one more) and the DP; ‡ both agree, § SAT alone, * the DP alone, † also refuted by the complete layered CNF with a DRAT proof from Debian's \`cadical\`, checked by \`src/sat/drat-check.ts\` (boards of at most ${dratCells} cells${haveCadical ? '' : '; the binary was not found in this run'}), ? open.`,
  )}The thesis states b(m, n) = mn/3 whenever 3 divides m or n; among these boards that fails for ${claimFails.length === 0 ? 'none' : claimFails.join('; ')}. ${open} boards open.

${table(['m \\ n', ...sizes.map(String)], grid, [false, ...sizes.map(() => true)])}
${notes.length === 0 ? '' : `\nDRAT proofs: ${notes.join('; ')}.\n`}`,
);

/**
 * The table of b(m, n) for 1 <= m <= n <= --table-max (examples/maxblack/table.tsv; the shadings
 * under examples/maxblack/, rectangles in rect/), and the BENCH.md section `maxblack-table30`.
 *
 * Per board, in order of m, so that the board six smaller on each side is done first:
 * - m <= --table-dp-max: the transfer-matrix DP with a witness, the exact maximum and a shading
 *   with it, judged by `maxblack --check`; a kept record file with as many is left as it is.
 * - larger m: a kept record that meets the bound; else growing the (m-6) x (n-6) entry
 *   (`maxblack --grow`, six rows and six columns: the bound grows by exactly as many cells as are
 *   asked for, so a source at its bound gives one at the new bound, one a cell short one a cell
 *   short, see maxblack-grow.ts); while below the bound, the search aimed at it; below it still,
 *   for m <= --table-dp-rescue the DP settles the value, else the entry stays open with the best
 *   shading found (when nothing was found: the aimed search at the bound minus one, then
 *   `maxblack`'s own search).
 * `--reuse` keeps what a record file's `table:` and `time:` comments state instead of recomputing
 * it, so a run cut short resumes where it stopped, and `--table-part i/k` does only the boards
 * with n mod k = i - 1 (k dividing 6: growing stays within a part), reusing the others; parts run
 * side by side, then one `--reuse` run gathers them into table.tsv, BENCH.md and the docs. The
 * test re-checks every shading and recomputes a sample of the DP values.
 */
async function tableRun(): Promise<void> {
  type Entry = TableEntry;
  const tableMax = numberOption('table-max', 30);
  const tableDpMax = numberOption('table-dp-max', 12);
  const tableDpRescue = numberOption('table-dp-rescue', tableDpMax);
  const tableGrowMs = numberOption('table-grow-ms', 120_000);
  const tableAimMs = numberOption('table-aim-ms', 30_000);
  const reuse = process.argv.includes('--reuse');
  /** With `--reuse`: the open entries are tried again (a kept shading is the one to beat). */
  const retry = process.argv.includes('--retry-open');
  /** `--retry-gap G`: retry only the open entries at least G below the bound. */
  const retryGap = numberOption('retry-gap', 1);
  const part = stringOption('table-part');
  const [partIndex, partCount] = part === undefined ? [1, 1] : part.split('/').map(Number);
  if (!partIndex || !partCount || 6 % partCount !== 0 || partIndex > partCount)
    throw new Error('--table-part takes i/k, k dividing 6, 1 <= i <= k');
  /** `--table-from-m M`: only the boards with m >= M in this run (the smaller ones reused, as from another part). */
  const fromM = numberOption('table-from-m', 1);
  const inPart = (m: number, n: number) => n % partCount === partIndex - 1 && m >= fromM;
  mkdirSync(new URL('rect/', examples), { recursive: true });
  const entries = new Map<string, Entry>();
  const times: { entry: Entry; ms: number; route: string }[] = [];

  /** A record file's shading, judged by `maxblack --check`; null when there is none. */
  const readEntryFile = async (m: number, n: number) => {
    const name = tableShadingFile(m, n);
    const url = new URL(name, examples);
    if (!existsSync(url)) return null;
    const text = readFileSync(url, 'utf8');
    const parsed = parseShadingFile(text);
    const verdict = await maxblack('check', { command: 'maxblack', check: text, checkSource: name });
    if (!verdict.valid || parsed.rows !== m || parsed.cols !== n)
      throw new Error(`${name}: not a valid ${m}x${n} shading (${verdict.problem})`);
    return { text, shading: parsed.shading, value: verdict.shaded, comments: parsed.comments };
  };
  const writeEntryFile = (e: Entry, shading: readonly boolean[], found: string, time: string) =>
    writeFileSync(
      new URL(e.file, examples),
      formatShadingFile(e.m, e.n, shading, [
        `${e.m}x${e.n}: ${e.value} shaded cells; upper bound ${e.bound}${e.value === e.bound ? ' (met: the maximum)' : ''}; no two shaded cells touch, the unshaded cells are connected`,
        `found: ${found}, ${timestamp(new Date())}`,
        `table: ${e.status}; ${e.how}`,
        `time: ${time}`,
        'check: hitori-sat maxblack --check FILE',
      ]),
    );
  /** `maxblack --check` on a shading found in this run: valid, and the count it claims. */
  const judged = async (m: number, n: number, shading: readonly boolean[]) => {
    const verdict = await maxblack('check', { command: 'maxblack', check: formatShadingFile(m, n, shading), checkSource: `${m}x${n}` });
    if (!verdict.valid) throw new Error(`${m}x${n}: a shading found in this run is not valid (${verdict.problem}): a bug`);
    return verdict.shaded;
  };

  for (let m = 1; m <= tableMax; m++) {
    for (let n = m; n <= tableMax; n++) {
      const started = performance.now();
      const { bound } = maxBlackBound(m, n);
      const file = tableShadingFile(m, n);
      const kept = await readEntryFile(m, n);
      const tableLine = kept?.comments.find((c) => c.startsWith('table: '));
      if (
        (reuse || !inPart(m, n)) &&
        kept &&
        tableLine &&
        !(retry && tableLine.startsWith('table: open') && bound - kept.value >= retryGap)
      ) {
        const [, status, how] = /^table: (\w+); (.*)$/.exec(tableLine) ?? [];
        const entry: Entry = { m, n, value: kept.value, bound, status: status as Entry['status'], how: how ?? '', file };
        entries.set(`${m}x${n}`, entry);
        const [, time, route] = /^time: ([\d.]+) ms, (.*)$/.exec(kept.comments.find((c) => c.startsWith('time: ')) ?? '') ?? [];
        if (time !== undefined && route !== undefined) times.push({ entry, ms: Number(time), route });
        continue;
      }
      // Out of this part, or (retrying) not an open entry made earlier: another run's.
      if (!inPart(m, n) || (retry && !tableLine)) continue;
      let best: { shading: readonly boolean[]; value: number; found: string } | null = kept
        ? {
            shading: kept.shading,
            value: kept.value,
            found: (kept.comments.find((c) => c.startsWith('found: ')) ?? 'found: a kept record')
              .slice(7)
              .replace(/, \d{4}-\d\d-\d\d \d\d:\d\d UTC$/, ''),
          }
        : null;
      let status: Entry['status'];
      let how: string;
      const route: string[] = [];
      const dpSettles = async () => {
        const dp = transferMaxBlack(m, n, { witness: true });
        const exact = dp.maxShaded!;
        route.push('DP');
        if (best && best.value > exact) throw new Error(`${m}x${n}: a record has ${best.value}, the DP's maximum is ${exact}: a bug`);
        if (!best || best.value < exact) {
          if ((await judged(m, n, dp.shading!)) !== exact) throw new Error(`${m}x${n}: the DP's shading does not have its count: a bug`);
          best = {
            shading: dp.shading!,
            value: exact,
            found: `transfer-matrix DP (maxblack-transfer.ts), read back from its best state in ${Math.round(dp.timeMs)} ms`,
          };
        }
        status = exact === bound ? 'bound' : 'dp';
        how =
          status === 'bound'
            ? `shading meets the bound; the transfer-matrix DP agrees (${ms(dp.timeMs)} ms)`
            : `transfer-matrix DP: maximum ${exact}, so the bound ${bound} is not met (${ms(dp.timeMs)} ms)`;
      };
      if (m <= tableDpMax) await dpSettles();
      else {
        if (!best || best.value < bound) {
          const source = entries.get(`${m - 6}x${n - 6}`);
          if (source && m - 6 >= 4) {
            const sourceFile = parseShadingFile(readFileSync(new URL(source.file, examples), 'utf8'));
            // The source as it is, then its transpose (the strips then go in the other order,
            // through other cuts), the grown shading transposed back.
            for (const turned of [false, true]) {
              if (best && best.value >= bound) break;
              const [r0, c0] = turned ? [source.n, source.m] : [source.m, source.n];
              const text = formatShadingFile(r0, c0, turned ? transpose(source.m, source.n, sourceFile.shading) : sourceFile.shading);
              const g = await maxblack('grow', { command: 'maxblack', grow: text, growSource: source.file, timeoutMs: tableGrowMs });
              progress(
                `${m}x${n}: grown from ${source.m}x${source.n}${turned ? ' turned' : ''} (${source.value} of ${source.bound}): ${g.status} in ${ms(g.timeMs)} ms`,
              );
              route.push(turned ? 'grow turned' : 'grow');
              const grown = g.shading && turned ? transpose(n, m, g.shading) : g.shading;
              if (g.status === 'found' && grown && (await judged(m, n, grown)) === g.value && g.value > (best?.value ?? -1))
                best = {
                  shading: grown,
                  value: g.value,
                  found: `grown from the ${source.m}x${source.n} entry${turned ? ', turned (its transpose grown, the result transposed back)' : ''} (maxblack --grow ${turned ? `the transpose of ${source.file}` : source.file} --cuts ${g.rowCut},${g.colCut}) in ${Math.round(g.timeMs)} ms`,
                };
            }
          }
        }
        // Where the DP will settle the value anyway, a shading below the bound is not worth a search.
        const rescue = m <= tableDpRescue;
        for (const wanted of best || rescue ? [bound] : [bound, bound - 1]) {
          if (best && best.value >= wanted) break;
          const r = await maxblack('at-least', { command: 'maxblack', rows: m, cols: n, atLeast: wanted, timeoutMs: tableAimMs });
          progress(`${m}x${n}: aimed search for ${wanted}: ${r.status} in ${ms(r.timeMs)} ms`);
          route.push('aimed');
          if (r.status === 'found' && r.shading && (await judged(m, n, r.shading)) === r.value && r.value > (best?.value ?? -1))
            best = {
              shading: [...r.shading],
              value: r.value,
              found: `search aimed at ${wanted} (maxblack ${m}x${n} --at-least ${wanted}) in ${Math.round(r.timeMs)} ms`,
            };
        }
        if (!best && !rescue) {
          // Nothing yet: maxBlack's own search climbs from a first shading, given four times as long.
          const r = await maxblack('maximum', { command: 'maxblack', rows: m, cols: n, timeoutMs: 4 * tableAimMs });
          route.push('maximum');
          if (r.value > 0 && (await judged(m, n, r.shading)) === r.value)
            best = { shading: [...r.shading], value: r.value, found: `maxblack ${m}x${n}, best within ${ms(4 * tableAimMs)} ms` };
        }
        if (best?.value === bound) {
          status = 'bound';
          how = 'shading meets the bound';
        } else if (rescue) await dpSettles();
        else if (best) {
          status = 'open';
          how = `open: best shading ${best.value}, bound ${bound}; no refutation in reach`;
        }
      }
      const b = best as { shading: readonly boolean[]; value: number; found: string } | null;
      if (!b) throw new Error(`${m}x${n}: no shading at all`);
      const entry: Entry = { m, n, value: b.value, bound, status: status!, how: `${how!}; found by ${b.found}`, file };
      entries.set(`${m}x${n}`, entry);
      const elapsed = performance.now() - started;
      const routeName = route.length === 0 ? 'kept' : route.join('+');
      times.push({ entry, ms: elapsed, route: routeName });
      // The squares' record files keep their own comments (bench maxblack-oeis writes them) unless improved.
      if (m !== n || !kept || kept.value < b.value) writeEntryFile(entry, b.shading, b.found, `${Math.round(elapsed)} ms, ${routeName}`);
      progress(`${m}x${n}: ${entry.value} of bound ${bound} (${entry.status}, ${routeName}, ${ms(elapsed)} ms)`);
    }
    // After each m, so that a run cut short keeps what it has; parts leave the gathering to the --reuse run.
    if (part === undefined) writeFileSync(new URL('table.tsv', examples), formatTableTsv([...entries.values()].map(withDrat)));
  }
  if (part === undefined) writeTableSection([...entries.values()].map(withDrat), times, tableDpMax, tableDpRescue, tableGrowMs, tableAimMs);
}

/** The BENCH.md section `maxblack-table30` and the grid in docs/maxblack.md (between its `table30` markers). */
function writeTableSection(
  entries: readonly TableEntry[],
  times: readonly { entry: { status: string }; ms: number; route: string }[],
  dpMax: number,
  dpRescue: number,
  growMs: number,
  aimMs: number,
): void {
  const max = Math.max(...entries.map((e) => e.n));
  const byStatus = (s: string) => entries.filter((e) => e.status === s).length;
  const mark = (e: (typeof entries)[number]) =>
    e.status === 'bound' ? String(e.value) : e.status === 'dp' ? `${e.value}*` : `≥${e.value}?`;
  const sizes = Array.from({ length: max }, (_, k) => k + 1);
  const grid = sizes.map((m) => [
    String(m),
    ...sizes.map((n) => {
      const e = entries.find((x) => x.m === m && x.n === n);
      return e ? mark(e) : '';
    }),
  ]);
  const open = entries.filter((e) => e.status === 'open').map((e) => `${e.m}x${e.n} (best ${e.value}, bound ${e.bound})`);
  const below = entries.filter((e) => e.status === 'dp').map((e) => `${e.m}x${e.n}: ${e.value} (bound ${e.bound})`);
  const gridText = `${table(['m \\ n', ...sizes.map(String)], grid, [false, ...sizes.map(() => true)])}

A plain number meets the edge-counting bound (a checked shading with that many, so the maximum);
\`N*\`: below the bound, the maximum by the exhaustive transfer-matrix DP (the shading has N);
\`≥N?\`: open, the best shading found has N and the bound is not met.
${below.length === 0 ? '' : `\nBelow the bound (${below.length}): ${below.join('; ')}.\n`}${open.length === 0 ? '' : `\nOpen (${open.length}): ${open.join('; ')}.\n`}`;
  const routes = [...new Set(times.map((t) => t.route))].sort();
  const rows = routes.map((route) => {
    const ts = times.filter((t) => t.route === route).map((t) => t.ms);
    return [route, String(ts.length), ms(median(ts)), ms(p95(ts)), ms(Math.max(...ts)), ms(ts.reduce((a, b) => a + b, 0))];
  });
  writeSection(
    'maxblack-table30',
    `${header(
      `maxblack-table30: b(m, n) for 1 ≤ m ≤ n ≤ ${max} (examples/maxblack/table.tsv)`,
      `Method: for m ≤ ${dpMax} the transfer-matrix DP (\`maxblack-transfer.ts\`, exhaustive, no SAT) with a witness shading read back from its best state; for larger m a kept record at the bound, else growing the (m-6) x (n-6) entry, then its transpose (\`maxblack --grow\`, at most ${ms(growMs)} ms each), else the search aimed at the bound (\`maxblack --at-least\`, at most ${ms(aimMs)} ms); still below it, the DP for m ≤ ${dpRescue}, else open (retried with \`--retry-open\`). The options stated are the largest any part used; each entry's file says what found it and how long it took. Every shading is judged by \`maxblack --check\` (the independent checker) before it is written; a shading at the bound is the maximum, one below it is the maximum only with the DP.`,
    )}**${entries.length} entries: ${byStatus('bound')} meet the bound, ${byStatus('dp')} below it proven by the DP, ${byStatus('open')} open.**

Time per entry, by route ("kept": a record file at the bound, judged again; "DP": the transfer-matrix DP; "grow", "aimed": SAT searches; "+": tried in turn), ms, wall clock on a shared machine, as each entry's record file states it (\`time:\`): a run that gathers parts with \`--reuse\` reports the times of the runs that made the entries, ${times.length} of ${entries.length} entries timed (the squares above 12 are kept records, timed in \`maxblack-oeis\`):

${table(['route', 'entries', 'median', 'p95', 'max', 'total'], rows, [false, true, true, true, true, true])}

${gridText}`,
  );
  writeSection('table30', gridText, new URL('../../docs/maxblack.md', import.meta.url).pathname);
}

/** The transpose of a rows x cols shading (row-major), a cols x rows one. */
function transpose(rows: number, cols: number, shading: readonly boolean[]): boolean[] {
  const out = new Array<boolean>(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = shading[r * cols + c]!;
  return out;
}

/** An entry below the bound with a committed DRAT refutation of one more (examples/maxblack/proofs/) says so. */
function withDrat(e: TableEntry): TableEntry {
  const proof = `proofs/${e.m}x${e.n}-at-least-${e.value + 1}`;
  if (e.status !== 'dp' || !existsSync(new URL(`${proof}.drat`, examples)) || e.how.includes(proof)) return e;
  return { ...e, how: `${e.how}; also refuted by the DRAT proof ${proof}.drat of ${proof}.cnf, checked by src/sat/drat-check.ts` };
}
