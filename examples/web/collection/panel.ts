/**
 * The page's collection panel (`<section id="collection">` in index.html, mounted by main.ts):
 * the bundled collection of published puzzles (collection.json, made by make.js), browsable by
 * size and class, with each puzzle's saved progress (solved / in progress); the daily puzzle;
 * the clock of the puzzle on the board; and the service worker that makes the page work offline
 * (sw.ts).
 *
 * A puzzle is opened through the page's address, the road a shared link takes: `#<url>`, with
 * the saved marks (`&marks=...`) when there are some, so main.ts's `hashchange` handler puts it
 * on the board. main.ts tells this module each change of the marks (`recordProgress`), which
 * saves them with the time (storage.ts).
 *
 * The clock: the time on a puzzle counts while the page shows it (it stops while the tab is
 * hidden) and stops for good when the puzzle is solved; it is saved with each change of the
 * marks, every few seconds while it runs, and when the page is hidden or left.
 */
import { check, format, type Puzzle, parse } from '../../../src/index.js';
import { addressOf, type Marks } from '../address.js';
import type { Progress, Reply, Request } from '../worker.js';
import { dailyOf } from './daily.js';
import { lastStarted, loadProgress, progressStates, saveProgress } from './storage.js';

/** collection.json (make.js): `puzzles` rows are [id, source, size, class, url, origin]. */
interface CollectionData {
  readonly version: 1;
  readonly sources: Record<string, { readonly name: string; readonly url: string; readonly terms: string }>;
  readonly puzzles: readonly (readonly [string, string, string, string | null, string, string])[];
}

/** Saved time is written this often while the puzzle is played (and at each change of the marks). */
const saveEveryMs = 5000;

/**
 * The puzzle on the board: its key, whether it is solved, whether anything is saved for it (a
 * puzzle merely looked at is not saved until marked), its marks. Its time is the page's clock
 * (main.ts), read through `clockOf`: one clock, which pauses while the tab is hidden.
 */
let active: { readonly key: string; solved: boolean; stored: boolean; marks: Marks } | null = null;
let clockOf: () => number = () => 0;
/** Called after progress is saved (the list's states are drawn again). */
let onSaved: () => void = () => undefined;
/** The collection, once fetched. */
let collection: CollectionData | null = null;

/**
 * The address of the puzzle to play after the one whose address form is `key` ("Next puzzle"):
 * the next one of the same size in the collection's order that is not solved, with its saved
 * marks; null when there is none (or the collection is not loaded), and the page makes one.
 */
export function nextFromCollection(key: string, rows: number, cols: number): string | null {
  if (collection === null) return null;
  const size = `${rows}x${cols}`;
  const same = collection.puzzles.filter((p) => p[2] === size);
  const states = progressStates();
  const from = same.findIndex((p) => p[4] === key);
  for (let k = 1; k <= same.length; k++) {
    const url = same[(from + k) % same.length]![4];
    if (url !== key && states.get(url) !== 'solved') return addressOf(url, loadProgress(url, rows * cols)?.marks ?? []);
  }
  return null;
}

function save(): void {
  if (active === null || !active.stored) return;
  saveProgress(active.key, { marks: active.marks, elapsedMs: clockOf(), solved: active.solved });
}

/** The time saved for a puzzle (its address form `key`, `cells` cells), for the page's clock to go on from; 0 when none. */
export function savedTime(key: string, cells: number): number {
  return loadProgress(key, cells)?.elapsedMs ?? 0;
}

/**
 * main.ts, after each change of the marks in play (and when a puzzle is put on the board): the
 * marks of the puzzle whose address form is `key`. The list is drawn again only when what it
 * shows may have changed: another puzzle on the board, or this one's progress (new, in progress,
 * solved). Drawing it after every mark rebuilt its 300-odd items each time: 0.1 s of CPU a mark.
 */
export function recordProgress(key: string, puzzle: Puzzle, marks: Marks): void {
  const another = active?.key !== key;
  if (another) {
    save();
    const saved = loadProgress(key, puzzle.rows * puzzle.cols);
    active = { key, solved: saved?.solved ?? false, stored: saved !== null, marks: saved?.marks ?? [] };
  }
  const current = active!;
  const marked = marks.some((m) => m !== null);
  if (!current.stored && !marked) return;
  const progress = [current.stored, current.solved];
  current.stored = true;
  current.marks = marks.slice();
  if (
    !current.solved &&
    marked &&
    check(
      puzzle,
      marks.map((m) => m === true),
    ).length === 0
  )
    current.solved = true;
  save();
  if (another || progress[0] !== current.stored || progress[1] !== current.solved) onSaved();
}

