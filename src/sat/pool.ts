/**
 * A variable pool in the spirit of PySAT's IDPool: meaningful keys map to DIMACS variable numbers
 * (1, 2, 3, ... in order of first request) and back. Encoders ask the pool for a variable by what
 * it means and never invent numbers by hand.
 *
 * Two ways to allocate:
 * - `id(key)`: one variable per key, allocated on first request (keys are compared by their
 *   `String()` form, so tuples work: ['d', 12, 3]).
 * - `block(key, size)`: `size` consecutive variables for a family indexed 0..size-1, e.g. the
 *   shading of every cell. No string is made per variable, and `obj(v)` still maps back, to
 *   `[...key, index]`. Large families (a million layer variables) stay cheap this way.
 */
export type PoolKey = string | number | readonly (string | number)[];

interface Block<K> {
  readonly key: K;
  readonly first: number;
  readonly size: number;
}

export class IDPool<K extends PoolKey = PoolKey> {
  private readonly ids = new Map<string, number>();
  private readonly keys = new Map<number, K>();
  private readonly blocks: Block<K>[] = [];
  private last = 0;

  /** The highest variable number handed out so far. */
  get top(): number {
    return this.last;
  }

  /** The variable for `key`, allocated on first request. */
  id(key: K): number {
    const s = String(key);
    let v = this.ids.get(s);
    if (v === undefined) {
      v = ++this.last;
      this.ids.set(s, v);
      this.keys.set(v, key);
    }
    return v;
  }

  /** The variable for `key` if it was ever allocated with `id`. */
  peek(key: K): number | undefined {
    return this.ids.get(String(key));
  }

  /** Allocates `size` consecutive variables for the family `key`; returns the first. */
  block(key: K, size: number): number {
    const first = this.last + 1;
    this.blocks.push({ key, first, size });
    this.last += size;
    return first;
  }

  /**
   * The key of variable v (either polarity): the key given to `id`, or `[...blockKey, index]` for
   * a block member; undefined for a variable this pool never issued.
   */
  obj(v: number): K | (string | number)[] | undefined {
    const abs = Math.abs(v);
    const single = this.keys.get(abs);
    if (single !== undefined) return single;
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const b = this.blocks[mid]!;
      if (abs < b.first) hi = mid - 1;
      else if (abs >= b.first + b.size) lo = mid + 1;
      else return [...(Array.isArray(b.key) ? b.key : [b.key as string | number]), abs - b.first];
    }
    return undefined;
  }
}
