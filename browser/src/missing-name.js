// A cell raised NameError: which earlier cell of the page defines that name in the
// book's code, and why the name is missing now (the reader's edit of that cell no
// longer defines it, the reader stopped it, or it raised before it got there).
// Python reads the code (bookcell.defined_names), so "defines" means what Python binds.

import { runtime } from "./runtime.js";

const MISSING = /^NameError: name '([^']+)' is not defined/m;

function link(cell) {
  const anchor = document.createElement("a");
  anchor.href = `#${cell.element.id}`;
  anchor.textContent = cell.label.replace(/^./, (first) => first.toUpperCase());
  return anchor;
}

// Why `name` is missing although `cell`'s book code defines it; null if not this cell's doing.
function reason(cell, name, definesNow) {
  if (cell.runState === "stopped") return ["you stopped it before it finished. Run it again, or reset it."];
  if (!definesNow) return ["your edit of it no longer does. Reset it, or define ", name, " again."];
  if (cell.lastError) return [`it raised ${cell.lastError.type} before it got there.`];
  if (!cell.ran) return ["it has not run since the page was opened or reset."];
  return null;
}

// The explanation as nodes for a paragraph, or null when no earlier cell is to blame.
export async function missingName(error, earlier, page) {
  const name = MISSING.exec(error.last || "")?.[1];
  if (!name || !earlier.length) return null;
  const codes = earlier.flatMap((cell) => [cell.data.code, cell.editor.code]);
  const answer = await runtime.call("bookcell", "defined_names", [codes], { page, label: "a look at the cells' names" });
  if (!Array.isArray(answer.value)) return null;
  for (let k = earlier.length - 1; k >= 0; k -= 1) {
    const [inBook, now] = [answer.value[2 * k], answer.value[2 * k + 1]];
    if (!inBook?.includes(name)) continue;
    const why = reason(earlier[k], name, now?.includes(name));
    if (!why) return null;
    const code = document.createElement("code");
    code.textContent = name;
    return [link(earlier[k]), " defines ", code, " in the book's code, but ", ...why.map((part) => (part === name ? code.cloneNode(true) : part))];
  }
  return null;
}
