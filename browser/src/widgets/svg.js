// Small helpers shared by the widgets: SVG elements, live regions, reduced motion.

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attributes = {}, parent = null) {
  const element = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (parent) parent.append(element);
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

// An SVG with a <title> and <desc> that the widget keeps current.
export function describedSvg(parent, { viewBox, title, label }) {
  const id = `w${Math.random().toString(36).slice(2, 9)}`;
  const root = svg("svg", { viewBox, role: "img", "aria-labelledby": `${id}-t ${id}-d`, class: "book-widget__svg" }, parent);
  const titleEl = svg("title", { id: `${id}-t` }, root);
  titleEl.textContent = title;
  const desc = svg("desc", { id: `${id}-d` }, root);
  desc.textContent = label;
  return { root, setDescription: (text) => (desc.textContent = text) };
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

export function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

// Publish a widget's state for tests and scripts: data-state holds JSON.
export function publish(element, state) {
  element.dataset.state = JSON.stringify(state);
}

export function button(parent, text, onClick, attributes = {}) {
  const element = html("button", { type: "button", class: "md-button book-widget__button", ...attributes, text }, parent);
  element.addEventListener("click", onClick);
  return element;
}
