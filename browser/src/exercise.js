// Exercises: the reader edits the task and presses Check; their code and then
// the checker run in a fresh namespace, and the checker's message says what to fix.

import { runtime } from "./runtime.js";
import { button, persistentEditor, toolbar } from "./ui.js";

const CHECK_FAILED = /^booktorch\.check\.CheckFailed: /;

export class Exercise {
  constructor(element, page) {
    this.element = element;
    this.page = page;
    this.data = JSON.parse(element.querySelector(".book-exercise__data").textContent);
    this.namespace = `${page}#exercise:${this.data.name}`;
    element.dataset.mounted = "true";
    this.build();
  }

  build() {
    const el = this.element;
    const slot = el.querySelector(".book-cell__editor");
    this.editor = persistentEditor({
      slot,
      key: this.namespace,
      original: this.data.task,
      label: `Exercise ${this.data.name}: edit the code, then press Shift+Enter to check it`,
      onRun: () => this.check(),
      onEscape: () => this.checkButton.focus(),
      onEdited: (edited) => (el.dataset.edited = String(edited)),
    });
    this.checkButton = button("Check", "Run your code and check it (Shift+Enter)", () => this.check());
    this.stopButton = button("Stop", "Stop your running code", () => runtime.stop(this.namespace));
    this.resetButton = button("Reset", "Restore the starting code", () => this.reset());
    this.status = toolbar(slot, [this.checkButton, this.stopButton, this.resetButton]);
    this.result = el.querySelector(".book-exercise__result");
    this.output = el.querySelector(".book-cell__output");
    this.setState("idle", "");
  }

  setState(state, message) {
    this.element.dataset.state = state;
    this.status.textContent = message;
    const busy = state === "running";
    this.checkButton.disabled = busy;
    this.stopButton.disabled = !busy;
  }

  async check() {
    if (this.checkButton.disabled) return;
    this.setState("running", runtime.ready ? "Checking…" : "Starting Python (first run only)…");
    this.result.textContent = "";
    let printed = "";
    const show = (text) => {
      printed += text;
      this.output.hidden = false;
      this.output.textContent = printed;
    };
    this.output.hidden = true;
    let result;
    try {
      result = await runtime.run(this.namespace, this.editor.code, "your code", show, { fresh: true });
      if (!result.traceback && !result.interrupted) {
        result = await runtime.run(this.namespace, this.data.check, "check", () => {});
        result.fromCheck = true;
      }
    } catch (error) {
      this.setState("failed", `Python could not start: ${error.message}`);
      return;
    }
    if (result.interrupted) {
      this.verdict("stopped", "Stopped.");
    } else if (!result.traceback) {
      this.verdict("correct", "✓ Correct! Compare with the worked solution below.");
    } else if (result.fromCheck && CHECK_FAILED.test(result.last || "")) {
      this.verdict("incorrect", `Not yet: ${(result.last || "").replace(CHECK_FAILED, "").trim()}`);
    } else {
      show(result.traceback);
      this.verdict("error", result.fromCheck ? "The checker could not run on your answer; see the error above." : "Your code raised an error; see above.");
    }
  }

  verdict(state, message) {
    this.element.dataset.verdict = state;
    this.result.textContent = message;
    this.setState("idle", "");
  }

  reset() {
    this.editor.reset();
    this.result.textContent = "";
    this.output.hidden = true;
    delete this.element.dataset.verdict;
    this.setState("idle", "Restored the starting code");
  }
}
