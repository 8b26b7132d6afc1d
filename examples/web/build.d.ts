// Types of build.js (plain JavaScript, run by node without a build step) for the tests that import it.
import type { BuildResult, Metafile } from 'esbuild';

export declare const repoRoot: string;
export declare function bundleForBrowser(options: {
  entry: string;
  outfile?: string;
  write?: boolean;
  minify?: boolean;
}): Promise<{ result: BuildResult & { metafile: Metafile }; nodeImports: { path: string; importer: string }[] }>;
export declare function buildWeb(
  outDir?: string,
): Promise<{ outDir: string; nodeImports: { path: string; importer: string }[]; version: string }>;
export declare const precached: string[];
