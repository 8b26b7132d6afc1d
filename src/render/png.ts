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
import { errorFromData, InputError, SolverError, type ErrorData } from '../control/errors.js';
import { abortReason, Limit } from '../control/limit.js';

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
 * font is installed, or the picture is larger than resvg reads) it rejects with an InputError
 * about `--to png`: a usage the machine cannot serve, exit code 2, rather than a solver failure.
 *
 * resvg draws synchronously, in native code, and a large picture takes minutes (a 700x700 puzzle
 * about 3). Under a time limit (`limit` with a deadline or a signal) it draws in a child process
 * (png-process.ts), killed when the limit passes (TimeoutError); without one, here. Not in a
 * worker thread of the pool: terminating a thread waits for its native call to return, and so
 * does the process's exit.
 */
export async function svgToPng(svg: string, limit: Limit = Limit.none): Promise<Uint8Array> {
  await loadResvg();
  if (fontsMissing())
    throw new InputError(
      'needs a font installed to draw the numbers, and none was found (on Debian: apt-get install fonts-dejavu-core)',
      {},
      '--to png',
    );
  refuseNodes(svgNodes(svg), 'has');
  limit.check();
  if (!limit.bounded) return rasterise(svg);
  return rasteriseInChild(svg, limit);
}

// Through ../render/ so that the path also holds from the CLI bundle in dist/src/cli/.
const childScript = new URL('../render/png-process.js', import.meta.url);

/** rasterise() in a child process that `limit` kills: the PNG on its stdout, or its error (ErrorData) on stderr. */
async function rasteriseInChild(svg: string, limit: Limit): Promise<Uint8Array> {
  const { spawn } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const child = spawn(process.execPath, [fileURLToPath(childScript)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  // A child that ends before reading all of the picture (a crash) closes the pipe: its exit says why.
  child.stdin.on('error', () => {});
  child.stdin.end(svg);
  return new Promise<Uint8Array>((resolve, reject) => {
    const stop = (error: Error) => {
      child.kill('SIGKILL');
      reject(error);
    };
    const cancel = limit.whenPassed(() => stop(limit.reached('while drawing the PNG')));
    const onAbort = () => stop(abortReason(limit.signal!));
    limit.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => stop(error));
    child.on('close', (code, signal) => {
      cancel();
      limit.signal?.removeEventListener('abort', onAbort);
      if (code === 0) return resolve(new Uint8Array(Buffer.concat(out)));
      const text = Buffer.concat(err).toString('utf8');
      try {
        reject(errorFromData(JSON.parse(text) as ErrorData));
      } catch {
        reject(new SolverError(`the PNG renderer ended with ${signal ?? `exit code ${code}`}: ${text.split('\n')[0] ?? ''}`));
      }
    });
  });
}

/** resvg's module, or an InputError about `--to png` when its native binary does not load here. */
async function loadResvg(): Promise<typeof import('@resvg/resvg-js')> {
  try {
    return await import('@resvg/resvg-js');
  } catch (error) {
    throw new InputError(
      `needs @resvg/resvg-js's native renderer, which did not load on this platform (${(error as Error).message.split('\n')[0]}); write --to svg and convert it with another program`,
      {},
      '--to png',
    );
  }
}

/** Draws the (checked) picture with resvg, here and now. The pool's PNG worker runs this too. */
export async function rasterise(svg: string): Promise<Uint8Array> {
  const resvg = await loadResvg();
  const [, width = '1', height = '1'] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg) ?? [];
  try {
    const image = new resvg.Resvg(svg, {
      fitTo: { mode: 'zoom', value: Math.min(zoom, maxPngSide / Math.max(Number(width), Number(height))) },
      font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
    }).render();
    return image.asPng();
  } catch (error) {
    // Whatever else resvg refuses: one line, exit 2 (a picture this program cannot make), never its raw message alone.
    throw new InputError(
      `resvg could not draw the picture (${(error as Error).message.split('\n')[0]}); write --to svg instead`,
      {},
      '--to png',
    );
  }
}

/**
 * The most nodes (elements and text nodes) resvg's XML parser takes; one more and it fails with
 * "nodes limit reached". Measured with resvg-js 2.6: 999,999 elements under the root parse.
 */
const maxSvgNodes = 1_000_000;

/** InputError about `--to png` when a picture of `nodes` SVG nodes is more than resvg reads. */
function refuseNodes(nodes: number, has: 'has' | 'would have at least'): void {
  if (nodes > maxSvgNodes)
    throw new InputError(
      `the picture ${has} ${nodes.toLocaleString('en-US')} SVG nodes, more than the ${maxSvgNodes.toLocaleString('en-US')} resvg reads: ${sizesThatFit}; write --to svg instead`,
      {},
      '--to png',
    );
}

/**
 * Refuses a PNG of a picture that draws `cells` cells in all its boards before the picture is
 * drawn: each cell has its number, a text element and its text, 2 of the nodes resvg reads, so
 * 2 x cells is a lower bound. Drawing a picture only to count its nodes held it twice over
 * (an explanation of a 200x200: 1.8 GB before the refusal).
 */
export function refusePngOfCells(cells: number): void {
  refuseNodes(2 * cells, 'would have at least');
}

/**
 * What fits, by the pictures of svg.ts: every cell has its number (a text element and its text,
 * 2 nodes), a shaded or undecided cell a rectangle, a cell an explanation step decides one or two
 * outlines; an explanation draws a whole board per step.
 */
const sizesThatFit =
  'a puzzle up to 700x700, a solution up to 650x650, an explanation up to about 300,000 cells in all its boards (cells x steps)';

/** The nodes of an SVG as resvg counts them: elements (an opening tag) and text that is not white space. */
function svgNodes(svg: string): number {
  let nodes = 0;
  for (let i = svg.indexOf('<'); i >= 0 && i + 1 < svg.length; i = svg.indexOf('<', i + 1)) {
    const next = svg.charCodeAt(i + 1);
    // An opening tag ("<rect", not "</" or "<?"): one element.
    if (next !== 0x2f && next !== 0x3f) nodes++;
    // A closing tag right after text ("5</text>"): one text node.
    else if (next === 0x2f && !isSpaceOrTagEnd(svg.charCodeAt(i - 1))) nodes++;
  }
  return nodes;
}

/** Whether a character is white space or the ">" of a tag: no text node ends in it. */
function isSpaceOrTagEnd(code: number): boolean {
  return code === 0x3e || code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
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
