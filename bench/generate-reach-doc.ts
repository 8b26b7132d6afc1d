/**
 * The table of what `generate` takes on, written into docs/commands.md (section `generate-reach`)
 * from src/generate/generate-reach.ts, the measurement `npm run bench:generate-class` made: it
 * calls this after each size, and `node dist/bench/generate-reach-doc.js` rewrites it alone.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reach, reachCapMs, reachDate, reachRuns } from '../src/generate/generate-reach.js';
import { repoRoot, table, writeSection } from './lib.js';

const symmetryOrder = ['none', 'rot180', 'mirror', 'diagonal'];

/** Rewrites the docs/commands.md section from the given rows (the module's table by default). */
export function writeReachDoc(rows: typeof reach = reach, runs = reachRuns, capMs = reachCapMs, date = reachDate): void {
  const sizes = [...new Set(rows.map((r) => r[0]))].sort((a, b) => a - b);
  const classes = [...new Set(rows.map((r) => r[1]))];
  const cell = (size: number, cls: string) => {
    const at = rows.filter((r) => r[0] === size && r[1] === cls);
    const ok = symmetryOrder.filter((s) => at.some((r) => r[2] === s && r[3] === runs && r[4] === runs));
    const measured = at.length;
    if (measured === 0) return 'not measured';
    if (ok.length === measured) return 'yes';
    if (ok.length === 0) return 'refused';
    return ok.join(', ');
  };
  const body = `The table as measured (${date}, up to ${runs} puzzles per combination, ${capMs / 1000} s of CPU time each; written by
\`npm run bench:generate-class\` from src/generate/generate-reach.ts, with the times in BENCH.md, \`generate-by-class\`).
"yes": every symmetry (none, rot180, mirror, diagonal) is taken on; "refused": none is; otherwise the symmetries taken on.

${table(
  ['size', ...classes.map((c) => (c === 'any' ? 'any class' : c))],
  sizes.map((size) => [`${size}x${size}`, ...classes.map((cls) => cell(size, cls))]),
)}
`;
  writeSection('generate-reach', body, join(repoRoot, 'docs', 'commands.md'));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeReachDoc();
