// One run's output on its way from Python to the page: in batches, and capped.
//
// A cell that prints in a tight loop calls write() thousands of times a second.
// Posting each piece would flood the page (and a growing text node is redrawn on
// every change), so pieces are gathered and sent at most once per FLUSH_MS. Only
// the first HEAD characters are kept in full; after that, the last TAIL characters
// are kept and sent whole, with a count of what was left out in between.

export const HEAD = 50_000;
export const TAIL = 10_000;
export const FLUSH_MS = 50;

function countLines(text) {
  let lines = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines += 1;
  return lines;
}

export class OutputStream {
  constructor(post, { head = HEAD, tail = TAIL, flushMs = FLUSH_MS, now = () => performance.now() } = {}) {
    this.post = post;
    this.limits = { head, tail, flushMs };
    this.now = now;
    this.sentHead = 0; // characters of the head already gathered
    this.pending = ""; // head characters not yet posted
    this.tail = "";
    this.tailChanged = false;
    this.dropped = { characters: 0, lines: 0 };
    this.lastFlush = now();
  }

  write(text) {
    if (!text) return;
    const room = this.limits.head - this.sentHead;
    if (room > 0) {
      const piece = text.slice(0, room);
      this.pending += piece;
      this.sentHead += piece.length;
      text = text.slice(piece.length);
    }
    if (text) {
      this.tail += text;
      this.tailChanged = true;
      if (this.tail.length > 2 * this.limits.tail) this.trimTail();
    }
    if (this.now() - this.lastFlush >= this.limits.flushMs) this.flush();
  }

  trimTail() {
    const cut = this.tail.length - this.limits.tail;
    if (cut <= 0) return;
    const removed = this.tail.slice(0, cut);
    this.dropped.characters += removed.length;
    this.dropped.lines += countLines(removed);
    this.tail = this.tail.slice(cut);
  }

  flush() {
    if (this.pending) this.post({ type: "out", text: this.pending });
    this.pending = "";
    if (this.tailChanged) {
      this.trimTail();
      this.post({ type: "tail", text: this.tail, dropped: { ...this.dropped } });
      this.tailChanged = false;
    }
    this.lastFlush = this.now();
  }

  close() {
    this.flush();
  }
}