/** What the panel needs from the page. */
interface Page {
  /** Puts a puzzle on the board by its address (`#...`, the form address.ts writes). */
  readonly go: (address: string) => void;
  /** The time on the puzzle on the board, in ms (the page's clock). */
  readonly elapsedMs: () => number;
}

/** A new element with these properties (`id`, `type`, `htmlFor`, ...) and children. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Readonly<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element, props);
  element.append(...children);
  return element;
}

/** The classes in the order the list offers them; null (beyond the rules) last. */
const classOrder = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
const className = (c: string | null) => (c === null ? 'beyond the rules' : `class ${c}`);

/** Builds the panel in `section` and starts the service worker. */
export function mountCollection(section: HTMLElement, page: Page): void {
  clockOf = page.elapsedMs;
  const dailyButton = el('button', { type: 'button', id: 'daily' });
  const dailyStatus = el('span', { id: 'daily-status' });
  const continueButton = el('button', { type: 'button', id: 'continue' }, 'Continue your last puzzle in progress');
  const sizeSelect = el('select', { id: 'collection-size' });
  const classSelect = el('select', { id: 'collection-class' });
  const progressSelect = el('select', { id: 'collection-progress' });
  const count = el('p', { id: 'collection-count' });
  const list = el('ol', { id: 'collection-list' });
  const sources = el('ul', { id: 'collection-sources' });
  const offline = el('p', { id: 'offline-status' });
  section.replaceChildren(
    el('h2', { id: 'collection-title' }, 'Puzzles to play'),
    el('div', { className: 'buttons' }, continueButton, dailyButton, dailyStatus),
    el(
      'div',
      { className: 'buttons' },
      el('label', { htmlFor: 'collection-size' }, 'Size'),
      sizeSelect,
      el('label', { htmlFor: 'collection-class' }, 'class'),
      classSelect,
      el('label', { htmlFor: 'collection-progress' }, 'progress'),
      progressSelect,
    ),
    count,
    list,
    el('details', {}, el('summary', {}, 'Where the puzzles come from'), sources),
    offline,
  );

  // The daily puzzle: the date is taken when the button is drawn and again when it is pressed.
  const daily = dailyOf(new Date());
  dailyButton.textContent = `Today's puzzle (${daily.date}, ${daily.rows}x${daily.cols}, class ${daily.level})`;
  section.dataset['dailySeed'] = daily.seed;
  dailyButton.addEventListener('click', () => void openDaily(dailyOf(new Date())));

  async function openDaily(today: typeof daily): Promise<void> {
    dailyButton.disabled = true;
    dailyStatus.textContent = `Making today's puzzle (seed ${today.seed})...`;
    section.dataset['dailySeed'] = today.seed;
    try {
      const generated = await generate(today);
      const url = format(generated.puzzle, { to: 'url' }).trim();
      section.dataset['dailyUrl'] = url;
      dailyStatus.textContent = `Today's puzzle: seed ${today.seed}, class ${generated.class}, one solution (proven).`;
      open(url, generated.puzzle.rows * generated.puzzle.cols);
    } catch (error) {
      dailyStatus.textContent = `No daily puzzle: ${(error as Error).message}`;
    } finally {
      dailyButton.disabled = false;
    }
  }

  // The puzzle in progress saved last (from the collection, the daily puzzle or pasted), when it is not on the board.
  const showContinue = (): void => {
    const last = lastStarted();
    continueButton.hidden = last === null || last === active?.key;
    continueButton.dataset['url'] = last ?? '';
  };
  continueButton.addEventListener('click', () => {
    const url = continueButton.dataset['url'] ?? '';
    if (url === '') return;
    const puzzle = parse(url);
    open(url, puzzle.rows * puzzle.cols);
  });

  function open(url: string, cells: number): void {
    const saved = loadProgress(url, cells);
    page.go(addressOf(url, saved?.marks ?? []));
  }

  let data: CollectionData | null = null;
  const draw = (): void => {
    showContinue();
    if (data === null) return;
    const states = progressStates();
    const size = sizeSelect.value;
    const level = classSelect.value;
    const wanted = progressSelect.value;
    const items: HTMLLIElement[] = [];
    for (const [id, source, puzzleSize, cls, url, origin] of data.puzzles) {
      if (size !== '' && puzzleSize !== size) continue;
      if (level !== '' && (cls ?? 'none') !== level) continue;
      const state = states.get(url) ?? 'new';
      if (wanted !== '' && state !== wanted) continue;
      const [rows, cols] = puzzleSize.split('x').map(Number) as [number, number];
      const button = el('button', { type: 'button', className: 'open-puzzle' }, id);
      button.dataset['url'] = url;
      button.addEventListener('click', () => open(url, rows * cols));
      const where = /^https?:/.test(origin)
        ? el('a', { href: origin, rel: 'noopener' }, data.sources[source]?.name ?? source)
        : (data.sources[source]?.name ?? source);
      const badge = el('span', { className: 'progress' }, state === 'solved' ? 'solved' : state === 'started' ? 'in progress' : '');
      badge.dataset['progress'] = state;
      const item = el('li', {}, button, ` ${puzzleSize}, ${className(cls)} `, badge, el('span', { className: 'source' }, ' from ', where));
      item.dataset['id'] = id;
      item.dataset['progress'] = state;
      items.push(item);
    }
    list.replaceChildren(...items);
    count.textContent = `${items.length} of ${data.puzzles.length} puzzles`;
  };
  onSaved = draw;

  void fetch(new URL('collection.json', document.baseURI))
    .then((response) => {
      if (!response.ok) throw new Error(`collection.json: HTTP ${response.status}`);
      return response.json() as Promise<CollectionData>;
    })
    .then((loaded) => {
      data = loaded;
      collection = loaded;
      const sizes = [...new Set(loaded.puzzles.map((p) => p[2]))].sort((a, b) => cellsOf(a) - cellsOf(b) || a.localeCompare(b));
      sizeSelect.replaceChildren(el('option', { value: '' }, 'any'), ...sizes.map((s) => el('option', { value: s }, s)));
      const classes = new Set(loaded.puzzles.map((p) => p[3] ?? 'none'));
      classSelect.replaceChildren(
        el('option', { value: '' }, 'any'),
        ...[...classOrder, 'none']
          .filter((c) => classes.has(c))
          .map((c) => el('option', { value: c }, c === 'none' ? 'beyond the rules' : c)),
      );
      progressSelect.replaceChildren(
        el('option', { value: '' }, 'any'),
        el('option', { value: 'new' }, 'not started'),
        el('option', { value: 'started' }, 'in progress'),
        el('option', { value: 'solved' }, 'solved'),
      );
      sources.replaceChildren(
        ...Object.entries(loaded.sources).map(([key, s]) =>
          el(
            'li',
            {},
            el('a', { href: s.url, rel: 'noopener' }, s.name),
            `: ${loaded.puzzles.filter((p) => p[1] === key).length} puzzles; ${s.terms}.`,
          ),
        ),
      );
      for (const select of [sizeSelect, classSelect, progressSelect]) select.addEventListener('change', draw);
      draw();
      section.dataset['loaded'] = 'true';
    })
    .catch((error: Error) => {
      count.textContent = `The collection could not be loaded: ${error.message}`;
    });

  setInterval(() => {
    if (active !== null && !active.solved) save();
  }, saveEveryMs);
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) save();
  });
  window.addEventListener('pagehide', () => save());

  void startOffline(offline, section);
}

