/**
 * The ambiguity map as text (the grid with free cells in brackets), JSON and an SVG picture (the
 * one board renderer: free cells undecided, grey, and outlined as where solutions differ).
 */
import type { AmbiguityMap } from '../../solve/ambiguity.js';
import { toGrid, type Puzzle } from '../../puzzle/puzzle.js';
import type { BoardPicture } from '../../render/svg.js';
import { renderShading } from '../../render/text.js';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One line: what the map says. */
function ambiguitySummary(puzzle: Puzzle, map: AmbiguityMap): string {
  const n = puzzle.rows * puzzle.cols;
  if (map.status === 'none') return 'no solution: every shading breaks a rule, so there is nothing to map';
  if (map.status === 'unique') return `unique: all ${n} cells are forced (the one solution below)`;
  return `ambiguous: ${plural(map.free, 'cell')} of ${n} free (in brackets: they differ between solutions), ${map.forced} forced; ${map.seen} solutions seen`;
}

export function ambiguityText(puzzle: Puzzle, map: AmbiguityMap): string {
  const head = `${ambiguitySummary(puzzle, map)}\n`;
  return map.status === 'none' ? head : `${head}${renderShading(puzzle, map.cells)}`;
}

export function ambiguityJson(puzzle: Puzzle, map: AmbiguityMap) {
  return {
    status: map.status,
    rows: puzzle.rows,
    cols: puzzle.cols,
    id: puzzle.id ?? null,
    /** 1 forced shaded, 0 forced unshaded, null free. */
    cells:
      map.status === 'none'
        ? null
        : toGrid(
            puzzle,
            map.cells.map((c) => (c === null ? null : c ? 1 : 0)),
          ),
    forced: map.forced,
    free: map.free,
    solutionsSeen: map.seen,
    satCalls: map.satCalls,
    timeMs: Math.round(map.timeMs * 10) / 10,
  };
}

/** The picture: forced cells in their colour, free cells grey with a dashed outline, and the summary as caption. */
export function ambiguityPicture(puzzle: Puzzle, map: AmbiguityMap): BoardPicture {
  const caption = [ambiguitySummary(puzzle, map).replace(' (in brackets: they differ between solutions)', ' (grey, outlined)')];
  const free = new Set<number>();
  map.cells.forEach((c, i) => {
    if (c === null) free.add(i);
  });
  return {
    ...(map.status === 'none' ? {} : { cells: map.cells }),
    differ: free,
    caption,
    minWidth: Math.ceil(caption[0]!.length * 6.6) + 12,
  };
}
