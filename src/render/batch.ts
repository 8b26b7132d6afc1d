/** A batch's progress in words, for the one progress event's message. */

/** How far a batch has got: lines answered, bytes read of the input's size (when it is a file), time. */
export interface BatchProgress {
  readonly lines: number;
  readonly bytesRead: number;
  /** The input's size, when it is a file. */
  readonly totalBytes: number | undefined;
  readonly elapsedMs: number;
}

/** "1234 lines, 250/s, 48%, ETA 1m 20s" (the share and ETA by bytes read, when the size is known). */
export function describeProgress({ lines, bytesRead, totalBytes, elapsedMs }: BatchProgress): string {
  const seconds = elapsedMs / 1000;
  const parts = [`${lines} lines`, `${seconds > 0 ? Math.round(lines / seconds) : 0}/s`];
  if (totalBytes !== undefined && totalBytes > 0 && bytesRead > 0) {
    const share = Math.min(1, bytesRead / totalBytes);
    parts.push(`${Math.floor(share * 100)}%`, `ETA ${duration((seconds * (1 - share)) / share)}`);
  }
  return parts.join(', ');
}

function duration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s}s` : s < 3600 ? `${Math.floor(s / 60)}m ${s % 60}s` : `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}