function cellsOf(size: string): number {
  const [rows, cols] = size.split('x').map(Number) as [number, number];
  return rows * cols;
}

/** The daily puzzle, made in a worker of its own (the generator takes a few seconds; the page stays responsive). */
function generate(daily: ReturnType<typeof dailyOf>): Promise<Extract<Reply, { kind: 'generate' }>['generated']> {
  // Bundled into main.js, beside worker.js: the address is relative to main.js.
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  return new Promise<Extract<Reply, { kind: 'generate' }>['generated']>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<Reply | Progress>) => {
      // The generator's tries come first (worker.ts sends progress before the reply).
      if ('progress' in data) return;
      if ('error' in data) reject(new Error(data.error));
      else if (data.kind === 'generate') resolve(data.generated);
      else reject(new Error('unexpected reply'));
    };
    worker.onerror = (event) => reject(new Error(event.message || 'the worker failed'));
    const request: Request = { id: 1, kind: 'generate', rows: daily.rows, cols: daily.cols, level: daily.level, seed: daily.seed };
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

/** Registers the service worker (sw.js) that keeps the page, the collection and the solver for offline use. */
async function startOffline(status: HTMLElement, section: HTMLElement): Promise<void> {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) {
    status.textContent = 'Offline use needs the page served over HTTP(S).';
    return;
  }
  try {
    await navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' });
    await navigator.serviceWorker.ready;
    status.textContent = 'Ready for offline use: the page, the collection and the solver are saved in this browser.';
    section.dataset['offline'] = 'ready';
  } catch (error) {
    status.textContent = `Offline use is not available: ${(error as Error).message}`;
  }
}
