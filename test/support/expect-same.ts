/**
 * `expect(actual, message).toEqual(expected)` for the hot loops of the property tests.
 *
 * Why: each call of vitest's `expect` sets up its state, goes through chai's proxies and its deep
 * equality, some 10-30 µs; the property tests make hundreds of thousands (every cell pair of
 * every random grid), and those calls took more CPU than the code under test (11 s of the unit
 * tests' 100). Here a plain comparison decides the common case, equal values; on any difference,
 * or a value it does not compare itself, vitest's own assertion runs, so a failure reads as before.
 */
import { expect } from 'vitest';

/**
 * Passes when `actual` equals `expected` as `toEqual` judges; a difference fails with vitest's
 * message, headed by `message` (a function is called only then: the case's description, built
 * from the grid, can cost more than the comparison).
 */
export function expectSame<T>(actual: T, expected: T, message?: string | (() => string)): void {
  if (!plainlyEqual(actual, expected)) expect(actual, typeof message === 'function' ? message() : message).toEqual(expected);
}

/**
 * True only when `toEqual` would pass for sure: the same value (Object.is); arrays, or typed arrays,
 * of one kind and length whose items are so; plain objects with the same keys whose values are so.
 * False means "ask vitest", not "different".
 */
function plainlyEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const kind = Object.getPrototypeOf(a) as object | null;
  if (kind !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) || (ArrayBuffer.isView(a) && !(a instanceof DataView))) {
    const x = a as ArrayLike<unknown>;
    const y = b as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!plainlyEqual(x[i], y[i])) return false;
    return true;
  }
  if (kind !== Object.prototype || Object.getOwnPropertySymbols(a).length + Object.getOwnPropertySymbols(b).length > 0) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys)
    if (!Object.hasOwn(b, key) || !plainlyEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  return true;
}
