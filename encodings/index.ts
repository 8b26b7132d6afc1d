/**
 * The complete Hitori CNF: rules 1 and 2, connectivity by distance layers, and the convention's
 * extra rule, with DIMACS comments naming the encoding and every shading variable's cell.
 */
import type { Convention } from '../src/puzzle/convention.js';
import type { Puzzle } from '../src/puzzle/puzzle.js';
import { Cnf } from '../src/sat/cnf.js';
import { encodeAdjacency } from './adjacency.js';
import { encodeConnectivitySeeds } from './connectivity-cuts.js';
import { encodeConnectivityLayers } from './connectivity-layers.js';
import { conventionEncoders } from './conventions.js';
import { encodeUniqueness } from './uniqueness.js';
import type { CnfSize } from './size.js';
import { HitoriVars } from './variables.js';

const connectivityModes = ['layers', 'lazy', 'none'] as const;
/**
 * `layers`: complete distance-layer connectivity. `lazy`: only the seed clauses of the
 * enclosure lemma; the solve loop adds cuts when a model falls apart (incomplete on its own).
 * `none`: rules 1 and 2 only.
 */
export type ConnectivityMode = (typeof connectivityModes)[number];

export interface EncodeOptions {
  readonly convention?: Convention;
  readonly connectivity?: ConnectivityMode;
  /** Add the DIMACS comments (header, one line per shading variable); default true. */
  readonly comments?: boolean;
  /** Called now and then while the clauses are built (every 4,096 clauses); it may throw to stop a long encoding. */
  readonly checkpoint?: () => void;
  /**
   * Cells decided beforehand (true shaded, false unshaded, null open): each becomes a unit clause
   * and every other clause is simplified by them (src/sat/cnf.ts), so the CNF holds only what is
   * still open. They must hold in every solution, or a "unique" proven on this CNF is void.
   */
  readonly known?: readonly (boolean | null)[];
  /** The CNF's estimated size (encodings/size.ts), room for which is made at once; ignored with `known` or `spill`. */
  readonly expected?: CnfSize;
  /**
   * Hands the clauses to a solver in chunks as they are built (Cnf.spillTo), so that the CNF is
   * never held whole: the returned CNF holds only the last chunk, for the caller to hand over.
   */
  readonly spill?: (chunk: Cnf) => void;
}

export interface HitoriCnf {
  readonly cnf: Cnf;
  readonly vars: HitoriVars;
  /** A short name of the encoding, e.g. "layers/literal". */
  readonly encoding: string;
}

export function encodeHitori(puzzle: Puzzle, options: EncodeOptions = {}): HitoriCnf {
  const convention = options.convention ?? 'literal';
  const connectivity = options.connectivity ?? 'layers';
  const vars = new HitoriVars(puzzle);
  const cnf = new Cnf(options.known === undefined ? undefined : fixedShading(vars, options.known));
  cnf.watch = options.checkpoint;
  if (options.spill !== undefined) cnf.spillTo(options.spill);
  if (options.expected !== undefined && options.known === undefined) cnf.expect(options.expected.literals, options.expected.clauses);
  cnf.declare(vars.cells);
  encodeUniqueness(puzzle, vars, cnf);
  encodeAdjacency(puzzle, vars, cnf);
  if (connectivity === 'layers') encodeConnectivityLayers(puzzle, vars, cnf);
  if (connectivity === 'lazy') encodeConnectivitySeeds(puzzle, vars, cnf);
  conventionEncoders[convention]?.(puzzle, vars, cnf);
  cnf.watch = undefined;
  const encoding = `${connectivity}/${convention}`;
  if (options.comments === false) return { cnf, vars, encoding };
  cnf.comments.push(
    `hitori-sat CNF: ${puzzle.rows}x${puzzle.cols} Hitori${puzzle.id ? ` "${puzzle.id}"` : ''}`,
    `encoding: uniqueness pairs, non-adjacency, connectivity=${connectivity}${connectivity === 'layers' ? ' (distance layers from a fixed ground cell)' : connectivity === 'lazy' ? ' (seed cuts only: INCOMPLETE without the cuts a solver adds lazily)' : ' (NOT ENCODED)'}, convention=${convention}`,
    `variable v in 1..${vars.cells} is true when cell (r,c) is shaded, v = (r-1)*${puzzle.cols} + c`,
  );
  for (let i = 0; i < vars.cells; i++) cnf.comments.push(`var ${vars.shaded(i)} ${vars.describe(vars.shaded(i))}`);
  return { cnf, vars, encoding };
}

/** The known cells as a fixed assignment of the shading variables (see Cnf). */
function fixedShading(vars: HitoriVars, known: readonly (boolean | null)[]): Int8Array {
  const fixed = new Int8Array(vars.shaded(vars.cells - 1) + 1);
  known.forEach((shaded, i) => {
    if (shaded !== null) fixed[vars.shaded(i)] = shaded ? 1 : -1;
  });
  return fixed;
}

/**
 * The clause that forbids exactly this shading: some shading variable differs (both polarities).
 * With `cells`, over those cells only: enough when every other cell is fixed by a unit clause.
 */
export function blockingClause(vars: HitoriVars, shading: readonly boolean[], cells?: ArrayLike<number>): Int32Array {
  // A typed array: on a 1000x1000 grid the clause has a million literals.
  const count = cells === undefined ? shading.length : cells.length;
  const clause = new Int32Array(count);
  for (let k = 0; k < count; k++) {
    const i = cells === undefined ? k : cells[k]!;
    clause[k] = shading[i] ? -vars.shaded(i) : vars.shaded(i);
  }
  return clause;
}
