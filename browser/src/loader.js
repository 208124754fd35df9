// Loaded on every page (a few hundred bytes). Only a page that holds browser
// cells or exercises imports the cell bundle, and only a page with widgets the
// widget bundle. Python starts on intent (intent.js), in parallel with the editor.

import widgets from "./widgets/registry.json";

// At the site's root, so its scope covers every page, also under a project sub-path.
const bookWorker = new URL("../../book-sw.js", import.meta.url);
const pythonWidgets = Object.keys(widgets).filter((name) => widgets[name].python);
const PYTHON_USERS = [".book-cell", ".book-exercise", ...pythonWidgets.map((name) => `[data-widget='${name}']`)].join(", ");

// The book's service worker (browser/src/book-sw.js) keeps the whole book for offline
// reading and, since static hosts cannot send COOP/COEP headers, adds them, so Stop
// can interrupt Python instead of restarting it. A page it does not control yet is
// not isolated: it reloads once, at most once a visit, to come under its control.
async function registerWorker() {
  if (!window.isSecureContext || !navigator.serviceWorker) return;
  try {
    const registration = await navigator.serviceWorker.register(bookWorker.href);
    if (self.crossOriginIsolated || navigator.serviceWorker.controller || !document.querySelector(PYTHON_USERS)) return;
    if (sessionStorage.getItem("book-isolation-reload")) return; // never a reload loop
    sessionStorage.setItem("book-isolation-reload", "1");
    if (registration.active) location.reload();
    else navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  } catch {
    // no service worker (blocked, private mode...): no offline copy; Stop restarts Python
  }
}

// Intent first: a page that opens with a cell in view starts its Python worker before
// the editor and widget bundles are loaded.
function mountIfNeeded() {
  const python = [...document.querySelectorAll(PYTHON_USERS)].filter((el) => !el.dataset.intentWatched);
  python.forEach((el) => (el.dataset.intentWatched = "true"));
  const watching = python.length ? import("./intent.js").then(({ watchIntent }) => watchIntent(python)) : Promise.resolve();
  watching.then(afterStartUp).catch(() => {}).then(mountBundles);
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
