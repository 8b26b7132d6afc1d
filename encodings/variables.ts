/**
 * The variables of the Hitori encodings, allocated through one IDPool.
 *
 * `shaded(i)` ("cell i is black") is variable i + 1 for every cell, allocated first, so a model's
 * shading is read off variables 1..R·C and a DIMACS file can be decoded without the pool. Other
 * families (distance layers) are allocated after them by key.
 */
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { IDPool } from '../src/sat/pool.js';

export type HitoriKey = readonly ['shaded', number] | readonly ['layer', number, number];

export class HitoriVars {
  readonly pool = new IDPool<HitoriKey>();
  readonly cells: number;

  constructor(readonly puzzle: Puzzle) {
    this.cells = puzzle.rows * puzzle.cols;
    for (let i = 0; i < this.cells; i++) this.pool.id(['shaded', i]);
  }

  /** "Cell i is shaded": always variable i + 1. */
  shaded(i: number): number {
    return i + 1;
  }

  /** "Cell i is at distance k from the ground cell" (connectivity by distance layers). */
  layer(i: number, k: number): number {
    return this.pool.id(['layer', i, k]);
  }

  /** A readable name for variable v, for DIMACS comments and debugging. */
  describe(v: number): string {
    const key = this.pool.obj(v);
    if (key === undefined) return `auxiliary ${Math.abs(v)}`;
    const [kind, i] = key;
    const r = Math.floor(i / this.puzzle.cols) + 1;
    const c = (i % this.puzzle.cols) + 1;
    return key[0] === 'layer' ? `layer(${r},${c},${key[2]})` : `${kind}(${r},${c})`;
  }
}

/** Every encoder has this one signature: it reads the puzzle and appends clauses; it never solves. */
export type Encoder = (puzzle: Puzzle, vars: HitoriVars, cnf: import('../src/sat/cnf.js').Cnf) => void;
