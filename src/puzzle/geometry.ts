/**
 * The shape of an R x C grid as flat typed arrays, computed once per size and shared, for hot
 * loops that must not allocate per cell: the neighbour lists in compressed form (the neighbours
 * of cell i are `adjacent[start[i]]` up to `adjacent[start[i + 1]]`), and the lines.
 */
export interface Geometry {
  readonly rows: number;
  readonly cols: number;
  readonly cells: number;
  readonly start: Int32Array;
  readonly adjacent: Int32Array;
  /** Every row, then every column, as the cell indices along it. */
  readonly lines: readonly Int32Array[];
}

const cache = new Map<string, Geometry>();

export function geometry(rows: number, cols: number): Geometry {
  const key = `${rows}x${cols}`;
  let g = cache.get(key);
  if (!g) {
    const cells = rows * cols;
    const start = new Int32Array(cells + 1);
    const adjacent = new Int32Array(2 * (rows * (cols - 1) + cols * (rows - 1)));
    let k = 0;
    for (let i = 0; i < cells; i++) {
      start[i] = k;
      const r = Math.floor(i / cols);
      const c = i - r * cols;
      if (r > 0) adjacent[k++] = i - cols;
      if (c > 0) adjacent[k++] = i - 1;
      if (c < cols - 1) adjacent[k++] = i + 1;
      if (r < rows - 1) adjacent[k++] = i + cols;
    }
    start[cells] = k;
    const lines: Int32Array[] = [];
    for (let r = 0; r < rows; r++) lines.push(Int32Array.from({ length: cols }, (_, c) => r * cols + c));
    for (let c = 0; c < cols; c++) lines.push(Int32Array.from({ length: rows }, (_, r) => r * cols + c));
    g = { rows, cols, cells, start, adjacent, lines };
    cache.set(key, g);
  }
  return g;
}
