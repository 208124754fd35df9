// Exercises: the reader edits the task and presses Check; their code and then
// the checker run in a fresh namespace, and the checker's message says what to fix.

import { errorVerdict } from "./cells.js";
import { OutputView } from "./output-view.js";
import { runtime } from "./runtime.js";
import { button, persistentEditor, readData, toolbar } from "./ui.js";

const CHECK_FAILED = /^bookcheck\.CheckFailed: /;

export class Exercise {
  constructor(element, visit) {
    this.element = element;
    const page = visit.page;
    this.page = page;
    this.data = readData(element);
    this.namespace = `${page}#exercise:${this.data.name}`;
    element.dataset.mounted = "true";
    element.bookExercise = this;
    visit.add(visit.exercises, this);
    this.build();
  }

  build() {
    const el = this.element;
    const slot = el.querySelector(".book-cell__editor");
    this.editor = persistentEditor({
      slot,
      key: this.namespace,
      original: this.data.task.replace(/\n+$/, ""),
      label: `Exercise ${this.data.name}: edit the code, then press Shift+Enter to check it`,
      onRun: () => this.check(),
      onEscape: () => this.checkButton.focus(),
      onEdited: (edited) => this.edited(edited),
    });
    this.checkButton = button("Check", "Run your code and check it (Shift+Enter)", () => this.check());
    this.stopButton = button("Stop", "Stop your running code", () => runtime.stop(this.namespace));
    this.resetButton = button("Reset", "Restore the starting code", () => this.reset());
    this.status = toolbar(slot, [this.checkButton, this.stopButton, this.resetButton]);
    this.result = el.querySelector(".book-exercise__result");
    this.output = new OutputView(el.querySelector(".book-cell__output"));
    this.setState("idle", "");
  }

  setState(state, message) {
    this.element.dataset.state = state;
    this.status.textContent = message;
    const busy = state === "running";
    this.checkButton.disabled = busy;
    this.stopButton.disabled = !busy;
  }

  edited(edited) {
    this.element.dataset.edited = String(edited);
    if (this.element.dataset.verdict && this.element.dataset.state !== "running") {
      this.element.dataset.stale = "true";
      this.result.textContent = `For your code before the last edit: ${this.verdictText} Press Check to check it again.`;
    }
  }

  async check() {
    if (this.checkButton.disabled) return;
    this.setState("running", runtime.ready ? "Checking…" : "Starting Python (first run only)…");
    this.showVerdict("", "");
    this.output.clear();
    const show = (piece) => this.output.add(piece);
    let result;
    try {
      result = await runtime.run(this.namespace, this.editor.code, "your code", show, { fresh: true });
      if (!result.error && !result.interrupted) {
        result = await runtime.run(this.namespace, this.data.check, "check", () => {});
        result.fromCheck = true;
      }
    } catch (error) {
      this.setState("failed", `Python could not start: ${error.message}`);
      return;
    }
    await this.output.settle();
    const error = result.error;
    if (result.interrupted) {
      this.output.showError("Stopped.\n");
      this.showVerdict("stopped", "Stopped.");
    } else if (!error) {
      this.showVerdict("correct", "✓ Correct! Compare with the worked solution below.");
    } else if (result.fromCheck && CHECK_FAILED.test(error.last || "")) {
      this.showVerdict("incorrect", `Not yet: ${(error.last || "").replace(CHECK_FAILED, "").trim()}`);
    } else if (result.fromCheck) {
      this.output.showError(error.traceback);
      this.showVerdict("error", `✗ The checker could not run on your answer: it raised ${error.type}. The details are below.`);
    } else {
      this.output.showError(error.traceback);
      this.showVerdict("error", errorVerdict(error).replace("The code raised", "Your code raised"));
    }
    this.setState("idle", "");
  }

  showVerdict(kind, message) {
    if (kind) this.element.dataset.verdict = kind;
    else delete this.element.dataset.verdict;
    delete this.element.dataset.stale;
    this.verdictText = message;
    this.result.textContent = message;
  }

  reset() {
    this.editor.reset();
    this.showVerdict("", "");
    this.output.clear();
    this.setState("idle", "Restored the starting code");
  }

  // A page reset: the starting code, and the hint and worked solution hidden again.
  forget() {
    this.reset();
    this.status.textContent = "";
    for (const details of this.element.querySelectorAll("details")) details.open = false;
  }
}
