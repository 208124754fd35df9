// Entry of the cell bundle: mount every cell and exercise on the page. Mounting
// twice is harmless (a mounted element is marked). Pages without cells never load
// this bundle; Python itself is started by intent.js, not here. Each editor is
// mounted in a task of its own, so the page never freezes while they appear.

import { Cell } from "./cells.js";
import { Exercise } from "./exercise.js";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function mountCells(root = document) {
  const page = location.pathname;
  const mounted = [];
  for (const element of root.querySelectorAll(".book-cell:not([data-mounted]), .book-exercise:not([data-mounted])")) {
    if (element.dataset.mounted) continue;
    mounted.push(element.classList.contains("book-cell") ? new Cell(element, page) : new Exercise(element, page));
    await nextTask();
  }
  return mounted;
}
