// Loaded on every page (a few hundred bytes). Only a page that holds browser
// cells or exercises imports the cell bundle, and only a page with widgets the
// widget bundle. Python starts on intent (intent.js), in parallel with the editor.

// At the site's root, so its scope covers every page, also under a project sub-path.
const isolationWorker = new URL("../../coi-serviceworker.js", import.meta.url);
const PYTHON_USERS = ".book-cell, .book-exercise, [data-widget='tape']";

// Static hosts cannot send COOP/COEP headers; this service worker (the pinned
// coi-serviceworker) adds them, so Stop can interrupt Python instead of restarting
// it. Once installed it controls the page after one reload, done at most once a visit.
async function isolate() {
  if (self.crossOriginIsolated || !window.isSecureContext || !navigator.serviceWorker) return;
  try {
    const registration = await navigator.serviceWorker.register(isolationWorker.href);
    if (!registration || navigator.serviceWorker.controller) return;
    if (sessionStorage.getItem("book-isolation-reload")) return; // never a reload loop
    sessionStorage.setItem("book-isolation-reload", "1");
    if (registration.active) location.reload();
    else navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  } catch {
    // no service worker (blocked, private mode...): Stop restarts Python instead
  }
}

function mountIfNeeded() {
  const python = [...document.querySelectorAll(PYTHON_USERS)].filter((el) => !el.dataset.intentWatched);
  if (python.length) {
    isolate();
    python.forEach((el) => (el.dataset.intentWatched = "true"));
    import("./intent.js").then(({ watchIntent }) => watchIntent(python));
  }
  if (document.querySelector(".book-cell:not([data-mounted]), .book-exercise:not([data-mounted])")) {
    import("./main.js").then(({ mountCells }) => mountCells(document));
  }
  if (document.querySelector("[data-widget]:not([data-widget-mounted])")) {
    import("./widgets/index.js").then(({ mountWidgets }) => mountWidgets(document));
  }
}

// Material's instant navigation swaps pages without a reload: document$ emits each time.
if (window.document$) window.document$.subscribe(mountIfNeeded);
else mountIfNeeded();
