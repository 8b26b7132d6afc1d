/** `repair`: its request, its result and their checks at the door. */
import { InputError } from '../../control/errors.js';
import type { Puzzle, Shading } from '../../puzzle/puzzle.js';
import type { RepairResult } from '../../repair/repair.js';
import type { Bounded } from '../bounded.js';
import { validateCount, validatePuzzle, validateShading } from '../validate.js';

/**
 * The fewest number changes (each to a number of 1..K+1, K the grid's largest) that make the
 * puzzle uniquely solvable, proven minimal: over any solution, or keeping `keep` (rules as
 * written). Progress: one event per bound proven. See src/repair/repair.ts.
 */
export interface RepairRequest extends Bounded {
  readonly command: 'repair';
  readonly puzzle: Puzzle;
  /** The solution to keep (scope `keep-solution`); default: any solution (scope `any-solution`). */
  readonly keep?: Shading;
  /** Search up to this many changes (default: no bound; the time limit may stop the search first). */
  readonly maxChanges?: number;
  /** List up to this many minimal change sets (default 5). */
  readonly alternatives?: number;
}

export type { RepairResult };

export function checkRepair(request: RepairRequest): void {
  validatePuzzle(request.puzzle);
  if (request.keep !== undefined) validateShading(request.puzzle, request.keep, 'keep');
  if (request.maxChanges !== undefined && !(Number.isSafeInteger(request.maxChanges) && request.maxChanges >= 0))
    throw new InputError(`maxChanges must be a whole number (0 or more), got ${String(request.maxChanges)}`, {}, 'options');
  validateCount('alternatives', request.alternatives);
}
