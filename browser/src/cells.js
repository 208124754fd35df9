// Browser cells: the editor, Run / Stop / Reset / Copy link, the reader's output,
// and whether it matches what the book printed under torch at build time.
//
// The cells of one page share a namespace, as a notebook's do, in a visit of their
// own: the first run after the page is opened starts with no names defined, and
// running a cell first runs the earlier cells not yet run in this visit, each in
// its own place on the page, where it can be seen and stopped. A cell the reader
// stopped is never run again by itself. Each cell says whether it has run in this
// visit, and a cell that ran before an earlier cell was changed or run again is
// marked stale. A cell whose code is the reader's edit says so, and when a later cell
// misses a name that an earlier cell's book code defines, the later cell says which.

import { missingName } from "./missing-name.js";
import { OutputView } from "./output-view.js";
import { runtime } from "./runtime.js";
import { copyText, shareLink } from "./share.js";
import { button, element, normalise, persistentEditor, readData, toolbar } from "./ui.js";

const RUN_STATES = {
  "not-run": "Not run yet",
  ran: "Ran",
  stale: "Stale: an earlier cell changed after this ran",
  stopped: "Stopped before it finished: it does not run again until you run it",
};

// What a cell that waits for Python says: what Python is busy with, or that it is starting.
export function waitingText(page) {
  const busy = runtime.busy;
  if (!runtime.ready) return "Starting Python…";
  if (!busy) return "Waiting for Python…";
  const where = busy.page === page ? "" : " (on a page you left: it is being stopped)";
  return `Waiting: Python is busy with ${busy.label}${where}. Its Stop button stops it.`;
}

// The cells and exercises mounted on the page now, in page order, and whether their
// shared namespace has been started afresh in this visit.
export class PageVisit {
  constructor(page) {
    this.page = page;
    this.cells = [];
    this.exercises = [];
    this.fresh = true;
    this.endings = []; // what to undo when the reader leaves the page
  }

  onEnd(undo) {
    this.endings.push(undo);
  }

