/**
 * The page's address (`#…`), which keeps the puzzle and the player's marks so that a link can be
 * shared or bookmarked: `#<puzzle>` or `#<puzzle>&marks=<marks>`.
 *
 * The puzzle is any one-line form the library's `parse` reads; the page writes the puzz.link URL
 * (`#https://puzz.link/p?hitori/4/4/3314432213423432`), the form players share. The marks are one
 * character per cell, row by row: `x` shaded, `o` marked white, `.` not marked; trailing `.` are
 * left off, so a fresh board has no marks part at all.
 */

/** A player's marks, one per cell: true shaded, false marked white, null not marked. */
export type Marks = readonly (boolean | null)[];

const separator = '&marks=';

/** The marks as the address writes them (`x`, `o`, `.`, trailing `.` left off). */
export function marksText(marks: Marks): string {
  return marks
    .map((m) => (m === true ? 'x' : m === false ? 'o' : '.'))
    .join('')
    .replace(/\.+$/, '');
}

/** The marks of an `n`-cell board from their address text, or null when the text is not such marks. */
export function marksFrom(text: string, n: number): (boolean | null)[] | null {
  if (text.length > n || !/^[xo.]*$/.test(text)) return null;
  const marks = new Array<boolean | null>(n).fill(null);
  for (let i = 0; i < text.length; i++) marks[i] = text[i] === 'x' ? true : text[i] === 'o' ? false : null;
  return marks;
}

/** The address (with its `#`) of a puzzle, given in a one-line form, and the marks on it. */
export function addressOf(puzzle: string, marks: Marks): string {
  const text = marksText(marks);
  return `#${puzzle}${text === '' ? '' : `${separator}${text}`}`;
}

/** The puzzle text and the marks text (null when there is none) of an address (`location.hash`). */
export function readAddress(hash: string): { readonly puzzle: string; readonly marks: string | null } {
  let body = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    body = decodeURIComponent(body);
  } catch {
    // A stray '%' that starts no escape: take the address as written.
  }
  const at = body.lastIndexOf(separator);
  if (at < 0) return { puzzle: body, marks: null };
  return { puzzle: body.slice(0, at), marks: body.slice(at + separator.length) };
}
