/** `dimacs`: the complete layered CNF (cnf.ts), built on first use. */
import type { Handler } from '../handler.js';

export const handler: Handler<'dimacs'> = async (request, { limit }) => {
  const { dimacsOf } = await import('./cnf.js');
  return dimacsOf(request, limit);
};
