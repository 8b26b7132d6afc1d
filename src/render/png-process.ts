/**
 * The child process of svgToPng (png.ts) under a time limit: reads the SVG on stdin, writes the
 * PNG to stdout, or its error (as ErrorData, one JSON line) to stderr with exit code 1. The parent
 * kills it at the limit: resvg's native drawing cannot be interrupted any other way.
 */
import { errorToData } from '../control/errors.js';
import { rasterise } from './png.js';

const chunks: Buffer[] = [];
process.stdin.on('data', (b: Buffer) => chunks.push(b));
process.stdin.on('end', () => {
  rasterise(Buffer.concat(chunks).toString('utf8')).then(
    (png) => process.stdout.write(png),
    (error: unknown) => {
      process.stderr.write(`${JSON.stringify(errorToData(error))}\n`);
      process.exitCode = 1;
    },
  );
});
