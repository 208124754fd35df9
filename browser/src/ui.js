// Pieces shared by cells and exercises: an editor whose edits persist, and buttons.

import { createEditor } from "./editor.js";

const STORAGE_PREFIX = "book-cell:";

export function button(text, title, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "md-button book-cell__button";
  element.textContent = text;
  element.title = title;
  element.addEventListener("click", onClick);
  return element;
}

// A toolbar after `slot`: the given buttons (and other elements), then a status
// line (role=status). It takes the place the page reserved for it (bookengine/render.py).
export function toolbar(slot, items) {
  const bar = document.createElement("div");
  bar.className = "book-cell__toolbar";
  const status = document.createElement("span");
  status.className = "book-cell__status";
  status.setAttribute("role", "status");
  bar.append(...items, status);
  const reserved = slot.nextElementSibling;
  if (reserved?.matches(".book-cell__toolbar[data-reserved]")) reserved.replaceWith(bar);
  else slot.after(bar);
  return status;
}

export function element(tag, className, text = "") {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

// An editor in `slot` holding `original`, or the reader's saved edit of it.
// Edits are kept in localStorage under `key` until reset() restores the original.
// showVisitor(code) shows code that is not the reader's (a shared link's) without
// saving it: keep() makes it the reader's edit, dismiss() brings theirs back.
export function persistentEditor({ slot, key, original, label, onRun, onEscape, onEdited }) {
  const storageKey = STORAGE_PREFIX + key;
  let visiting = false; // showing someone else's code: nothing is saved
  const read = () => {
    try {
      return localStorage.getItem(storageKey);
    } catch {
      return null; // storage disabled: edits live until the page closes
    }
  };
  const write = (code) => {
    if (visiting) return;
    try {
      if (code === original) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, code);
    } catch {
      /* storage full or disabled */
    }
    onEdited(code !== original);
  };
  slot.replaceChildren();
  const saved = read();
  const editor = createEditor({ parent: slot, code: saved ?? original, label, onRun, onEscape, onChange: write });
  onEdited(saved !== null && saved !== original);
  return {
    get code() {
      return editor.code;
    },
    reset() {
      visiting = false;
      editor.code = original;
      write(original);
    },
    showVisitor(code) {
      visiting = true;
      editor.code = code;
    },
    keep() {
      visiting = false;
      write(editor.code);
    },
    dismiss() {
      visiting = false;
      editor.code = read() ?? original;
      onEdited(editor.code !== original);
    },
  };
}

// A cell's or exercise's data, from its data-book attribute (JSON). An attribute, not
// a <script> element: Material's instant navigation re-runs every inline script of
// the page it swaps in, JSON or not.
export function readData(element) {
  return JSON.parse(element.dataset.book);
}

export function normalise(text) {
  return (text || "").replace(/[ \t]+$/gm, "").replace(/\s+$/, "");
}
