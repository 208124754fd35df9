// One run's output on its way from Python to the page: in batches, capped, cut on lines.
//
// A cell that prints in a tight loop calls write() thousands of times a second.
// Posting each piece would flood the page (and a growing text node is redrawn on
// every change), so pieces are gathered and sent at most once per FLUSH_MS. Only the
// output's head (at most HEAD characters) and its latest tail (at most TAIL) are kept,
// with a count of what was left out between them. Both cuts fall between lines, so no
// line is shown in part and the count of lines left out is exact; only a single line
// longer than a whole part is cut inside it (then the count is in characters).
//
// Messages: {type: "out", text, partial}   more complete lines of the head, and the
//                                          head's unfinished last line so far
//           {type: "tail", text, dropped}  the tail now, whole; dropped: {characters,
//                                          lines, midLine} left out before it

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
    this.headOpen = true; // until the output outgrows the head
    this.headLength = 0; // characters of complete lines taken into the head
    this.pending = ""; // of those, not yet posted
    this.partial = ""; // the head's unfinished last line
    this.partialChanged = false;
    this.tail = "";
    this.tailChanged = false;
    this.dropped = { characters: 0, lines: 0, midLine: false };
    this.lastFlush = now();
  }

  write(text) {
    if (!text) return;
    if (this.headOpen) text = this.fillHead(text);
    if (text) {
      this.tail += text;
      this.tailChanged = true;
      if (this.tail.length > 2 * this.limits.tail) this.trimTail();
    }
    if (this.now() - this.lastFlush >= this.limits.flushMs) this.flush();
  }

  // Takes what fits into the head; returns what does not (the start of the tail).
  fillHead(text) {
    const buffer = this.partial + text;
    const room = this.limits.head - this.headLength;
    this.partialChanged = true;
    if (buffer.length <= room) {
      const lines = buffer.lastIndexOf("\n") + 1;
      this.pending += buffer.slice(0, lines);
      this.headLength += lines;
      this.partial = buffer.slice(lines);
      return "";
    }
    // The head is full: it ends after its last complete line (inside the line only when
    // the very first line is longer than the whole head), and the rest starts the tail.
    let cut = buffer.lastIndexOf("\n", room - 1) + 1;
    if (cut === 0 && this.headLength === 0) {
      cut = room;
      this.dropped.midLine = true;
    }
    this.pending += buffer.slice(0, cut);
    this.headLength += cut;
    this.partial = "";
    this.headOpen = false;
    return buffer.slice(cut);
  }

  // Keeps at most TAIL characters, from the first line that starts within them (or from
  // inside the last line, when that line alone is longer).
  trimTail() {
    const cut = this.tail.length - this.limits.tail;
    if (cut <= 0) return;
    const newline = this.tail.indexOf("\n", cut - 1);
    const onLine = newline !== -1 && newline + 1 < this.tail.length;
    const start = onLine ? newline + 1 : cut;
    if (!onLine) this.dropped.midLine = true;
    const removed = this.tail.slice(0, start);
    this.dropped.characters += removed.length;
    this.dropped.lines += countLines(removed);
    this.tail = this.tail.slice(start);
  }

  flush() {
    if (this.pending || this.partialChanged) this.post({ type: "out", text: this.pending, partial: this.partial });
    this.pending = "";
    this.partialChanged = false;
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
