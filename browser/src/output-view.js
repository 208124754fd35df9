// What a run printed, on the page: drawn at most once per animation frame, as text,
// in a box of bounded height that scrolls (book.css), so a long output never makes
// the page itself long; lines never wrap, they scroll sideways.
//
// The worker sends the output's head piece by piece with its unfinished last line, and,
// once the head is full, the latest tail whole (see output-stream.js); between them a
// note says how many lines were left out. A traceback goes after the output, styled as
// an error.

// A frame, or 100 ms where no frames come (a background tab).
const nextFrame = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });

const plural = (count, word) => `${count.toLocaleString("en")} ${word}${count === 1 ? "" : "s"}`;

export function cutNote({ characters, lines, midLine }) {
  const count = midLine || lines === 0 ? plural(characters, "character") : plural(lines, "line");
  return `\n[… ${count} left out here: a long output keeps its first and its last lines …]\n`;
}

export class OutputView {
  constructor(pre) {
    this.pre = pre;
    pre.setAttribute("role", "log"); // a live region that grows in order, with a name
    pre.setAttribute("aria-label", "Output of your run");
    this.clear();
  }

  clear() {
    this.head = document.createTextNode("");
    this.partial = document.createTextNode("");
    this.note = document.createElement("span");
    this.note.className = "book-cell__cut";
    this.tail = document.createTextNode("");
    this.error = document.createElement("span");
    this.error.className = "book-cell__traceback";
    this.pre.replaceChildren(this.head, this.partial, this.note, this.tail, this.error);
    this.showOrHide();
    this.pendingHead = "";
    this.latestPartial = null;
    this.latestTail = null;
    this.cut = null;
    this.drawing = null;
    this.text = { head: "", partial: "", tail: "" };
  }

  // One piece from the runtime: {kind: "out", text, partial} or {kind: "tail", text, dropped}.
  add(piece) {
    if (piece.kind === "out") {
      this.pendingHead += piece.text;
      this.text.head += piece.text;
      this.latestPartial = piece.partial ?? "";
      this.text.partial = this.latestPartial;
    } else {
      this.latestTail = piece.text;
      this.text.tail = piece.text;
      if (piece.dropped && (piece.dropped.characters || piece.dropped.lines)) this.cut = piece.dropped;
    }
    this.drawing ??= nextFrame().then(() => this.draw());
  }

  draw() {
    this.drawing = null;
    if (this.pendingHead) this.head.appendData(this.pendingHead);
    this.pendingHead = "";
    if (this.latestPartial !== null) this.partial.data = this.latestPartial;
    this.latestPartial = null;
    if (this.cut) this.note.textContent = cutNote(this.cut);
    if (this.latestTail !== null) this.tail.data = this.latestTail;
    this.latestTail = null;
    this.showOrHide();
  }

  // Hidden while empty; a box that scrolls is reachable by keyboard (axe: scrollable-region-focusable).
  showOrHide() {
    this.pre.hidden = !this.pre.textContent;
    const pre = this.pre;
    const scrolls = !pre.hidden && (pre.scrollHeight > pre.clientHeight || pre.scrollWidth > pre.clientWidth);
    if (scrolls) pre.tabIndex = 0;
    else pre.removeAttribute("tabindex");
  }

  // Waits for the last frame's drawing, so what the reader sees is complete.
  async settle() {
    if (this.drawing) await this.drawing;
  }

  showError(traceback) {
    this.error.textContent = traceback || "";
    this.showOrHide();
  }

  get printed() {
    return this.text.head + this.text.partial + this.text.tail;
  }

  // What the reader sees of the printed output, with the note where it was cut.
  get shownText() {
    return this.text.head + this.text.partial + (this.cut ? cutNote(this.cut) : "") + this.text.tail;
  }

  get wasCut() {
    return this.cut !== null;
  }
}
