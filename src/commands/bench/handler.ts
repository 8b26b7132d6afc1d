/** `bench` needs worker threads: in this thread (a browser) it is refused; node.ts runs it. */
import { UsageError } from '../../control/errors.js';
import type { Handler } from '../handler.js';

export const handler: Handler<'bench'> = async () => {
  throw new UsageError('bench runs on worker threads: use hitori-sat/node (Node only)');
};
