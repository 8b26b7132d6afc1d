/**
 * PNG limits: a picture with more SVG nodes than resvg parses is refused before resvg sees it,
 * with one line naming the sizes that fit (resvg's own "nodes limit reached" was an exit 5), and
 * an SVG resvg cannot read is one line about --to png.
 */
import { describe, expect, it } from 'vitest';
import { svgToPng } from '../../src/render/png.js';
import { renderSvg } from '../../src/render/svg.js';
import { InputError } from '../../src/control/errors.js';

const square = (n: number) => ({ rows: n, cols: n, values: Array.from({ length: n * n }, (_, i) => 1 + (i % n)) });

describe('--to png refuses what resvg cannot draw, in one line', () => {
  it('a 710x710 puzzle (1,008,207 nodes): refused up front, naming the sizes that fit', async () => {
    const error = await svgToPng(renderSvg(square(710))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(
      /^--to png: the picture has 1,008,207 SVG nodes, more than the 1,000,000 resvg reads: a puzzle up to 700x700, .*; write --to svg instead$/,
    );
  });

  it('an SVG resvg cannot parse: one line, an InputError', async () => {
    const error = await svgToPng('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toMatch(/^--to png: resvg could not draw the picture \(.+\); write --to svg instead$/);
  });
});
