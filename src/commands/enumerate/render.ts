/** The text form of an enumeration result: our counts beside the thesis's published numbers. */
import { thesisNumbers } from '../../enumerate/enumerate-thesis.js';
import { classCount, histogramKeys } from '../../enumerate/enumerate.js';
import type { EnumerationResult } from '../../enumerate/enumerate-result.js';
import { conventions } from '../../puzzle/convention.js';
import { levelInfo, levels } from '../../rules/index.js';
import { textTable } from '../../render/text.js';

const n = (x: number) => x.toLocaleString('en-US');
const pct = (x: number, of: number) => (of === 0 ? '-' : `${((100 * x) / of).toFixed(1)}%`);

/** The share of the whole space a sample's shards hold, to two significant digits at least. */
function samplePercent(result: EnumerationResult): string {
  const share = (100 * result.expectedClasses) / classCount(result);
  return `${share >= 1 ? share.toFixed(1) : share.toPrecision(2)}%`;
}

export function enumerationText(result: EnumerationResult): string {
  const size = `${result.rows}x${result.cols}(${result.symbols})`;
  const thesis = thesisNumbers(result);
  const part =
    result.shard !== null
      ? `shard ${result.shard.index}/${result.shard.count}`
      : result.sample !== undefined
        ? `a sample: merged from ${n(result.sample.shards)} of ${n(result.sample.of)} shards, ${samplePercent(result)} of the sequences`
        : result.mergedShards !== undefined
          ? `merged from ${result.mergedShards} shards`
          : 'whole space';
  const out: string[] = [
    `enumerate ${size}: ${result.rows}x${result.cols} boards over at most ${result.symbols} symbols, one per renaming class (${part})`,
  ];
  if (!result.complete)
    out.push(
      `STOPPED EARLY: ${result.itemsDone} of ${result.items} work items counted (${n(result.classes)} of ${n(result.expectedClasses)} sequences)`,
    );
  const kept = result.classes - result.pruned;
  const rows: string[][] = [
    [
      'classes (restricted-growth sequences)',
      n(result.classes),
      thesis.classes === null ? '' : `${n(thesis.classes)} (Table 14/15, a(c, l))`,
    ],
  ];
  if (result.prune)
    rows.push(
      ['pruned (a line no shading satisfies)', n(result.pruned), ''],
      ['left after pruning', n(kept), thesis.leftAfterPruning === null ? '' : `${n(thesis.leftAfterPruning)} (Table 15, its patterns)`],
    );
  out.push('', ...textTable(['', 'hitori-sat', 'thesis'], rows, [false, true, false]));
  out.push('', 'Solutions per convention (sequences kept):');
  out.push(
    ...textTable(
      ['convention', 'none', 'unique', 'multiple', 'unique %'],
      conventions.map((c) => {
        const v = result.conventions[c];
        return [c, n(v.none), n(v.unique), n(v.multiple), pct(v.unique, kept)];
      }),
      [false, true, true, true, true],
    ),
  );
  if (thesis.rated !== null) out.push(`thesis "Solvable" (${thesis.rated.table}): ${n(thesis.rated.solvable)}, what its rules solve`);
  if (result.histogram !== null && result.rating !== null) {
    const h = result.histogram;
    const rated = histogramKeys.reduce((s, k) => s + h[k], 0);
    out.push(
      '',
      `Rule engine classes of the ${n(rated)} grids unique under shaded-duplicates (rate, rule set ${result.rating.ruleSet}${result.rating.symmetry ? ', one rating per symmetry orbit' : ''}):`,
    );
    const t = thesis.rated;
    const classRows = levels.map((level, k) => [`${level} (${levelInfo[level].name})`, n(h[level]), t === null ? '' : n(t.classes[k]!)]);
    classRows.push(['not solved by rules', n(h.unsolved), ''], ['solved by rules', n(rated - h.unsolved), t === null ? '' : n(t.solvable)]);
    out.push(...textTable(['class', 'hitori-sat', t === null ? 'thesis' : `thesis ${t.table}`], classRows, [false, true, true]));
  }
  out.push('', `${n(result.timeMs)} ms, hitori-sat ${result.version}`);
  return `${out.join('\n')}\n`;
}
