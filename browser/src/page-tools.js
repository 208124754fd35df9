// The page as a notebook: Run all, Reset page (asked once) and Download my notebook,
// in a bar before the page's first cell; and, once for the page, what the first run
// downloads, said only while Python is not yet in this browser.

import { download, notebookOf } from "./notebook-export.js";
import { keepsOffline, pythonIsKept } from "./offline.js";
import { runtime } from "./runtime.js";
import { button, element } from "./ui.js";

const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

// What the page says of Python in each runtime state, when it must be downloaded first
// (`offline`: the book's service worker is here to keep it).
const DOWNLOAD_NOTES = {
  idle: (size, offline) =>
    `Your first run downloads Python for this browser: ${size}, once.` +
    (offline ? " It is then kept here, and the cells work offline too." : ""),
  loading: (size) => `Downloading Python for this browser (${size}, once)…`,
  ready: (size, offline) =>
    offline
      ? "Python is downloaded and kept in this browser: next time, and offline, the cells start without a download."
      : "Python is downloaded: next time, the cells start sooner.",
};

export class PageTools {
  constructor(visit) {
    this.visit = visit;
    const first = visit.cells[0]?.element ?? visit.exercises[0]?.element;
    this.bar = element("div", "book-page-tools");
    this.bar.setAttribute("role", "group");
    this.bar.setAttribute("aria-label", "This page's cells");
    this.runAll = button("Run all cells", "Run every cell of this page, in order", () => this.runAllCells());
    this.reset = button("Reset page…", "Restore every cell and exercise to the book's code", () => this.askReset());
    this.save = button("Download my notebook", "Download this page's cells, with your edits and outputs, as a Jupyter notebook", () => this.downloadNotebook());
    this.status = element("span", "book-page-tools__status");
    this.status.setAttribute("role", "status");
    this.python = element("p", "book-page-tools__python");
    this.python.setAttribute("role", "status");
    this.python.hidden = true;
    this.bar.append(this.runAll, this.reset, this.save, this.status, this.python);
    if (!visit.cells.length) {
      this.runAll.hidden = true;
      this.save.hidden = true;
    }
    first.before(this.bar);
    this.sayWhatPythonCosts((visit.cells[0] ?? visit.exercises[0]).data.python_bytes);
  }

  // The download note, from the runtime's state; nothing once Python is kept in this browser.
  async sayWhatPythonCosts(bytes) {
    if (!bytes || (await pythonIsKept())) return;
    const offline = await keepsOffline();
    const say = (state) => {
      const note = DOWNLOAD_NOTES[state];
      if (note) {
        this.python.textContent = note(megabytes(bytes), offline);
        this.python.hidden = false;
      }
    };
    say(runtime.state);
    const unsubscribe = runtime.onState((state) => {
      say(state);
      if (state === "ready") unsubscribe();
    });
    this.visit.onEnd(unsubscribe);
  }

  async runAllCells() {
    this.runAll.disabled = true;
    this.status.textContent = "Running every cell, in order…";
    try {
      for (const cell of this.visit.cells) {
        cell.element.scrollIntoView({ block: "nearest" });
        await cell.run();
        if (!["done", "error"].includes(cell.element.dataset.state)) { // stopped, not started, or no Python
          this.status.textContent = `Stopped at ${cell.label}.`;
          return;
        }
      }
      const differing = this.visit.cells.filter((cell) => cell.element.dataset.matches !== "true").length;
      this.status.textContent = differing
        ? `Ran ${this.visit.cells.length} cells; ${differing} printed something other than the book.`
        : `Ran ${this.visit.cells.length} cells; each printed what the book printed.`;
    } finally {
      this.runAll.disabled = false;
    }
  }

  // One question, never a silent reset.
  askReset() {
    if (this.confirm) return;
    this.confirm = element("span", "book-page-tools__confirm");
    const question = element("span", "", "Reset every cell and exercise to the book's code and forget their outputs?");
    const yes = button("Yes, reset the page", "Reset every cell and exercise", () => this.resetPage());
    const no = button("Cancel", "Keep everything as it is", () => this.closeConfirm("Nothing was reset."));
    this.confirm.append(question, yes, no);
    this.reset.after(this.confirm);
    this.reset.hidden = true;
    yes.focus();
  }

  closeConfirm(message) {
    this.confirm?.remove();
    this.confirm = null;
    this.reset.hidden = false;
    this.reset.focus();
    this.status.textContent = message;
  }

  async resetPage() {
    if (runtime.pending.size) await runtime.stop(this.visit.page);
    for (const cell of this.visit.cells) cell.forget();
    for (const exercise of this.visit.exercises) exercise.forget();
    this.visit.forgetRuns();
    this.closeConfirm("Every cell and exercise shows the book's code again; the page's names are forgotten.");
  }

  downloadNotebook() {
    const title = document.querySelector(".md-content h1")?.textContent.replace("¶", "").trim() || document.title;
    const stem = location.pathname.split("/").filter(Boolean).at(-1) || "book";
    const notebook = notebookOf(this.visit, title, location.href.split("#")[0]);
    download(`${stem}-my-cells.ipynb`, JSON.stringify(notebook, null, 1) + "\n");
    this.status.textContent = `Downloaded ${stem}-my-cells.ipynb.`;
  }
}
