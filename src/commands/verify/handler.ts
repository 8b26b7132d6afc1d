/** `verify`: checks a certificate's files (src/certify/verify.ts), within the request's limit. */
import type { Handler } from '../handler.js';

export const handler: Handler<'verify'> = async (request, { limit }) => {
  const { verifyCertificate } = await import('../../certify/verify.js');
  return verifyCertificate(request.files, { limit });
};
