/** `decode`: a solver's model of the `dimacs` export (../dimacs/cnf.ts) mapped back to the grid and checked. */
import type { Handler } from '../handler.js';

export const handler: Handler<'decode'> = async (request, { limit }) => {
  const { decodeModel } = await import('../dimacs/cnf.js');
  return decodeModel(request, limit);
};