  add(list, item) {
    list.push(item);
    list.sort((a, b) => (a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  }

  takeFresh() {
    const fresh = this.fresh;
    this.fresh = false;
    return fresh;
  }

  // Cell `changed` was edited or run again: what later cells printed may no longer hold.
  staleAfter(changed) {
    for (const cell of this.cells.slice(this.cells.indexOf(changed) + 1)) {
      if (cell.runState === "ran") cell.setRunState("stale");
    }
  }

  // Python was lost (a crash) or reset: nothing has run in the new namespace.
  forgetRuns() {
    this.fresh = true;
    for (const cell of this.cells) {
      cell.ran = false;
      if (cell.runState !== "not-run") cell.setRunState("stale");
    }
  }

  // The reader left the page: what ran for it is no use now (runtime.leave stops it).
  end() {
    for (const undo of this.endings) undo();
    runtime.leave(this.page);
  }
}

export function errorVerdict(error) {
  const where = error.line ? ` on line ${error.line}` : "";
  if (error.type === "SyntaxError" || error.type === "IndentationError" || error.type === "TabError") {
    return `✗ Python could not read this code: ${error.type}${where}. The details are below.`;
  }
  if (error.type === "WorkerLost") return "✗ Python stopped unexpectedly while this ran. Run it again to restart Python.";
  return `✗ The code raised ${error.type}${where}. The traceback is below.`;
}

export class Cell {
  constructor(element, visit) {
    this.element = element;
    this.visit = visit;
    this.page = visit.page;
    this.data = readData(element);
    this.ran = false; // in this visit, to its end or to an error
    this.job = null; // the run waiting for Python or running, while there is one
    this.earlier = null; // the earlier cell running first for this one
    this.verdictText = "";
    element.dataset.mounted = "true";
    element.id ||= `cell-${this.data.label}`;
    element.bookCell = this;
    visit.add(visit.cells, this);
    this.build();
    // while this cell waits, it says what Python is busy with
    visit.onEnd(runtime.onState((state) => {
      if (state === "busy" && this.element.dataset.state === "waiting" && !this.earlier) this.status.textContent = waitingText(this.page);
    }));
  }

  get label() {
    return `cell ${this.data.label}`;
  }

  build() {
    const el = this.element;
    const slot = el.querySelector(".book-cell__editor");
    this.editor = persistentEditor({
      slot,
      key: `${this.page}#${this.data.name}`,
      original: this.data.code.replace(/\n+$/, ""), // as the page shows it: no empty last line
      label: `Python ${this.data.name}: edit the code, then press Shift+Enter to run it`,
      onRun: () => this.run(),
      onEscape: () => this.runButton.focus(),
      onEdited: (edited) => this.edited(edited),
    });
    this.runButton = button("Run", "Run this cell (Shift+Enter)", () => this.run());
    this.stopButton = button("Stop", "Stop the running cell", () => this.stop());
    this.resetButton = button("Reset", "Restore the book's code", () => this.reset());
    this.linkButton = button("Copy link", "Copy a link that opens this page with this cell's code", () => this.copyLink());
    this.runBadge = element("span", "book-cell__run-state");
    this.status = toolbar(slot, [this.runButton, this.stopButton, this.resetButton, this.linkButton, this.runBadge]);
    this.output = new OutputView(el.querySelector(".book-cell__output"));
    this.verdict = el.querySelector(".book-cell__verdict");
    this.why = element("p", "book-cell__why");
    this.why.hidden = true;
    this.verdict.after(this.why);
    this.setState("idle", "");
    this.setRunState("not-run");
    this.showEdited(this.element.dataset.edited === "true");
  }

  setState(state, message) {
    this.element.dataset.state = state;
    this.status.textContent = message;
    const busy = state === "running" || state === "waiting";
    this.stopButton.disabled = !busy;
    this.runButton.disabled = busy;
  }

  setRunState(state, seconds = null) {
    this.runState = state;
    this.element.dataset.run = state;
    this.runBadge.textContent = seconds === null ? RUN_STATES[state] : `${RUN_STATES[state]} in ${seconds} s`;
  }

  setVerdict(kind, text) {
    this.element.dataset.verdict = kind;
    this.verdictText = text;
    this.verdict.textContent = text;
    this.why.replaceChildren();
    this.why.hidden = true;
    delete this.element.dataset.stale;
  }

  // An edited cell says so above its code, and the book's output says whose code it belongs to.
  showEdited(edited) {
    if (edited && !this.editedNote) {
      this.editedNote = element("p", "book-cell__edited", "Edited: this is your code, kept in this browser. Reset brings back the book's.");
      this.element.querySelector(".book-cell__editor").before(this.editedNote);
    } else if (!edited && this.editedNote) {
      this.editedNote.remove();
      this.editedNote = null;
    }
    const label = this.element.querySelector(".book-cell__label");
    if (label) {
      label.dataset.book ??= label.textContent;
      label.textContent = edited ? `${label.dataset.book}, for the book's code, not your edit` : label.dataset.book;
    }
  }

  // An edit: the output and verdict on the page belong to the old code, and later
  // cells that ran may have used what this cell defined.
  edited(edited) {
    this.element.dataset.edited = String(edited);
    if (!this.verdict) return; // still being built: build() shows it
    this.showEdited(edited);
    if (this.element.dataset.state === "running") return;
    if (this.runState !== "not-run") this.visit.staleAfter(this);
    if (!this.verdictText) return;
    this.element.dataset.stale = "true";
    this.verdict.textContent = `Output of the code before your edit (run the cell to update it). Then: ${this.verdictText}`;
  }

  async run() {
    if (this.runButton.disabled) return;
    this.abandoned = false;
    this.setState("waiting", waitingText(this.page));
    try {
      await runtime.start();
    } catch (error) {
      this.setState("failed", `Python could not start: ${error.message}`);
      return;
    }
    if (this.abandoned) {
      this.setState("idle", "Not run: you stopped it while Python started.");
      return;
    }
    const blocker = await this.runEarlierCells();
    if (blocker?.outcome === "stopped") {
      this.setState("stopped", `Stopped while ${blocker.cell.label} ran first. Fix or reset ${blocker.cell.label}, then run this cell again.`);
    } else if (blocker) {
      this.setState("idle", `Not run: you stopped it while ${blocker.cell.label} waited to run first.`);
    } else {
      await this.execute();
    }
  }

  // Earlier cells of the page not yet run in this visit run first, each in its own
  // place; one the reader stopped does not. Returns {cell, outcome} for the cell the
  // reader stopped now (while it ran, or while it waited), if any.
  async runEarlierCells() {
    for (const other of this.visit.cells) {
      if (other === this) break;
      if (other.ran || other.runState === "stopped") continue;
      this.earlier = other;
      this.setState("waiting", `Running ${other.label} first: this page's cells share their names… (Stop stops it)`);
      const outcome = await other.execute();
      this.earlier = null;
      if (outcome !== "ran") return { cell: other, outcome };
    }
    return null;
  }

  // Runs the cell's code as it is now: "ran" (to its end or an error), "stopped" (the
  // reader stopped it while it ran) or "cancelled" (while it waited for Python).
  async execute() {
    this.setState("waiting", waitingText(this.page));
    let started = 0;
    const begin = () => {
      this.ran = true;
      if (this.runState !== "not-run") this.visit.staleAfter(this);
      this.output.clear();
      this.lastError = null;
      this.setVerdict("", "");
      delete this.element.dataset.matches;
      started = performance.now();
      this.setState("running", "Running…");
    };
    const fresh = this.visit.takeFresh();
    this.job = runtime.run(this.page, this.editor.code, this.data.name, (piece) => this.output.add(piece), {
      fresh, label: this.label, onStart: begin,
    });
    const result = await this.job;
    this.job = null;
    if (result.cancelled) {
      if (fresh) this.visit.fresh = true; // its fresh namespace was never made
      this.setState("idle", "Not run: you stopped it while it waited for Python.");
      return "cancelled";
    }
    await this.output.settle();
    if (result.interrupted) {
      this.ran = false;
      this.output.showError("Stopped.\n");
      this.setVerdict("stopped", "");
      this.setRunState("stopped"); // what it defined is unknown: never run again by itself
      this.setState("stopped", "Stopped");
      return "stopped";
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    this.setRunState("ran", seconds);
    const error = result.error;
    this.lastError = error;
    if (error) this.output.showError(error.traceback);
    const printed = this.output.printed + (error?.last || "");
    const matches = !this.output.wasCut && normalise(printed) === normalise(this.data.expected);
    this.element.dataset.matches = String(matches);
    if (matches) this.setVerdict("same", "✓ Same output as the book.");
    else if (error) this.setVerdict("error", errorVerdict(error));
    else if (this.element.dataset.edited === "true") this.setVerdict("edited", "Your edited code printed something other than the book's output.");
    else this.setVerdict("differs", "✗ This output differs from the book's.");
    this.setState(error ? "error" : "done", "");
    if (error?.type === "NameError") await this.explainMissingName(error);
    return "ran";
  }

  // Stop what this cell is waiting for: the earlier cell running first for it, its own
  // run, or, while it only waits in the queue, its place there.
  async stop() {
    if (this.earlier) return this.earlier.stop();
    if (this.element.dataset.state === "waiting") {
      if (this.job) this.job.cancel();
      else this.abandoned = true; // Python is starting: the run never begins
      return undefined;
    }
    this.status.textContent = "Stopping…";
    return runtime.stop(this.page);
  }

  // A NameError: which earlier cell should have defined the name, and why it did not.
  async explainMissingName(error) {
    const earlier = this.visit.cells.slice(0, this.visit.cells.indexOf(this));
    const why = await missingName(error, earlier, this.page);
    if (!why) return;
    this.why.replaceChildren(...why);
    this.why.hidden = false;
  }

  reset() {
    this.endVisitor();
    if (this.runState === "stopped") this.setRunState("not-run"); // the book's code runs first again when needed
    this.editor.reset();
    this.output.clear();
    this.lastError = null;
    this.setVerdict("", "");
    delete this.element.dataset.matches;
    this.setState("idle", "Restored the book's code");
  }

  // A page reset: the book's code, no output, and nothing run in the new namespace.
  forget() {
    this.reset();
    this.ran = false;
    this.setRunState("not-run");
    this.status.textContent = "";
  }

  async copyLink() {
    const link = shareLink(this.data.label, this.editor.code);
    const copied = await copyText(link);
    this.status.textContent = copied ? "Link copied: it opens this page with this cell's code (not run)." : `Copy this link: ${link}`;
  }

  // Code from a shared link: shown in the editor, marked as not the reader's, not run,
  // and saved only if the reader keeps it; `decided` is called when they keep it or not.
  showShared(code, decided = () => {}) {
    this.endVisitor();
    this.editor.showVisitor(code);
    this.element.dataset.shared = "true";
    const banner = element("div", "book-cell__shared");
    banner.setAttribute("role", "note");
    banner.tabIndex = -1;
    const text = element("p", "book-cell__shared-text",
      "Someone else's code, from a shared link: not the book's, and it has not run. Read it before you press Run.");
    const keep = button("Keep it as my edit", "Save this code as your edit of the cell", () => {
      this.editor.keep();
      this.endVisitor();
      decided();
      this.status.textContent = "Kept as your edit.";
    });
    const back = button("Back to my code", "Show your own code (or the book's) again", () => {
      this.editor.dismiss();
      this.endVisitor();
      decided();
      this.status.textContent = "Back to your code.";
    });
    banner.append(text, keep, back);
    this.element.querySelector(".book-cell__editor").before(banner);
    this.banner = banner;
    return banner;
  }

  endVisitor() {
    this.banner?.remove();
    this.banner = null;
    delete this.element.dataset.shared;
  }

  // A shared link this page could not read: said on the cell, which keeps its code.
  showLinkProblem(message) {
    const note = element("p", "book-cell__link-problem", `${message} The cell shows its usual code instead.`);
    note.setAttribute("role", "alert");
    this.element.querySelector(".book-cell__editor").before(note);
  }
}
