/**
 * The shading file (one line per row, '#' shaded, '.' unshaded, ';' comment lines; the form of
 * examples/maxblack/) as the faces read it: `generate --pattern` and `repair --keep`. A bad file is
 * an InputError naming its line.
 */
import { parseShadingFile, type ShadingFile } from '../maxblack/maxblack-shading.js';
import { InputError } from '../control/errors.js';

export function readShadingText(text: string, source: string): ShadingFile {
  try {
    return parseShadingFile(text);
  } catch (error) {
    const message = (error as Error).message;
    const line = /^line (\d+): (.*)$/.exec(message);
    throw line ? new InputError(line[2]!, { line: Number(line[1]) }, source) : new InputError(message, {}, source);
  }
}
