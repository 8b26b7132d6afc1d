/**
 * Adding shards up (src/enumerate/enumerate-merge.ts) through the request API, against the
 * unsharded count of the same space: a merge of every shard equals it, and a sample of some
 * shards (`sample: true`) equals it less the shards left out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/node.js';
import { enumerationText } from '../../src/commands/enumerate/render.js';
import { classCount } from '../../src/enumerate/enumerate.js';
import type { EnumerationResult, EnumerationSpec, ShardFile } from '../../src/api/requests.js';
import { InputError } from '../../src/control/errors.js';
import { conventions } from '../../src/puzzle/convention.js';

const spec: EnumerationSpec = { rows: 3, cols: 3, symbols: 3, prune: false, rating: { ruleSet: 'thesis', symmetry: true } };
const count = 4;
const version = 'test';

describe('merging shard results', () => {
  let whole: EnumerationResult;
  let shards: EnumerationResult[];
  const files = (list: readonly EnumerationResult[]): ShardFile[] =>
    list.map((result) => ({ name: `shard-${result.shard!.index}.json`, data: JSON.parse(JSON.stringify(result)) }));

  beforeAll(async () => {
    whole = await run({ command: 'enumerate', spec, version, jobs: 1 });
    shards = [];
    for (let index = 0; index < count; index++)
      shards.push(await run({ command: 'enumerate', spec, version, jobs: 1, shard: { index, count } }));
  });

  it('adds every shard up to the unsharded count, sample or not', async () => {
    for (const sample of [false, true]) {
      const merged = await run({ command: 'enumerate', merge: files(shards), sample });
      expect(merged.sample).toBeUndefined();
      expect(merged.mergedShards).toBe(count);
      expect(merged.classes).toBe(whole.classes);
      expect(merged.conventions).toEqual(whole.conventions);
      expect(merged.histogram).toEqual(whole.histogram);
    }
  });

  it('refuses a set with a shard missing, and adds it up as a sample that says so when asked', async () => {
    const given = shards.filter((s) => s.shard!.index !== 2);
    await expect(run({ command: 'enumerate', merge: files(given) })).rejects.toThrow(/shard 2\/4 is missing \(3 of 4 given\)/);
    const sample = await run({ command: 'enumerate', merge: files(given), sample: true });
    expect(sample.sample).toEqual({ shards: 3, of: count });
    expect(sample.complete).toBe(true);
    // The whole, less the shard left out.
    const left = shards[2]!;
    expect(sample.classes).toBe(whole.classes - left.classes);
    expect(sample.expectedClasses).toBe(classCount(spec) - left.expectedClasses);
    for (const c of conventions)
      for (const v of ['none', 'unique', 'multiple'] as const)
        expect(sample.conventions[c][v], `${c} ${v}`).toBe(whole.conventions[c][v] - left.conventions[c][v]);
    // The text names it a sample and the share of the sequences its shards hold.
    const share = (100 * sample.expectedClasses) / classCount(spec);
    expect(enumerationText(sample)).toContain(`(a sample: merged from 3 of 4 shards, ${share.toFixed(1)}% of the sequences)`);
  });

  it('refuses to merge a sample again: it is not a shard', async () => {
    const sample = await run({ command: 'enumerate', merge: files(shards.slice(1)), sample: true });
    const again = run({ command: 'enumerate', merge: [{ name: 'sample.json', data: sample }, ...files(shards.slice(0, 1))], sample: true });
    await expect(again).rejects.toThrow(InputError);
    await expect(again).rejects.toThrow(/it is not a shard/);
  });

  it("refuses a sample whose shards' counts do not add up to the sequences they say they hold", async () => {
    const [first, ...rest] = files(shards.slice(1));
    const data = first!.data as { classes: number; conventions: Record<string, { none: number }> };
    data.classes += 1;
    data.conventions['literal']!.none += 1;
    await expect(run({ command: 'enumerate', merge: [first!, ...rest], sample: true })).rejects.toThrow(/but say they hold/);
  });
});
