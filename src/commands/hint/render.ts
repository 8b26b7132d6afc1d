/** A hint (src/solve/hint.ts) as the `hint` command prints it: text lines, or one JSON object. */
import { cellLabel, cellName, type Puzzle } from '../../puzzle/puzzle.js';
import { levelOf, technique } from '../../rules/catalogue.js';
import { explainStepLines } from '../../rules/explain.js';
import { listing } from '../../rules/lines.js';
import type { TechniqueCode } from '../../rules/types.js';
import type { Hint, Marks } from '../../solve/hint.js';
import { stepFocus, stepTrial, stepWords } from './words.js';

/**
 * Each technique's rule in a player's words, printed under a hint so that the step can be
 * followed without the rule catalogue (docs/rules.md has the full statements).
 */
const ruleInWords: Readonly<Record<TechniqueCode, string>> = {
  UC: 'a cell whose number no other white cell of its row and column shows need never be shaded; a puzzle with one solution leaves it white',
  NoB: 'shaded cells never touch, so the neighbours of a shaded cell are white',
  DoW: 'a number shows at most once among the white cells of a row or column, so the other copies of a white number are shaded',
  'Sim-M3': 'of two equal numbers with one cell between them, one is shaded; the cell between touches it, so it is white',
  'Sim-U3':
    'of three equal numbers side by side, shading the middle one would leave both outer ones white; so the outer ones are shaded, the middle one white',
  'Sim-U*':
    'of two equal numbers side by side one stays white (shaded cells never touch), so every other copy of that number in the line is shaded',
  'Sim-M4': 'in a b a b, one a and one b are shaded and cannot touch: the outer two are shaded, the inner two white',
  'Sim-M*': 'in a b b a, one b is shaded and its neighbour a stays white; so every other a in the line is shaded',
  '2-SAT':
    'looking at this line alone: every way to shade it without a repeated white number or touching shaded cells gives these cells the same colours',
  DP: 'two touching cells are not both shaded, so one of their numbers stays white there and its copy elsewhere is shaded; the cells that touch both possible copies are white',
  SbP: 'two touching pairs a over b, a over b: exactly one a and one b of them stay white, so every other a of the one line and b of the other is shaded',
  CP: 'two pairs in a corner square shade diagonally; shading the two cells beside the corner would cut the corner off, so the corner and its diagonal are shaded',
  DoT: 'a corner whose two neighbours show its number: shading both neighbours would cut the corner off, so the corner is shaded and its neighbours white',
  'BoP-D':
    'pairs stacked against an edge are shaded like a checkerboard; each flanking cell touches a shaded cell or is the only way out of a white one, so it is white',
  'BoP-T':
    'pairs stacked against an edge are shaded like a checkerboard; each flanking cell touches a shaded cell or is the only way out of a white one, so it is white',
  BoP: 'pairs stacked against an edge are shaded like a checkerboard; each flanking cell touches a shaded cell or is the only way out of a white one, so it is white',
  'NCO-C':
    'the white cells must stay connected: a white corner cell with one neighbour shaded gets out only through the other, which is white',
  'NCO-B':
    'the white cells must stay connected: a white border cell with two neighbours shaded gets out only through the third, which is white',
  EP: 'the white cells must stay connected: one of the equal pair is shaded, and either way the named cell is the only way out, so it is white',
  'EP-B':
    'the white cells must stay connected: one of the equal pair is shaded, and either way the named cell is the only way out, so it is white',
  'EP-M':
    'the white cells must stay connected: one of the equal pair is shaded, and either way the named cell is the only way out, so it is white',
  NCO: 'the white cells must stay connected: shading this cell would cut white cells off, so it is white',
  'NCO-K': 'the white cells must stay connected: shading this cell, with what follows from it, would cut white cells off, so it is white',
  Prob: 'trying the other colour leads, step by step, to a broken rule; so the cell has this colour',
  'Prob-C': 'both colours of the tried cell lead to the same colours for these cells; so they have them',
  'Prob-2': 'trying the other colour leads to a broken rule, where the trial itself tried a cell both ways',
};

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
      return `${solvedText(hint.unique, hint.unmarked)}\n`;
    case 'step': {
      const [first, ...trial] = explainStepLines(hint.step);
      const { name, level } = technique(hint.step.technique);
      const head = `Hint (${name}, class ${level}): ${first}`;
      return `${[head, ...trial, `The rule: ${ruleInWords[hint.step.technique]}.`].join('\n')}\n`;
    }
    case 'solution-cell':
      return `No technique decides another cell from here. The only solution has ${label(hint.cell)} ${hint.shaded ? 'shaded' : 'unshaded'} (found by SAT, so no reason can be given).\n`;
    case 'stuck':
      return 'No technique decides another cell from here, and the puzzle has more than one solution.\n';
  }
}

/**
 * The `hint` command's text: for a step, the hint in plain words first, then the detailed text
 * (technique, class, reason, trial, rule) of `hintText`; every other kind as `hintText` has it.
 */
export function hintCommandText(puzzle: Puzzle, hint: Hint, marks: Marks | undefined): string {
  const details = hintText(puzzle, hint, marks);
  return hint.kind === 'step' ? `${stepWords(puzzle, hint.step)}\n${details}` : details;
}

