// Loaded on every page (a few hundred bytes). Only a page that holds browser
// cells or exercises imports the cell bundle, and only a page with widgets the
// widget bundle. Python starts on intent (intent.js), in parallel with the editor.

import widgets from "./widgets/registry.json";

// At the site's root, so its scope covers every page, also under a project sub-path.
const bookWorker = new URL("../../book-sw.js", import.meta.url);
const pythonWidgets = Object.keys(widgets).filter((name) => widgets[name].python);
const PYTHON_USERS = [".book-cell", ".book-exercise", ...pythonWidgets.map((name) => `[data-widget='${name}']`)].join(", ");

// The book's service worker (browser/src/book-sw.js) keeps the book for offline reading
// and, since static hosts cannot send COOP/COEP headers, adds them, so Stop can interrupt
// Python instead of restarting it. It never reloads the page to take control: a reload
// would lose a shared link, the scroll position and a Python already starting. Until a
// page loads under its control, Stop restarts Python instead (runtime.js).
async function registerWorker() {
  if (!window.isSecureContext || !navigator.serviceWorker) return;
  try {
    await navigator.serviceWorker.register(bookWorker.href);
  } catch {
    // no service worker (blocked, private mode...): no offline copy; Stop restarts Python
  }
}

// Intent first: a page that opens with a cell in view starts its Python worker before
// the editor and widget bundles are loaded.
function mountIfNeeded() {
  const python = [...document.querySelectorAll(PYTHON_USERS)].filter((el) => !el.dataset.intentWatched);
  python.forEach((el) => (el.dataset.intentWatched = "true"));
  // (the start-up's promise travels wrapped: a promise returned from then() would be waited for)
  const watching = python.length
    ? import("./intent.js").then(({ watchIntent }) => ({ started: watchIntent(python) }))
    : Promise.resolve({});
  watching.then(({ started }) => afterStartUp(started)).catch(() => {}).then(mountBundles);
}

// A page that opens with a cell in view starts Python at once (intent.js gives its start-up).
// Its editors and widgets then mount once Python is ready, or EDITORS_WAIT_MS later at most:
// mounting them meanwhile takes the CPU that Python's start-up needs (on a two-core
// machine, warm ready went from 1.07 s to 0.95 s; bench/bench_cells.py). Until they mount,
// the cells show their code and the output the book verified.
const EDITORS_WAIT_MS = 1500;

function afterStartUp(started) {
  return started && Promise.race([started, new Promise((resolve) => setTimeout(resolve, EDITORS_WAIT_MS))]);
}

function mountBundles() {
  if (document.querySelector(".book-cell:not([data-mounted]), .book-exercise:not([data-mounted])")) {
    import("./main.js").then(({ mountCells }) => mountCells(document));
  }
  if (document.querySelector("[data-widget]:not([data-widget-mounted])")) {
    import("./widgets/index.js").then(({ mountWidgets }) => mountWidgets(document));
  }
}

registerWorker();
// Material's instant navigation swaps pages without a reload: document$ emits each time.
if (window.document$) window.document$.subscribe(mountIfNeeded);
else mountIfNeeded();
