// Entry of the cell bundle: mount every cell and exercise on the page. Mounting
// twice is harmless (a mounted element is marked). Pages without cells never load
// this bundle; Python itself is started by intent.js, not here. Each editor is
// mounted in a task of its own, so the page never freezes while they appear.
//
// Material's instant navigation swaps the page's content without a reload, so this
// runs once per page shown (loader.js subscribes to document$); each showing of a
// page is a visit of its own, with a namespace that starts empty.

import { cannotRun } from "./capability.js";
import { Cell, PageVisit } from "./cells.js";
import { Exercise } from "./exercise.js";
import { PageTools } from "./page-tools.js";
import { runtime } from "./runtime.js";
import { readShareHash } from "./share.js";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const SELECTOR = ".book-cell:not([data-mounted]), .book-exercise:not([data-mounted])";
let current = null; // the visit of the page shown now

runtime.onState((state) => {
  if (state === "lost") current?.forgetRuns();
});

function visitFor(page) {
  const mounted = document.querySelector(".book-cell[data-mounted], .book-exercise[data-mounted]");
  if (current && current.page === page && mounted) return current;
  current?.end(); // the page the reader left: its runs stop
  current = new PageVisit(page);
  return current;
}

// A browser that cannot run the cells keeps the book's verified output and says why.
function explain(elements, reason) {
  for (const element of elements) {
    element.dataset.mounted = "true";
    element.dataset.state = "unavailable";
    const note = document.createElement("p");
    note.className = "book-cell__unavailable";
    note.setAttribute("role", "note");
    note.textContent = `This browser cannot run the cells: ${reason}. The output shown is the one the book verified.`;
    element.querySelector(".book-cell__note")?.after(note);
    element.querySelector(".book-cell__toolbar[data-reserved]")?.remove(); // no buttons will come
  }
}

// A shared cell's link (#share=...): opened when the page is, and when only the address's
// fragment changes on the page shown (the reader opens a second link to the same page).
// The address keeps the link until the reader keeps the code or goes back to theirs (a
// reload shows it again, still not run). A fragment change makes Material's instant
// navigation fetch the page again and swap its content in, and its section tracking can
// rewrite the address (#try-it-in-your-browser) before the new cells mount: so the link
// is remembered here, for its page, until the reader decides or the link proves unreadable.
let pendingShare = null; // { page, hash }

function rememberShare() {
  if (readShareHash(location.hash)) pendingShare = { page: location.pathname, hash: location.hash };
  return pendingShare?.page === location.pathname ? pendingShare.hash : null;
}

function openSharedLink(visit, tools) {
  const hash = rememberShare();
  const shared = hash && readShareHash(hash);
  if (!shared || visit.openedShare === hash) return;
  visit.openedShare = hash;
  const cell = visit.cells.find((c) => c.data.label === shared.cell);
  if (shared.error && cell) cell.showLinkProblem(shared.error);
  else if (shared.error || !cell) {
    tools.status.textContent = shared.error ?? `This link is for cell ${shared.cell}, but this page has ${visit.cells.length} cells.`;
  } else {
    cell.showShared(shared.code, forgetShareLink);
    cell.element.scrollIntoView({ block: "start" });
    cell.banner.focus({ preventScroll: true });
    return;
  }
  forgetShareLink(); // nothing to decide: a reload does not show the problem again
}

function forgetShareLink() {
  pendingShare = null;
  if (readShareHash(location.hash)) history.replaceState(history.state, "", location.pathname + location.search);
  if (current) current.openedShare = null;
}

export async function mountCells(root = document) {
  const page = location.pathname;
  const elements = [...root.querySelectorAll(SELECTOR)].filter((element) => element.isConnected);
  if (!elements.length) return [];
  const reason = cannotRun();
  if (reason) {
    explain(elements, reason);
    return [];
  }
  const visit = visitFor(page);
  const mounted = [];
  for (const element of elements) {
    if (element.dataset.mounted) continue;
    mounted.push(element.classList.contains("book-cell") ? new Cell(element, visit) : new Exercise(element, visit));
    await nextTask();
  }
  if (!visit.tools && (visit.cells.length || visit.exercises.length)) {
    visit.tools = new PageTools(visit);
    openSharedLink(visit, visit.tools);
  }
  return mounted;
}

// Instant navigation to a page without cells: the page left behind ends its visit too.
window.document$?.subscribe(() => {
  if (current && current.page !== location.pathname) {
    current.end();
    current = null;
  }
});

window.addEventListener("hashchange", () => {
  rememberShare(); // before Material's swap and section tracking can replace the address
  const shown = current?.tools?.bar.isConnected && current.page === location.pathname; // not a page being swapped out
  if (shown) openSharedLink(current, current.tools);
});
