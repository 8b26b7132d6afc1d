/** A hint (src/solve/hint.ts) as the `hint` command prints it: text lines, or one JSON object. */
import type { Puzzle } from '../puzzle/puzzle.js';
import { cellLabel } from '../rules/board.js';
import { levelOf } from '../rules/catalogue.js';
import { explainStepLines } from '../rules/explain.js';
import { listing } from '../rules/lines.js';
import type { Hint, Marks } from '../solve/hint.js';

export function hintText(puzzle: Puzzle, hint: Hint, marks: Marks | undefined): string {
  const label = (i: number) => cellLabel(puzzle.cols, i);
  switch (hint.kind) {
    case 'no-solution':
      return 'The puzzle has no solution: no shading satisfies the rules.\n';
    case 'mistakes': {
      if (!hint.unique)
        return 'No solution agrees with all your marks. The puzzle has more than one solution, so the wrong marks cannot be singled out.\n';
      const each = hint.cells.map((i) => `${label(i)} is ${marks?.[i] ? 'shaded' : 'marked unshaded'}`);
      const count = hint.cells.length === 1 ? '1 mark is wrong' : `${hint.cells.length} marks are wrong`;
      return `${count}: ${listing(each)}; the only solution has ${hint.cells.length === 1 ? 'it' : 'them'} the other way round.\n`;
    }
    case 'solved':
      return 'Solved: every cell is marked, and the marks are a solution of the puzzle.\n';
    case 'step': {
      const [first, ...trial] = explainStepLines(hint.step);
      const head = `Hint (step ${hint.number} of the rule engine's solve, class ${levelOf(hint.step.technique)}): ${first}`;
      return `${[head, ...trial].join('\n')}\n`;
    }
    case 'solution-cell':
      return `No technique decides another cell from here. The only solution has ${label(hint.cell)} ${hint.shaded ? 'shaded' : 'unshaded'} (found by SAT, so no reason can be given).\n`;
    case 'stuck':
      return 'No technique decides another cell from here, and the puzzle has more than one solution.\n';
  }
}

interface CellJson {
  readonly row: number;
  readonly col: number;
}

/** A hint as JSON: its kind, and the cells it names (rows and columns 1-based). */
export type HintJson =
  | {
      readonly kind: 'mistakes';
      readonly unique: boolean;
      readonly mistakes: readonly (CellJson & { readonly marked: 'black' | 'white' })[];
    }
  | {
      readonly kind: 'step';
      readonly number: number;
      readonly technique: string;
      readonly class: string;
      readonly text: string;
      readonly cells: readonly (CellJson & { readonly colour: 'black' | 'white' })[];
    }
  | { readonly kind: 'solution-cell'; readonly cell: CellJson & { readonly colour: 'black' | 'white' } }
  | { readonly kind: 'no-solution' | 'solved' | 'stuck' };

export function hintJson(puzzle: Puzzle, hint: Hint, marks: Marks | undefined): HintJson {
  const at = (i: number): CellJson => ({ row: Math.floor(i / puzzle.cols) + 1, col: (i % puzzle.cols) + 1 });
  switch (hint.kind) {
    case 'mistakes':
      return {
        kind: hint.kind,
        unique: hint.unique,
        mistakes: hint.cells.map((i) => ({ ...at(i), marked: marks?.[i] ? 'black' : 'white' })),
      };
    case 'step':
      return {
        kind: hint.kind,
        number: hint.number,
        technique: hint.step.technique,
        class: levelOf(hint.step.technique),
        text: explainStepLines(hint.step).join('\n'),
        cells: hint.step.cells.map(({ cell, colour }) => ({ ...at(cell), colour })),
      };
    case 'solution-cell':
      return { kind: hint.kind, cell: { ...at(hint.cell), colour: hint.shaded ? 'black' : 'white' } };
    default:
      return { kind: hint.kind };
  }
}
