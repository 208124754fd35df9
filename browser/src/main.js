// Entry of the cell bundle: mount every cell and exercise on the page. Mounting
// twice is harmless (a mounted element is marked). Pages without cells never load
// this bundle; Python itself is started by intent.js, not here. Each editor is
// mounted in a task of its own, so the page never freezes while they appear.
//
// Material's instant navigation swaps the page's content without a reload, so this
// runs once per page shown (loader.js subscribes to document$); each showing of a
// page is a visit of its own, with a namespace that starts empty.

import { Cell, PageVisit } from "./cells.js";
import { Exercise } from "./exercise.js";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const SELECTOR = ".book-cell:not([data-mounted]), .book-exercise:not([data-mounted])";

function currentVisit(page) {
  const mounted = document.querySelector(".book-cell[data-mounted]")?.bookCell;
  return mounted && mounted.page === page ? mounted.visit : new PageVisit(page);
}

export async function mountCells(root = document) {
  const page = location.pathname;
  const visit = currentVisit(page);
  const mounted = [];
  for (const element of root.querySelectorAll(SELECTOR)) {
    if (element.dataset.mounted || !element.isConnected) continue;
    mounted.push(element.classList.contains("book-cell") ? new Cell(element, visit) : new Exercise(element, page));
    await nextTask();
  }
  return mounted;
}
