// Entry of the cell bundle: mount every cell and exercise on the page. Mounting
// twice is harmless (a mounted element is marked). Pages without cells never load
// this bundle; Python itself is started by intent.js, not here.

import { Cell } from "./cells.js";
import { Exercise } from "./exercise.js";

export function mountCells(root = document) {
  const page = location.pathname;
  const cells = [...root.querySelectorAll(".book-cell:not([data-mounted])")].map((el) => new Cell(el, page));
  const exercises = [...root.querySelectorAll(".book-exercise:not([data-mounted])")].map((el) => new Exercise(el, page));
  return [...cells, ...exercises];
}
