/** The graph routines, against brute force: remove a vertex and count components; reachability both ways. */
import { describe, expect, it } from 'vitest';
import { geometry } from '../../src/puzzle/geometry.js';
import { articulationPoints, componentsScratch, findRoot, labelComponents, stronglyConnected, unite } from '../../src/puzzle/graph.js';
import { mulberry32, randomInt } from '../support/brute-force.js';
import { expectSame } from '../support/expect-same.js';

/** The vertices reachable from `from` over the given edges, never entering `removed`. */
function reachable(successors: (v: number) => Iterable<number>, from: number, allowed: (v: number) => boolean): Set<number> {
  const seen = new Set([from]);
  const todo = [from];
  while (todo.length > 0) {
    const v = todo.pop()!;
    for (const w of successors(v)) {
      if (allowed(w) && !seen.has(w)) {
        seen.add(w);
        todo.push(w);
      }
    }
  }
  return seen;
}

describe('articulation points', () => {
  it('are exactly the cells whose removal splits the component of the root, on random grids with random holes', () => {
    const random = mulberry32(11);
    for (let round = 0; round < 300; round++) {
      const rows = randomInt(random, 1, 6);
      const cols = randomInt(random, 1, 6);
      const g = geometry(rows, cols);
      const open = Array.from({ length: g.cells }, () => random() < 0.75);
      const root = open.indexOf(true);
      if (root < 0) continue;
      const succ = (v: number) => g.nbr.subarray(g.nbrStart[v]!, g.nbrStart[v + 1]!);
      const component = reachable(succ, root, (v) => open[v]!);
      const cut = articulationPoints(g, root, (v) => open[v]!);
      for (let x = 0; x < g.cells; x++) {
        let splits = false;
        if (component.has(x) && component.size > 1) {
          const start = [...component].find((v) => v !== x)!;
          splits = reachable(succ, start, (v) => open[v]! && v !== x).size < component.size - 1;
        }
        expect(cut[x] === 1, `${rows}x${cols} cell ${x}`).toBe(splits);
      }
    }
  });

  it('reports each finished tree edge once, children before parents, and whether the parent separates the child', () => {
    // A path 0 - 1 - 2 on a 1x3 grid, searched from 0: edges (2,1) then (1,0); both separate.
    const calls: [number, number, boolean][] = [];
    articulationPoints(
      geometry(1, 3),
      0,
      () => true,
      (child, parent, separates) => calls.push([child, parent, separates]),
    );
    expect(calls).toEqual([
      [2, 1, true],
      [1, 0, true],
    ]);
  });
});

describe('strongly connected components', () => {
  it('put two vertices together exactly when each reaches the other, and number successors first', () => {
    const random = mulberry32(7);
    for (let round = 0; round < 200; round++) {
      const n = randomInt(random, 1, 12);
      const heads = Array.from({ length: n }, () => Array.from({ length: randomInt(random, 0, 3) }, () => randomInt(random, 0, n - 1)));
      const { comp, count } = stronglyConnected(heads);
      const reach = heads.map((_, v) =>
        reachable(
          (u) => heads[u]!,
          v,
          () => true,
        ),
      );
      for (let u = 0; u < n; u++) {
        expectSame(comp[u]! >= 0 && comp[u]! < count, true, () => `component ${comp[u]} of ${u}, ${count} in all`);
        for (let v = 0; v < n; v++)
          expectSame(comp[u] === comp[v], reach[u]!.has(v) && reach[v]!.has(u), () => `${u} and ${v} of ${JSON.stringify(heads)}`);
        for (const w of heads[u]!) expectSame(comp[u]! >= comp[w]!, true, () => `${u} numbered before its successor ${w}`);
      }
    }
  });
});

describe('connected components', () => {
  it('put two cells in one component exactly when one reaches the other, numbered by their lowest cell, each grouped in breadth-first order, on random grids with random holes', () => {
    const random = mulberry32(23);
    for (let round = 0; round < 300; round++) {
      const g = geometry(randomInt(random, 1, 6), randomInt(random, 1, 6));
      const open = Array.from({ length: g.cells }, () => random() < 0.6);
      const succ = (v: number) => g.nbr.subarray(g.nbrStart[v]!, g.nbrStart[v + 1]!);
      const parts = componentsScratch(g.cells);
      // Scratch reused: a first labelling of another set must leave nothing behind.
      labelComponents(g, g.cells, () => true, parts);
      const count = labelComponents(g, g.cells, (v) => open[v]!, parts);
      let lowest = -1;
      for (let v = 0; v < g.cells; v++) {
        if (!open[v]) {
          expectSame(parts.comp[v], -1);
          continue;
        }
        const reach = reachable(succ, v, (w) => open[w]!);
        for (let w = 0; w < g.cells; w++)
          if (open[w]) expectSame(parts.comp[w] === parts.comp[v], reach.has(w), () => `cells ${v} and ${w}`);
        // A new component starts at its lowest cell, so numbers grow with the first cells.
        if (Math.min(...reach) === v) expect(parts.comp[v]).toBe(++lowest);
      }
      expect(count).toBe(lowest + 1);
      expect(parts.first[count]).toBe(open.filter(Boolean).length);
      for (let c = 0; c < count; c++) {
        const cells = [...parts.order.subarray(parts.first[c]!, parts.first[c + 1]!)];
        expect(cells.every((v) => parts.comp[v] === c)).toBe(true);
        // Breadth first: each cell after the first has a neighbour earlier in the list.
        for (let k = 1; k < cells.length; k++)
          expectSame(
            [...succ(cells[k]!)].some((w) => cells.indexOf(w) >= 0 && cells.indexOf(w) < k),
            true,
            () => `cell ${cells[k]} of component ${c} has no neighbour before it in ${cells.join(' ')}`,
          );
      }
    }
  });
});

describe('union-find', () => {
  it('puts two elements in one set exactly when a chain of joins links them, against a plain relabelling', () => {
    const random = mulberry32(29);
    for (let round = 0; round < 200; round++) {
      const n = randomInt(random, 1, 30);
      const uf = Int32Array.from({ length: n }, (_, i) => i);
      const label = Array.from({ length: n }, (_, i) => i);
      for (let j = randomInt(random, 0, 2 * n); j > 0; j--) {
        const a = randomInt(random, 0, n - 1);
        const b = randomInt(random, 0, n - 1);
        unite(uf, a, b);
        const from = label[a]!;
        const to = label[b]!;
        for (let i = 0; i < n; i++) if (label[i] === from) label[i] = to;
      }
      for (let a = 0; a < n; a++)
        for (let b = 0; b < n; b++) expectSame(findRoot(uf, a) === findRoot(uf, b), label[a] === label[b], () => `${a} and ${b} of ${n}`);
    }
  });
});
