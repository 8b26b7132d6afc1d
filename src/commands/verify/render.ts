/** The `verify` report: one line, the verdict proven and how, or what does not hold. */
import type { VerifyResult } from '../../certify/verify.js';

const proofWords: Record<string, string> = {
  deduction: 'by deduction (each deduced cell a RUP lemma)',
  'deduction+sat': "by deduction, then a SAT solver's DRAT proof",
  sat: "by a SAT solver's DRAT proof",
};

export function verifyText(source: string, result: VerifyResult): string {
  if (!result.ok) return `${source}: the certificate does not hold: ${result.problem}\n`;
  if (result.verdict === 'multiple') return `${source}: the certificate holds: multiple (two different solutions, each checked)\n`;
  const how = result.proofKind === null ? '' : `, ${proofWords[result.proofKind] ?? result.proofKind}`;
  return `${source}: the certificate holds: ${result.verdict}${how}\n`;
}

export function verifyJson(source: string, result: VerifyResult): string {
  return `${JSON.stringify({ source, ...result })}\n`;
}
