// Back / Step / Play / Finish / Reset through a widget's numbered steps (matmul, tape).
// The widget keeps its step in `state.step` and gives:
//   stepsTotal()              the number of steps, or null when there is nothing to step through
//   go(target, {fromPlay})    move to step `target` (clamped) and say what changed
//   render()                  draw the state, the buttons included (Playback.show)

import { button, html, prefersReducedMotion, setUnavailable } from "./svg.js";

export function buildStepButtons(parent, className, label) {
  const group = html("div", { class: className, role: "group", "aria-label": label }, parent);
  const make = (text) => button(group, text, { "data-action": text.toLowerCase() });
  return { group, back: make("Back"), step: make("Step"), play: make("Play"), finish: make("Finish"), reset: make("Reset") };
}

export class Playback {
  constructor(widget, buttons, { tickMs, firstTickMs }) {
    this.widget = widget;
    this.buttons = buttons;
    this.tickMs = tickMs;
    this.firstTickMs = firstTickMs;
    this.timer = null;
    this.bind();
  }

  get playing() {
    return this.timer !== null;
  }

  bind() {
    const { group, back, step, play, finish, reset } = this.buttons;
    const widget = this.widget;
    back.addEventListener("click", () => widget.go(widget.state.step - 1));
    step.addEventListener("click", () => widget.go(widget.state.step + 1));
    play.addEventListener("click", () => this.toggle());
    finish.addEventListener("click", () => widget.go(Infinity));
    reset.addEventListener("click", () => widget.go(0));
    // Buttons marked aria-disabled stay focusable (keyboard users keep their place) but do nothing.
    group.addEventListener("click", (event) => {
      if (event.target.closest("button")?.getAttribute("aria-disabled") === "true") event.stopImmediatePropagation();
    }, true);
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
  }

  // Play from here (from the start when at the end) one step a tick, or pause.
  // With reduced motion, Play goes straight to the end.
  toggle() {
    const widget = this.widget;
    const total = widget.stepsTotal();
    if (total === null) return;
    if (this.playing) {
      this.stop();
      return widget.render();
    }
    if (prefersReducedMotion()) return widget.go(total);
    if (widget.state.step >= total) widget.state.step = 0;
    const tick = () => {
      widget.go(widget.state.step + 1, { fromPlay: true });
      if (widget.state.step < total) {
        this.timer = setTimeout(tick, this.tickMs);
        return;
      }
      this.stop();
      widget.render();
    };
    this.timer = setTimeout(tick, this.firstTickMs);
    widget.render();
  }

  // The buttons for step `step` of `total`; `blocked`: none can be pressed.
  show(step, total, blocked = false) {
    const { back, step: stepButton, play, finish, reset } = this.buttons;
    setUnavailable(back, blocked || step === 0);
    setUnavailable(reset, blocked || step === 0);
    setUnavailable(stepButton, blocked || step >= total);
    setUnavailable(finish, blocked || step >= total);
    setUnavailable(play, blocked);
    play.textContent = this.playing ? "Pause" : "Play";
    play.setAttribute("aria-pressed", this.playing ? "true" : "false");
  }
}