function solvedText(unique: boolean, unmarked: number): string {
  const which = unique ? 'the shaded cells are exactly those of the only solution' : 'the shaded cells are one of the solutions';
  const rest = unmarked === 0 ? '' : ` (the ${unmarked === 1 ? 'unmarked cell is' : `${unmarked} unmarked cells are`} white)`;
  return `Solved: ${which}${rest}.`;
}

interface CellJson {
  readonly row: number;
  readonly col: number;
}

type ColouredCellJson = CellJson & { readonly colour: 'black' | 'white' };

/** A hint as JSON: its kind, and the cells it names (rows and columns 1-based). */
export type HintJson =
  | {
      readonly kind: 'mistakes';
      readonly unique: boolean;
      readonly mistakes: readonly (CellJson & { readonly marked: 'black' | 'white' })[];
      /** The wrong marks in plain words. */
      readonly words: string;
      /** Where to look: the wrong marks (none when they cannot be singled out). */
      readonly focus: readonly CellJson[];
    }
  | {
      readonly kind: 'step';
      /** The hint in plain words, no technique code: the reason, then what it decides. */
      readonly words: string;
      /** The technique's full name (its code is `technique`). */
      readonly name: string;
      /** Where to look (a graded hint's first grade): the pattern's cells, without their colours. */
      readonly focus: readonly CellJson[];
      /**
       * For a probe: the cell assumed (with the colour tried), the cells the trial then forced up
       * to the clash, and why it fails, so that the trial can be drawn on the board.
       */
      readonly trial?: {
        readonly assumed: readonly ColouredCellJson[];
        readonly cells: readonly ColouredCellJson[];
        readonly why: string;
      };
      readonly technique: string;
      readonly class: string;
      /** Whether the step relies on the puzzle having one solution (UC, or a probe that used it). */
      readonly assumesUnique: boolean;
      readonly text: string;
      /** The technique's rule in a player's words. */
      readonly rule: string;
      /** The cells the step decides, with their colours. */
      readonly cells: readonly (CellJson & { readonly colour: 'black' | 'white' })[];
      /** The cells it reasons from (their numbers or colours); `given`: the colours it states as known. */
      readonly premises: readonly CellJson[];
      readonly given: readonly (CellJson & { readonly colour: 'black' | 'white' })[];
    }
  | { readonly kind: 'solved'; readonly unique: boolean; readonly unmarked: number }
  | {
      readonly kind: 'solution-cell';
      readonly cell: ColouredCellJson;
      readonly words: string;
      readonly focus: readonly CellJson[];
    }
  | { readonly kind: 'no-solution' | 'stuck' };

export function hintJson(puzzle: Puzzle, hint: Hint, marks: Marks | undefined): HintJson {
  const at = (i: number): CellJson => ({ row: Math.floor(i / puzzle.cols) + 1, col: (i % puzzle.cols) + 1 });
  switch (hint.kind) {
    case 'mistakes':
      return {
        kind: hint.kind,
        unique: hint.unique,
        mistakes: hint.cells.map((i) => ({ ...at(i), marked: marks?.[i] ? 'black' : 'white' })),
        words: mistakesWords(puzzle, hint.cells, hint.unique, marks),
        focus: hint.cells.map(at),
      };
    case 'step': {
      const trial = stepTrial(hint.step);
      const coloured = ({ cell, colour }: { cell: number; colour: 'black' | 'white' }) => ({ ...at(cell), colour });
      return {
        kind: hint.kind,
        words: stepWords(puzzle, hint.step),
        name: technique(hint.step.technique).name,
        focus: stepFocus(hint.step).map(at),
        ...(trial === undefined
          ? {}
          : { trial: { assumed: trial.assumed.map(coloured), cells: trial.cells.map(coloured), why: trial.why } }),
        technique: hint.step.technique,
        class: levelOf(hint.step.technique),
        assumesUnique: hint.step.usedUniqueness === true,
        text: explainStepLines(hint.step).join('\n'),
        rule: ruleInWords[hint.step.technique],
        cells: hint.step.cells.map(({ cell, colour }) => ({ ...at(cell), colour })),
        premises: [...new Set(hint.step.premises)].map(at),
        given: (hint.step.given ?? []).map(({ cell, colour }) => ({ ...at(cell), colour })),
      };
    }
    case 'solved':
      return { kind: hint.kind, unique: hint.unique, unmarked: hint.unmarked };
    case 'solution-cell':
      return {
        kind: hint.kind,
        cell: { ...at(hint.cell), colour: hint.shaded ? 'black' : 'white' },
        words: `No rule gives a next step from here; in the only solution ${cellName(puzzle, hint.cell)} is ${hint.shaded ? 'shaded' : 'white'}.`,
        focus: [at(hint.cell)],
      };
    default:
      return { kind: hint.kind };
  }
}

/** The wrong marks in plain words: each named with what it should be. */
function mistakesWords(puzzle: Puzzle, cells: readonly number[], unique: boolean, marks: Marks | undefined): string {
  if (!unique) return 'No solution fits all your marks, but with more than one solution the wrong ones cannot be named.';
  const each = cells.map(
    (i) => `${cellName(puzzle, i)} ${marks?.[i] ? 'is shaded but should be white' : 'is marked white but should be shaded'}`,
  );
  const shown = each.length <= 3 ? listing(each) : `${each.slice(0, 3).join(', ')} and ${each.length - 3} more`;
  return `${cells.length === 1 ? 'This mark is wrong' : `${cells.length} marks are wrong`}: ${shown}.`;
}
