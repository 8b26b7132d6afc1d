/**
 * A DRAT proof as it is written: lemmas (additions) and deletions in CaDiCaL's binary DRAT ('a'
 * or 'd', then each literal l as the variable-length unsigned 2|l| + (l < 0), then 0), the form
 * src/sat/drat-check.ts and drat-trim read. Binary rather than text: a deduction certificate
 * holds tens of thousands of short lemmas, and the binary form is about half the text's size.
 */
export class DratWriter {
  private bytes = new Uint8Array(1 << 12);
  private length = 0;
  /** Additions and deletions written. */
  additions = 0;
  deletions = 0;

  add(lits: readonly number[]): void {
    this.step(0x61, lits);
    this.additions++;
  }

  delete(lits: readonly number[]): void {
    this.step(0x64, lits);
    this.deletions++;
  }

  /** Appends the steps of another proof (e.g. a SAT solver's), as they are. */
  append(steps: Iterable<{ readonly deleted: boolean; readonly lits: readonly number[] }>): void {
    for (const { deleted, lits } of steps) {
      if (deleted) this.delete(lits);
      else this.add(lits);
    }
  }

  /** The proof so far (a copy). */
  finish(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }

  get size(): number {
    return this.length;
  }

  private step(tag: number, lits: readonly number[]): void {
    // 5 bytes hold any literal below 2^31 in 7-bit groups.
    this.reserve(2 + 5 * lits.length);
    this.bytes[this.length++] = tag;
    for (const lit of lits) {
      let u = lit > 0 ? 2 * lit : -2 * lit + 1;
      while (u > 0x7f) {
        this.bytes[this.length++] = (u & 0x7f) | 0x80;
        u = Math.floor(u / 128);
      }
      this.bytes[this.length++] = u;
    }
    this.bytes[this.length++] = 0;
  }

  private reserve(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + extra) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }
}
