/** The one-line InputError message with which the readers refuse `text` (the test fails if they accept it). */
import { expect } from 'vitest';
import { parseDocument, type FormatName } from '../../src/formats/detect.js';
import { InputError } from '../../src/control/errors.js';

export function refusal(text: string, from?: FormatName): string {
  try {
    parseDocument(text, from === undefined ? {} : { from });
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    const message = (error as InputError).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error(`accepted: ${JSON.stringify(text.slice(0, 100))}`);
}
