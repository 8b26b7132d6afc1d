/**
 * A variable pool in the spirit of PySAT's IDPool, and the only place variable numbers are
 * invented: meaningful keys map to DIMACS variable numbers (1, 2, 3, ... in order of first
 * request) and back. Encoders ask the pool for a variable by what it means.
 *
 * Keys are compared by structure: a string, a number, or a tuple of them. `'12'` and `12` are
 * different keys, and so are `'a,b'`, `['a,b']` and `['a', 'b']`.
 *
 * Two ways to allocate:
 * - `id(key)`: one variable per key, allocated on first request.
 * - `block(family, size)`: `size` consecutive variables for a family indexed 0..size-1, e.g. the
 *   shading of every cell. Member k has the key `[...family, k]` (a scalar family `f` counts as
 *   `[f]`): `id` of that key finds it, and `obj` maps back to it. No string is made per variable,
 *   so large families (a million layer variables) stay cheap, and the members are consecutive,
 *   so a caller may compute member k as first + k.
 */
export type PoolKey = string | number | readonly (string | number)[];

interface Block {
  readonly family: readonly (string | number)[];
  readonly first: number;
  readonly size: number;
}

/** An injective text form of a key: strings quoted, numbers bare, tuples bracketed. */
function canonical(key: PoolKey): string {
  if (typeof key === 'string') return JSON.stringify(key);
  if (typeof key === 'number') return Object.is(key, -0) ? '-0' : String(key);
  return `[${key.map(canonical).join(',')}]`;
}

const familyOf = (key: PoolKey): readonly (string | number)[] => (Array.isArray(key) ? key : [key as string | number]);

export class IDPool<K extends PoolKey = PoolKey> {
  private readonly ids = new Map<string, number>();
  private readonly keys = new Map<number, K>();
  private readonly blocks: Block[] = [];
  private readonly families = new Map<string, Block>();
  /** The families (tuple keys without their last element) that `id` has allocated members of. */
  private readonly idFamilies = new Set<string>();
  private last = 0;

  /** The highest variable number handed out so far. */
  get top(): number {
    return this.last;
  }

  /** The variable for `key`, allocated on first request (a block member when `key` names one). */
  id(key: K): number {
    const found = this.peek(key);
    if (found !== undefined) return found;
    if (Array.isArray(key) && key.length > 0) {
      const family = canonical(key.slice(0, -1));
      if (this.families.has(family)) throw new RangeError(`${canonical(key)} lies outside the block ${family}`);
      this.idFamilies.add(family);
    }
    const v = ++this.last;
    this.ids.set(canonical(key), v);
    this.keys.set(v, key);
    return v;
  }

  /** The variable for `key` if it was ever allocated, by `id` or as a block member. */
  peek(key: K): number | undefined {
    const v = this.ids.get(canonical(key));
    if (v !== undefined || !Array.isArray(key) || key.length === 0) return v;
    const block = this.families.get(canonical(key.slice(0, -1)));
    const k = key[key.length - 1];
    return block && typeof k === 'number' && Number.isInteger(k) && k >= 0 && k < block.size ? block.first + k : undefined;
  }

  /** Allocates `size` consecutive variables for `family`; returns the first. */
  block(family: K, size: number): number {
    const members = familyOf(family);
    const name = canonical(members);
    if (this.families.has(name) || this.idFamilies.has(name)) throw new RangeError(`the family ${name} already has variables`);
    const block = { family: members, first: this.last + 1, size };
    this.blocks.push(block);
    this.families.set(name, block);
    this.last += size;
    return block.first;
  }

  /**
   * The key of variable v (either polarity): the key given to `id`, or `[...family, index]` for
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
      else return [...b.family, abs - b.first];
    }
    return undefined;
  }
}
