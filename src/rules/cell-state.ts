/** The three states of a cell on a rule-engine board (board.ts re-exports them). */
export const UNKNOWN = 0;
export const WHITE = 1;
export const BLACK = 2;
export type CellState = typeof UNKNOWN | typeof WHITE | typeof BLACK;
