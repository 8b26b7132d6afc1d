/** `convert`: the puzzle in another format or as an SVG picture, its answer or marks checked on the way. */
import { formatDocument, formats } from '../../formats/detect.js';
import { documentOf } from '../../formats/document.js';
import { checkMarks, checkShading } from '../../puzzle/check.js';
import type { Handler } from '../handler.js';
import type { ConvertResult } from './request.js';

export const handler: Handler<'convert'> = async (request, { limit }) => {
  const { puzzle, solution, marks, to } = request;
  let answerViolations = solution === undefined ? [] : checkShading(puzzle, solution);
  // A board in progress: not a wrong answer while cells are unmarked and it is not yet a solution.
  let unfinished: ConvertResult['unfinished'];
  if (
    marks?.includes(null) &&
    checkShading(
      puzzle,
      marks.map((m) => m === true),
    ).length > 0
  ) {
    const marked = marks.reduce<number>((k, m) => (m === null ? k : k + 1), 0);
    unfinished = { marked, cells: marks.length, violations: checkMarks(puzzle, marks) };
    answerViolations = [];
  }
  const progress = unfinished === undefined ? {} : { unfinished };
  if (to === 'svg') {
    const { renderSvg } = await import('../../render/svg.js');
    const shown = marks !== undefined ? { marks } : solution !== undefined ? { cells: solution } : {};
    const picture = { checkpoint: () => limit.check(), ...shown };
    return { output: renderSvg(puzzle, picture), answerViolations, answerDropped: false, ...progress };
  }
  // Written whole, once begun: begun only within the limit (the CLI keeps back the time it takes).
  limit.check();
  const output = formatDocument({ ...documentOf(puzzle, solution), ...(marks === undefined ? {} : { marks }) }, to);
  return { output, answerViolations, answerDropped: solution !== undefined && !formats[to].holdsSolution, ...progress };
};
