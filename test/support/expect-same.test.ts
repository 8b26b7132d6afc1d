import { describe, expect, it } from 'vitest';
import { expectSame } from './expect-same.js';

describe('expectSame', () => {
  it('passes where toEqual passes: equal primitives, arrays, typed arrays and plain objects, nested', () => {
    expectSame(3, 3);
    expectSame(Number.NaN, Number.NaN);
    expectSame([1, [2, 'a'], { b: true }], [1, [2, 'a'], { b: true }]);
    expectSame(Uint8Array.of(1, 2), Uint8Array.of(1, 2));
    expectSame({ rows: 1, values: [1, 2] }, { values: [1, 2], rows: 1 });
    // Where it cannot tell, vitest decides: an undefined property is no difference to toEqual.
    expectSame<object>({ a: 1, b: undefined }, { a: 1 });
  });

  it('fails where toEqual fails, with the message it is given, built only then', () => {
    let built = 0;
    const message = () => `case ${++built}`;
    expectSame(1, 1, message);
    expect(built).toBe(0);
    for (const [actual, expected] of [
      [1, 2],
      [0, -0],
      [
        [1, 2],
        [1, 2, 3],
      ],
      [Uint8Array.of(1), Int8Array.of(1)],
      [Uint8Array.of(1), [1]],
      [{ a: [1] }, { a: [2] }],
      [{ a: 1 }, { b: 1 }],
    ] as const)
      expect(() => expectSame<unknown>(actual, expected, message)).toThrow(/case \d/);
    expect(built).toBe(7);
  });
});
