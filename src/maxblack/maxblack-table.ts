/**
 * The table of b(m, n), the maximum black cells of an m x n board, for 1 <= m <= n <= 30:
 * examples/maxblack/table.tsv, one row per board, written by `bench/maxblack.ts --only table` and
 * re-checked by test/examples/maxblack.test.ts (which reads the file with a parser of its own). Each row names the shading file that holds its
 * value (examples/maxblack/NxN.txt for squares, rect/MxN.txt for the others) and says how the
 * value is known to be the maximum:
 *
 * - `bound`: the shading meets the edge-counting upper bound (maxblack-bound.ts), which no valid
 *   shading exceeds, so it is the maximum whatever found it;
 * - `dp`: below the bound; the transfer-matrix DP (maxblack-transfer.ts), an exhaustive dynamic
 *   programme over all shadings, finds no more, and the shading has the DP's count;
 * - `open`: below the bound and no proof in reach; the value is the best shading found, a lower
 *   bound only.
 */

const tableStatuses = ['bound', 'dp', 'open'] as const;
type TableStatus = (typeof tableStatuses)[number];

export interface TableEntry {
  readonly m: number;
  readonly n: number;
  /** The shaded cells of the entry's shading: the maximum unless `open`. */
  readonly value: number;
  /** The edge-counting upper bound. */
  readonly bound: number;
  readonly status: TableStatus;
  /** In words: what proves the value, and what found the shading. */
  readonly how: string;
  /** The shading file, relative to examples/maxblack/. */
  readonly file: string;
}

const columns = ['m', 'n', 'value', 'bound', 'status', 'how', 'file'] as const;

/** The shading file of the m x n entry (m <= n), relative to examples/maxblack/. */
export function tableShadingFile(m: number, n: number): string {
  return m === n ? `${n}x${n}.txt` : `rect/${m}x${n}.txt`;
}

export function formatTableTsv(entries: readonly TableEntry[]): string {
  const lines = [columns.join('\t')];
  for (const e of entries) {
    if (/[\t\n]/.test(e.how)) throw new Error(`${e.m}x${e.n}: the "how" text may hold no tab or line break`);
    lines.push([e.m, e.n, e.value, e.bound, e.status, e.how, e.file].join('\t'));
  }
  return `${lines.join('\n')}\n`;
}
