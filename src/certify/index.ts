/**
 * Certified verdicts (issue 33): `makeCertificate` solves a puzzle and returns, as plain data,
 * a directory's files that prove its verdict to anyone; `verifyCertificate` checks such files.
 * Both are browser-safe; the external DRAT prover (external-prover.ts) is the Node-only extra.
 */
export { type Certificate, type CertificateFiles, type CertificateOptions, makeCertificate } from './make.js';
export { type VerifyOptions, type VerifyResult, verifyCertificate } from './verify.js';
export type { CertifiedVerdict, Manifest, ProofKind } from './layout.js';
export type { SatProver } from './sat-prover.js';
