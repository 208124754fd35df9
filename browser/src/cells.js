// Browser cells: the editor, Run / Stop / Reset, the reader's output, and
// whether it matches what the book printed under torch at build time.

import { runtime } from "./runtime.js";
import { button, normalise, persistentEditor, toolbar } from "./ui.js";

export class Cell {
  constructor(element, page) {
    this.element = element;
    this.page = page;
    this.data = JSON.parse(element.querySelector(".book-cell__data").textContent);
    this.ran = false;
    element.dataset.mounted = "true";
    element.bookCell = this;
    this.build();
  }

  build() {
    const el = this.element;
    const slot = el.querySelector(".book-cell__editor");
    this.editor = persistentEditor({
      slot,
      key: `${this.page}#${this.data.name}`,
      original: this.data.code,
      label: `Python ${this.data.name}: edit the code, then press Shift+Enter to run it`,
      onRun: () => this.run(),
      onEscape: () => this.runButton.focus(),
      onEdited: (edited) => (el.dataset.edited = String(edited)),
    });
    this.runButton = button("Run", "Run this cell (Shift+Enter)", () => this.run());
    this.stopButton = button("Stop", "Stop the running cell", () => this.stop());
    this.resetButton = button("Reset", "Restore the book's code", () => this.reset());
    this.status = toolbar(slot, [this.runButton, this.stopButton, this.resetButton]);
    this.output = el.querySelector(".book-cell__output");
    this.verdict = el.querySelector(".book-cell__verdict");
    this.setState("idle", "");
  }

  setState(state, message) {
    this.element.dataset.state = state;
    this.status.textContent = message;
    const busy = state === "running" || state === "waiting";
    this.stopButton.disabled = !busy;
    this.runButton.disabled = busy;
  }

  async run() {
    if (this.runButton.disabled) return;
    this.setState("waiting", runtime.ready ? "Waiting…" : "Starting Python (first run only)…");
    try {
      await runtime.start();
      await runEarlierCells(this);
    } catch (error) {
      this.setState("failed", `Python could not start: ${error.message}`);
      return;
    }
    this.output.hidden = false;
    this.output.textContent = "";
    this.verdict.textContent = "";
    let printed = "";
    const started = performance.now();
    this.setState("running", "Running…");
    const result = await runtime.run(this.page, this.editor.code, this.data.name, (text) => {
      printed += text;
      this.output.textContent = printed;
    });
    this.ran = true;
    if (result.interrupted) {
      this.output.textContent = printed + "Stopped.\n";
      this.setState("stopped", "Stopped");
      return;
    }
    if (result.traceback) this.output.textContent = printed + result.traceback;
    const matches = normalise(printed + (result.last || "")) === normalise(this.data.expected);
    this.element.dataset.matches = String(matches);
    this.verdict.textContent = matches
      ? "✓ Same output as the book."
      : this.element.dataset.edited === "true"
        ? "Your edited code printed something other than the book's output."
        : "✗ This output differs from the book's.";
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    this.setState(result.traceback ? "error" : "done", `Ran in ${seconds} s`);
  }

  async stop() {
    this.status.textContent = "Stopping…";
    await runtime.stop(this.page);
  }

  reset() {
    this.editor.reset();
    this.output.hidden = true;
    this.output.textContent = "";
    this.verdict.textContent = "";
    delete this.element.dataset.matches;
    this.setState("idle", "Restored the book's code");
  }
}

// Cells share a namespace in page order: run any earlier cell not yet run, quietly.
async function runEarlierCells(cell) {
  for (const element of document.querySelectorAll(".book-cell")) {
    const other = element.bookCell;
    if (!other || other === cell) break;
    if (!other.ran) {
      other.ran = true;
      await runtime.run(other.page, other.editor.code, other.data.name, () => {}, { quiet: true });
    }
  }
}
