/** `verify`: its request, its result and their checks at the door. */
import { UsageError } from '../../control/errors.js';
import type { VerifyResult } from '../../certify/verify.js';
import type { Bounded } from '../bounded.js';

/**
 * Check a certificate (src/certify/): the CNF rebuilt from its puzzle and compared, each
 * shading by the independent checker, the DRAT proof by the project's checker.
 */
export interface VerifyRequest extends Bounded {
  readonly command: 'verify';
  /** The certificate's files, name -> content (a folder's files, or a tar archive's). */
  readonly files: Readonly<Record<string, string | Uint8Array>>;
}

/** `ok` with the verdict it proves, or the first thing that does not hold. */
export type { VerifyResult };

export function checkVerify(request: VerifyRequest): void {
  const { files } = request;
  if (files === null || typeof files !== 'object' || Array.isArray(files))
    throw new UsageError('files is an object of file name -> content (text or bytes)');
  for (const [name, content] of Object.entries(files))
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) throw new UsageError(`files["${name}"] is neither text nor bytes`);
}
