/**
 * The variables of the Hitori encodings, every one allocated through one IDPool.
 *
 * `shaded(i)` ("cell i is black") is member i of the block `shaded`, which is allocated first in
 * a fresh pool, so it is variable i + 1: a model's shading is read off variables 1..R·C, the
 * documented DIMACS contract, and a DIMACS file can be decoded without the pool. The distance
 * layers of each cell are a block of their own, allocated by the layer encoder for exactly the
 * layers that cell can have.
 */
import type { Puzzle } from '../src/puzzle/puzzle.js';
import type { Cnf } from '../src/sat/cnf.js';
import { IDPool } from '../src/sat/variable-pool.js';

export type HitoriKey = string | readonly (string | number)[];

/** No cell has layers yet (see HitoriVars' layer arrays). */
const noLayers = new Int32Array(0);

export class HitoriVars {
  readonly pool = new IDPool<HitoriKey>();
  readonly cells: number;
  /** The variable of cell 0's shading; the block's members are consecutive. */
  private readonly shadedFirst: number;
  /**
   * Per cell: the variable of its lowest layer, and that layer (set by `layerBlock`). Made on
   * the first `layerBlock`: only the layered encoding has layers, and on a 1000x1000 grid these
   * are 12 MB that the lazy one would hold beside the solver for nothing.
   */
  private layerFirst = noLayers;
  private layerLow = noLayers;
  private layerCount = noLayers;

  constructor(readonly puzzle: Puzzle) {
    this.cells = puzzle.rows * puzzle.cols;
    this.shadedFirst = this.pool.block('shaded', this.cells);
  }

  /** "Cell i is shaded": variable i + 1, as the block is the pool's first. */
  shaded(i: number): number {
    return this.shadedFirst + i;
  }

  /** Allocates the variables d(i,k) for k = low .. low + count - 1 (distance-layer connectivity). */
  layerBlock(i: number, low: number, count: number): void {
    if (this.layerFirst === noLayers) {
      this.layerFirst = new Int32Array(this.cells);
      this.layerLow = new Int32Array(this.cells);
      this.layerCount = new Int32Array(this.cells);
    }
    this.layerFirst[i] = this.pool.block(['layer', i], count);
    this.layerLow[i] = low;
    this.layerCount[i] = count;
  }

  /** "Cell i is at distance k from the ground cell", or 0 when that layer was not allocated. */
  layer(i: number, k: number): number {
    const offset = k - (this.layerLow[i] ?? 0);
    return offset >= 0 && offset < (this.layerCount[i] ?? 0) ? this.layerFirst[i]! + offset : 0;
  }

  /** A readable name for variable v, for DIMACS comments and debugging. */
  describe(v: number): string {
    const key = this.pool.obj(v);
    if (!Array.isArray(key)) return `auxiliary ${Math.abs(v)}`;
    const at = (i: number) => `${Math.floor(i / this.puzzle.cols) + 1},${(i % this.puzzle.cols) + 1}`;
    if (key[0] === 'shaded') return `shaded(${at(Number(key[1]))})`;
    const i = Number(key[1]);
    return `layer(${at(i)},${(this.layerLow[i] ?? 0) + Number(key[2])})`;
  }
}

/** Every encoder has this one signature: it reads the puzzle and appends clauses; it never solves. */
export type Encoder = (puzzle: Puzzle, vars: HitoriVars, cnf: Cnf) => void;
