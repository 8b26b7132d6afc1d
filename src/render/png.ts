/**
 * PNG pictures: the SVG of `svg.ts`, rasterised by resvg (`@resvg/resvg-js`, resvg's Rust
 * renderer as a native Node addon). Why resvg: it renders SVG without a browser, in a few
 * milliseconds, keeps up with the SVG specification, and installs from npm as a prebuilt binary
 * per platform (no compiler, no system library such as cairo). Node only: the browser entry never
 * imports this file (a browser draws the SVG itself).
 *
 * The numbers are SVG text in the generic `sans-serif` family, so resvg needs one font installed
 * on the system (any; on Debian `fonts-dejavu-core`). Without one it would silently drop every
 * number; that is refused instead (`fontsMissing`).
 */
import { existsSync, readdirSync } from 'node:fs';
import { InputError } from '../job/errors.js';

/** How many pixels per SVG unit: a cell is 36 units, so 72 pixels, sharp on a high-density screen. */
const zoom = 2;
/**
 * The longest side in pixels. An explanation of a 17x17 draws hundreds of boards (an SVG 31,000
 * units tall): at 2 pixels per unit that would be 235 million pixels, about 1 GB to render, and
 * taller than image viewers and browsers open (many stop at 16,384 or 32,767 pixels). Such a
 * picture is scaled down to fit; its cells stay about 19 pixels wide.
 */
const maxPngSide = 16_384;

/**
 * Rasterises an SVG picture. Where it cannot be drawn (resvg has no binary for the platform, or no
 * font is installed) it rejects with an InputError about `--to png`: a usage the machine cannot
 * serve, exit code 2, rather than a solver failure.
 */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  let resvg: typeof import('@resvg/resvg-js');
  try {
    resvg = await import('@resvg/resvg-js');
  } catch (error) {
    throw new InputError(
      `needs @resvg/resvg-js's native renderer, which did not load on this platform (${(error as Error).message.split('\n')[0]}); write --to svg and convert it with another program`,
      {},
      '--to png',
    );
  }
  if (fontsMissing())
    throw new InputError(
      'needs a font installed to draw the numbers, and none was found (on Debian: apt-get install fonts-dejavu-core)',
      {},
      '--to png',
    );
  const [, width = '1', height = '1'] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  const image = new resvg.Resvg(svg, {
    fitTo: { mode: 'zoom', value: Math.min(zoom, maxPngSide / Math.max(Number(width), Number(height))) },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return image.asPng();
}

/** Where fontconfig and resvg look for fonts on Linux, macOS and Windows. */
const fontDirectories = [
  '/usr/share/fonts',
  '/usr/local/share/fonts',
  '/System/Library/Fonts',
  '/Library/Fonts',
  `${process.env.HOME ?? ''}/.fonts`,
  `${process.env.HOME ?? ''}/.local/share/fonts`,
  `${process.env.WINDIR ?? 'C:\\Windows'}\\Fonts`,
];

/** True when no font directory holds a file: resvg would draw the grid without its numbers. */
function fontsMissing(): boolean {
  return !fontDirectories.some((dir) => existsSync(dir) && hasFile(dir, 3));
}

function hasFile(dir: string, depth: number): boolean {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (entry.isFile() && /\.(ttf|otf|ttc|otc)$/i.test(entry.name)) return true;
    if (entry.isDirectory() && depth > 0 && hasFile(`${dir}/${entry.name}`, depth - 1)) return true;
  }
  return false;
}
