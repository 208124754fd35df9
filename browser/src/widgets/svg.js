// Small helpers shared by the widgets: SVG and HTML elements, buttons, live
// regions, published state, resizes and reduced motion.

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (parent) parent.append(element);
  return element;
}

// An SVG <text> holding `text`.
export function svgText(parent, attributes, text) {
  const element = svg("text", attributes, parent);
  element.textContent = text;
  return element;
}

export function html(tag, attributes = {}, parent = null) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") element.textContent = value;
    else element.setAttribute(name, String(value));
  }
  if (parent) parent.append(element);
  return element;
}

// An id no other element of the page has, for aria-describedby and label's `for`.
export function uniqueId(prefix) {
  return `${prefix}-${Math.random().toString(36).slice(2, 9)}`;
}

// An SVG with a <title> and <desc> that the widget keeps current; clear() removes
// everything else, for a drawing made again from scratch.
export function describedSvg(parent, { viewBox, title, label }) {
  const id = uniqueId("w");
  const root = svg("svg", { viewBox, role: "img", "aria-labelledby": `${id}-t ${id}-d`, class: "book-widget__svg" }, parent);
  const titleEl = svg("title", { id: `${id}-t` }, root);
  titleEl.textContent = title;
  const desc = svg("desc", { id: `${id}-d` }, root);
  desc.textContent = label;
  return { root, setDescription: (text) => (desc.textContent = text), clear: () => root.replaceChildren(titleEl, desc) };
}

// A polite live region for the widget's key moments only.
export function announcer(parent) {
  const region = html("p", { class: "book-widget__live", "aria-live": "polite", role: "status" }, parent);
  let last = "";
  return (message) => {
    if (message === last) return;
    last = message;
    region.textContent = message;
  };
}

// Call `redraw` whenever `element` gets a new width (a phone turned, a window resized).
// The drawings lay themselves out for the width they are given, so that their text
// keeps its size on a narrow screen instead of shrinking with the whole picture.
export function onWidthChange(element, redraw) {
  let width = element.clientWidth;
  new ResizeObserver(() => {
    if (element.clientWidth === width) return;
    width = element.clientWidth;
    redraw();
  }).observe(element);
}

// Enter in a text field does `action` (and submits no form).
export function onEnter(input, action) {
  input.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    action();
  });
}

export function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// Publish a widget's state for tests and scripts: data-state holds JSON.
export function publish(element, state) {
  element.dataset.state = JSON.stringify(state);
}

// A widget's button; the widget binds what it does.
export function button(parent, text, attributes = {}) {
  return html("button", { type: "button", class: "md-button book-widget__button", ...attributes, text }, parent);
}

// A button that stays focusable (keyboard users keep their place) but cannot be pressed now.
export function setUnavailable(element, unavailable) {
  element.setAttribute("aria-disabled", unavailable ? "true" : "false");
}
