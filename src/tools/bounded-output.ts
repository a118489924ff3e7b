/**
 * A byte stream's first and last bytes, in fixed memory. It keeps the first
 * half of `limitBytes` and a ring buffer of the last half, and only counts
 * what falls in between, so a command that prints a gigabyte costs no more
 * memory than one that prints a line. Head and tail, not just the head: the
 * start shows what ran, the end holds the error, the summary or the failing
 * test.
 */
export class BoundedOutput {
  private readonly head: Buffer
  private headLength = 0
  private readonly tail: Buffer
  /** Where the next tail byte goes (the oldest one once the ring is full). */
  private tailEnd = 0
  private tailLength = 0
  /** Every byte ever appended, kept or not. */
  totalBytes = 0

  constructor(limitBytes: number) {
    const headSize = Math.floor(limitBytes / 2)
    this.head = Buffer.alloc(headSize)
    this.tail = Buffer.alloc(limitBytes - headSize)
  }

  append(chunk: Buffer): void {
    this.totalBytes += chunk.length
    const toHead = Math.min(chunk.length, this.head.length - this.headLength)
    chunk.copy(this.head, this.headLength, 0, toHead)
    this.headLength += toHead
    if (toHead < chunk.length) this.appendTail(chunk.subarray(toHead))
  }

  /**
   * The kept text, with `notice(cutBytes)` on a line of its own where bytes
   * were dropped. Cuts move to UTF-8 character boundaries, so the text shows
   * no broken characters; the bytes of a split character count as cut.
   */
  toText(notice: (cutBytes: number) => string): string {
    const head = this.head.subarray(0, this.headLength)
    const tail = this.tailBytes()
    const kept = head.length + tail.length
    if (kept === this.totalBytes) return Buffer.concat([head, tail]).toString()
    const wholeHead = head.subarray(0, completeUtf8Length(head))
    const wholeTail = tail.subarray(leadingContinuationBytes(tail))
    const cut = this.totalBytes - wholeHead.length - wholeTail.length
    const before = wholeHead.toString()
    const separator = before === '' || before.endsWith('\n') ? '' : '\n'
    return `${before}${separator}${notice(cut)}\n${wholeTail.toString()}`
  }

  private appendTail(chunk: Buffer): void {
    const size = this.tail.length
    if (size === 0) return
    if (chunk.length >= size) {
      chunk.copy(this.tail, 0, chunk.length - size)
      this.tailEnd = 0
      this.tailLength = size
      return
    }
    const untilWrap = Math.min(chunk.length, size - this.tailEnd)
    chunk.copy(this.tail, this.tailEnd, 0, untilWrap)
    chunk.copy(this.tail, 0, untilWrap)
    this.tailEnd = (this.tailEnd + chunk.length) % size
    this.tailLength = Math.min(size, this.tailLength + chunk.length)
  }

  /** The tail in stream order (the ring unrolled). */
  private tailBytes(): Buffer {
    if (this.tailLength < this.tail.length) {
      return this.tail.subarray(0, this.tailLength)
    }
    return Buffer.concat([
      this.tail.subarray(this.tailEnd),
      this.tail.subarray(0, this.tailEnd),
    ])
  }
}

/** The length of `bytes` without a multi-byte character cut off at its end. */
function completeUtf8Length(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]
    if (byte < 0x80) return bytes.length // ASCII: nothing is open
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
      return needed > back ? bytes.length - back : bytes.length
    }
  }
  return bytes.length // not UTF-8 anyway; the decoder marks it
}

/** How many bytes at the start of `bytes` continue a character cut off before. */
function leadingContinuationBytes(bytes: Buffer): number {
  let count = 0
  while (count < Math.min(3, bytes.length) && (bytes[count] & 0xc0) === 0x80) {
    count++
  }
  return count
}
