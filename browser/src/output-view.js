// What a run printed, on the page: drawn at most once per animation frame, as text.
//
// The worker sends the output's head piece by piece and, once the head is full, the
// latest tail whole (see output-stream.js); between them a note says how much was
// left out. A traceback goes after the output, styled as an error.

// A frame, or 100 ms where no frames come (a background tab).
const nextFrame = () =>
  new Promise((resolve) => {
    requestAnimationFrame(() => resolve());
    setTimeout(resolve, 100);
  });

function cutNote({ characters, lines }) {
  const count = lines > 0 ? `${lines.toLocaleString("en")} more lines` : `${characters.toLocaleString("en")} more characters`;
  return `\n[… ${count} not shown: a long output keeps its beginning and its end …]\n`;
}

export class OutputView {
  constructor(pre) {
    this.pre = pre;
    this.clear();
  }

  clear() {
    this.head = document.createTextNode("");
    this.note = document.createElement("span");
    this.note.className = "book-cell__cut";
    this.tail = document.createTextNode("");
    this.error = document.createElement("span");
    this.error.className = "book-cell__traceback";
    this.pre.replaceChildren(this.head, this.note, this.tail, this.error);
    this.pre.hidden = true;
    this.pendingHead = "";
    this.latestTail = null;
    this.cut = null;
    this.drawing = null;
    this.text = { head: "", tail: "" };
  }

  // One piece from the runtime: {kind: "out", text} or {kind: "tail", text, dropped}.
  add(piece) {
    if (piece.kind === "out") {
      this.pendingHead += piece.text;
      this.text.head += piece.text;
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
    if (this.cut) this.note.textContent = cutNote(this.cut);
    if (this.latestTail !== null) this.tail.data = this.latestTail;
    this.latestTail = null;
    this.pre.hidden = !this.pre.textContent;
  }

  // Waits for the last frame's drawing, so what the reader sees is complete.
  async settle() {
    if (this.drawing) await this.drawing;
  }

  showError(traceback) {
    this.error.textContent = traceback || "";
    this.pre.hidden = !this.pre.textContent;
  }

  get printed() {
    return this.text.head + this.text.tail;
  }

  // What the reader sees of the printed output, with the note where it was cut.
  get shownText() {
    return this.text.head + (this.cut ? cutNote(this.cut) : "") + this.text.tail;
  }

  get wasCut() {
    return this.cut !== null;
  }
}
