// Types of build-if-changed.mjs (plain JavaScript: it runs before anything is compiled).
export declare function sourceHash(dirs: readonly string[], files: readonly string[], take: RegExp, skip?: readonly string[]): string;
export declare function buildIfChanged(): boolean;
