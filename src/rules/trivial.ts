/**
 * Trivial techniques (class A of the thesis).
 *
 * UC  ("Unique Cell"): a cell whose number no other non-black cell of its row or column shows is
 *     white. ASSUMES UNIQUENESS. Under the three rules as written it is not a consequence: such a
 *     cell may well be black in some solution. But if a solution T has it black, unshading it
 *     gives another solution: rule 1 holds (no other white cell of the line shows its number),
 *     rule 2 holds (fewer black cells), rule 3 holds (its neighbours are white in T, since it is
 *     black, so it joins the white region). So a puzzle with a unique solution never shades it.
 *     Deductions made with it are sound "up to unshading": see uniqueness.ts for the check that
 *     turns a solution found with UC into a proof of uniqueness. The thesis also applies UC when
 *     a cell becomes unique after its duplicates are blacked out; the same argument covers that.
 * NoB, the other rule of class A, is the kernel's (kernel.ts; as a technique, knock-on.ts).
 */
import type { Limit } from '../control/limit.js';
import { type Board, UNKNOWN } from './board.js';
import { hasLiveMate } from './kernel.js';
import { labels, listing, plural } from './lines.js';
import type { Trial } from './trial.js';
import { type Deduction, withReason } from './types.js';

/**
 * All cells UC whitens on the board as it stands, as one step (the thesis applies UC to the whole
 * board at once): a 10x10 grid starts with dozens of such cells, and one line per cell would bury
 * the first real deduction. Past `limit` it stops with the cells found so far (each one sound),
 * as a step of a large board (200,000 cells) takes a tenth of a second.
 */
export function UC(board: Board, trial: Trial | null = null, limit?: Limit): Deduction[] {
  const lone: number[] = [];
  const freed: number[] = [];
  const premises: number[] = [];
  const near = trial === null ? null : trial.nearChanges('mates');
  const count = near === null ? board.n : near.length;
  const { state } = board;
  const { mateStart, mate } = board.geo;
  for (let k = 0; k < count; k++) {
    if ((k & 4095) === 4095 && limit?.expired === true) break;
    const i = near === null ? k : near[k]!;
    if (state[i] !== UNKNOWN) continue;
    if (hasLiveMate(state, mateStart, mate, i)) continue;
    const from = mateStart[i]!;
    const to = mateStart[i + 1]!;
    (to === from ? lone : freed).push(i);
    premises.push(i);
    for (let e = from; e < to; e++) premises.push(mate[e]!);
  }
  if (lone.length + freed.length === 0) return [];
  const cells = [...lone, ...freed].sort((a, b) => a - b);
  const given = freed.flatMap((i) => [...board.mates(i)].map((cell) => ({ cell, colour: 'black' as const })));
  return [
    withReason(
      {
        technique: 'UC',
        cells: cells.map((cell) => ({ cell, colour: 'white' })),
        premises,
        usedUniqueness: true,
        given,
      },
      () => ucReason(board, lone, freed),
    ),
  ];
}

/**
 * UC one cell at a time, for a hint a player can follow: one deduction per cell UC would whiten,
 * the cells that are the only copy of their number first, each with its own premises.
 */
export function UCEach(board: Board): Deduction[] {
  const all = UC(board)[0];
  if (all === undefined) return [];
  const one = (cell: number): Deduction => {
    const mates = [...board.mates(cell)];
    return withReason(
      {
        technique: 'UC',
        cells: [{ cell, colour: 'white' }],
        premises: [cell, ...mates],
        usedUniqueness: true,
        given: mates.map((m) => ({ cell: m, colour: 'black' as const })),
      },
      () => ucReason(board, mates.length === 0 ? [cell] : [], mates.length === 0 ? [] : [cell]),
    );
  };
  return all.cells.map(({ cell }) => one(cell)).sort((a, b) => a.premises.length - b.premises.length);
}

function ucReason(board: Board, lone: readonly number[], freed: readonly number[]): string {
  const v = (i: number) => board.value(i);
  if (lone.length + freed.length === 1) {
    const i = (lone[0] ?? freed[0])!;
    const why = 'nothing forces it black, and a puzzle with one solution never shades such a cell';
    if (lone.length === 1) return `${board.label(i)} is the only ${v(i)} in its row and column: ${why}, so it is white`;
    const mates = [...board.mates(i)];
    return `${board.label(i)} is the last ${v(i)} left in its row and column (the other ${v(i)}${plural(mates.length, ' at', 's at')} ${labels(board, mates)} ${plural(mates.length, 'is', 'are')} black): ${why}, so it is white`;
  }
  const parts: string[] = [];
  if (lone.length > 0) {
    const list = listing(lone.map((i) => `${board.label(i)} (${v(i)})`));
    parts.push(
      lone.length === 1
        ? `${list} is the only copy of its number in its row and column`
        : `${list} each show the only copy of their number in their row and column`,
    );
  }
  const others = (i: number) => {
    const mates = [...board.mates(i)];
    return `the other ${v(i)}${plural(mates.length, ' at', 's at')} ${labels(board, mates)} ${plural(mates.length, 'is', 'are')} black`;
  };
  if (freed.length === 1) {
    const i = freed[0]!;
    parts.push(`${board.label(i)} is the last ${v(i)} left in its row and column (${others(i)})`);
  } else if (freed.length > 1) {
    const list = listing(freed.map((i) => `${board.label(i)} (${others(i)})`));
    parts.push(`${list} are each the last copy of their number left in their row and column`);
  }
  return `${parts.join(', and ')}; so these ${lone.length + freed.length} cells are white`;
}
