/**
 * A variable pool in the spirit of PySAT's IDPool: meaningful keys map to DIMACS variable numbers
 * (1, 2, 3, ... in order of first request) and back. Encoders ask the pool for a variable by what
 * it means and never invent numbers by hand.
 *
 * Keys are any values whose `String()` form is unique (tuples are joined, e.g. "d,12,3"); the pool
 * keeps the original key for `obj()`.
 */
export type PoolKey = string | number | readonly (string | number)[];

export class IDPool<K extends PoolKey = PoolKey> {
  private readonly ids = new Map<string, number>();
  private readonly keys: (K | undefined)[] = [undefined];

  /** The highest variable number handed out so far. */
  get top(): number {
    return this.keys.length - 1;
  }

  /** The variable for `key`, allocated on first request. */
  id(key: K): number {
    const s = String(key);
    let v = this.ids.get(s);
    if (v === undefined) {
      v = this.keys.length;
      this.ids.set(s, v);
      this.keys.push(key);
    }
    return v;
  }

  /** The variable for `key` if it was ever allocated. */
  peek(key: K): number | undefined {
    return this.ids.get(String(key));
  }

  /** The key of variable v (either polarity), or undefined for a variable this pool never issued. */
  obj(v: number): K | undefined {
    return this.keys[Math.abs(v)];
  }
}
