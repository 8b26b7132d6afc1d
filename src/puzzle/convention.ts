/**
 * Rule conventions. `literal` is the three rules as written. The other two add a rule that some
 * publishers and papers assume:
 * - `unique-white`: a cell whose number occurs once in its row and once in its column stays
 *   unshaded.
 * - `shaded-duplicates`: every shaded cell repeats the number of an unshaded cell in its row or
 *   column (nothing is shaded without a reason; the thesis's counting tables follow this one).
 * Every solution under a stricter convention is a solution under `literal`, so `literal` is the
 * strictest test of uniqueness.
 */
export const conventions = ['literal', 'unique-white', 'shaded-duplicates'] as const;
export type Convention = (typeof conventions)[number];
