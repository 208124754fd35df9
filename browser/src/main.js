// Entry of the cell bundle: mount every cell and exercise on the page (mounting
// twice is harmless) and start Python on intent: a cell near the viewport,
// focused or hovered. Pages without cells never load this bundle.

import { Cell } from "./cells.js";
import { Exercise } from "./exercise.js";
import { runtime } from "./runtime.js";

export function mountCells(root = document) {
  const page = location.pathname;
  const cells = [...root.querySelectorAll(".book-cell:not([data-mounted])")].map((el) => new Cell(el, page));
  const exercises = [...root.querySelectorAll(".book-exercise:not([data-mounted])")].map((el) => new Exercise(el, page));
  watchIntent([...cells, ...exercises].map((item) => item.element));
  return [...cells, ...exercises];
}

function watchIntent(elements) {
  if (!elements.length) return;
  const start = () => runtime.start().catch(() => {});
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        start();
        observer.disconnect();
      }
    },
    { rootMargin: "400px 0px" },
  );
  for (const element of elements) {
    observer.observe(element);
    element.addEventListener("focusin", start, { once: true });
    element.addEventListener("pointerenter", start, { once: true });
  }
}

export { runtime };
