/**
 * Saved progress: the player's marks and the time spent on each puzzle, kept in the browser's
 * localStorage so that a puzzle left and opened again (from the collection, the daily puzzle, a
 * reload) comes back as it was left.
 *
 * Key: `hitori-sat:progress:` + the puzzle's one-line form as the page writes it in its address
 * (the puzz.link URL, `addressForm` in main.ts), so that the same numbers reached by any road (the
 * collection, a pasted URL, a shared link) share their progress. Value (JSON, version 1):
 * `{"v":1,"marks":"x.o","ms":12345,"solved":false,"at":"2026-11-28T22:00:00.000Z"}`: the marks as
 * the address writes them (address.ts: `x` shaded, `o` white, `.` unmarked, trailing dots left off),
 * the elapsed time in ms (the clock runs while the page shows the puzzle, and stops when solved),
 * whether it was solved, and when it was last saved. A value that does not read as such (another
 * version, edited by hand) is ignored, as if nothing were saved.
 *
 * Storage can be missing or full (a private window, a quota): saving then does nothing, and the
 * page works without it.
 */
import { type Marks, marksFrom, marksText } from '../address.js';

/** One puzzle's saved progress. */
export interface Progress {
  /** The marks, one per cell: true shaded, false marked white, null not marked. */
  readonly marks: (boolean | null)[];
  /** Time spent on the puzzle, in ms. */
  readonly elapsedMs: number;
  readonly solved: boolean;
  /** When it was saved (ISO 8601). */
  readonly savedAt: string;
}

/** The part of the Web Storage API used here (localStorage, or a stand-in in tests). */
export type Store = Pick<Storage, 'getItem' | 'setItem' | 'key' | 'length'>;

export const progressPrefix = 'hitori-sat:progress:';

function storage(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Reading `localStorage` itself throws where storage is forbidden.
    return null;
  }
}

/** Saves a puzzle's progress under its key (the puzzle's address form); false when storage refused it. */
export function saveProgress(
  key: string,
  progress: { readonly marks: Marks; readonly elapsedMs: number; readonly solved: boolean },
  store: Store | null = storage(),
): boolean {
  if (store === null) return false;
  const value = {
    v: 1,
    marks: marksText(progress.marks),
    ms: Math.max(0, Math.round(progress.elapsedMs)),
    solved: progress.solved,
    at: new Date().toISOString(),
  };
  try {
    store.setItem(progressPrefix + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** A puzzle's saved progress for a board of `cells` cells, or null when none is saved (or it does not fit). */
export function loadProgress(key: string, cells: number, store: Store | null = storage()): Progress | null {
  const text = store?.getItem(progressPrefix + key) ?? null;
  return text === null ? null : readProgress(text, cells);
}

/** The saved progress in `text`, its marks read for a board of `cells` cells (`null`: any board, the marks left empty). */
function readProgress(text: string, cells: number | null): Progress | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { v, marks, ms, solved, at } = value as Record<string, unknown>;
  if (v !== 1 || typeof marks !== 'string' || typeof ms !== 'number' || !(ms >= 0) || typeof solved !== 'boolean') return null;
  const read = cells === null ? (/^[xo.]*$/.test(marks) ? [] : null) : marksFrom(marks, cells);
  if (read === null) return null;
  return { marks: read, elapsedMs: ms, solved, savedAt: typeof at === 'string' ? at : '' };
}

/** Whether each saved puzzle is solved or in progress, by key: for the collection's list. */
export function progressStates(store: Store | null = storage()): Map<string, 'solved' | 'started'> {
  const states = new Map<string, 'solved' | 'started'>();
  if (store === null) return states;
  for (let k = 0; k < store.length; k++) {
    const name = store.key(k);
    if (name === null || !name.startsWith(progressPrefix)) continue;
    const text = store.getItem(name);
    // The number of cells is not known here: any marks text reads (its length is checked on load).
    const progress = text === null ? null : readProgress(text, null);
    if (progress !== null) states.set(name.slice(progressPrefix.length), progress.solved ? 'solved' : 'started');
  }
  return states;
}

/** The key of the puzzle in progress (not solved) saved last, or null when there is none. */
export function lastStarted(store: Store | null = storage()): string | null {
  let last: { key: string; at: string } | null = null;
  if (store === null) return null;
  for (let k = 0; k < store.length; k++) {
    const name = store.key(k);
    if (name === null || !name.startsWith(progressPrefix)) continue;
    const text = store.getItem(name);
    const progress = text === null ? null : readProgress(text, null);
    if (progress === null || progress.solved) continue;
    if (last === null || progress.savedAt > last.at) last = { key: name.slice(progressPrefix.length), at: progress.savedAt };
  }
  return last?.key ?? null;
}
