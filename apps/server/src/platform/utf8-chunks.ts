/**
 * Text written as UTF-8 into buffers of a fixed size as it is appended, for the exports (docs/decisions/0028).
 *
 * Why not build a string and convert it once: a string built piece by piece is a tree of small strings, and turning
 * one of 180 KB or more into bytes first makes it one flat string, which V8 puts in its large-object space (part of
 * the old generation) where it stays until a full collection. An export of 100,000 rows made hundreds of those, and
 * the server grew by about 100 MB before V8 collected them. Here each appended piece is small and dies young, and
 * the bytes live outside the heap until they are sent.
 */
export class Utf8Chunks {
  private buffer: Buffer;
  private used = 0;
  private full: Buffer[] = [];
  private pendingBytes = 0;

  constructor(private readonly size = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  /** Adds `text`; a piece longer than a buffer gets a buffer of its own. */
  append(text: string): void {
    const bytes = Buffer.byteLength(text, "utf8");
    if (bytes > this.size - this.used) {
      this.seal();
      if (bytes > this.size) {
        this.full.push(Buffer.from(text, "utf8"));
        this.pendingBytes += bytes;
        return;
      }
    }
    this.used += this.buffer.write(text, this.used, "utf8");
    this.pendingBytes += bytes;
  }

  /** Bytes appended and not taken yet. */
  get length(): number {
    return this.pendingBytes;
  }

  /** Everything appended so far, as buffers in order (the last one may be part full); the builder starts empty. */
  take(): Buffer[] {
    this.seal();
    const out = this.full;
    this.full = [];
    this.pendingBytes = 0;
    return out;
  }

  private seal() {
    if (this.used === 0) return;
    this.full.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(this.size);
    this.used = 0;
  }
}
