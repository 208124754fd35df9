// Loaded on every page (a few hundred bytes). Only a page that holds browser
// cells or exercises imports the cell bundle, and only a page with widgets the
// widget bundle; Python itself starts later, on intent.

const cells = new URL("./cells.js", import.meta.url);
const widgets = new URL("./widgets.js", import.meta.url);
// At the site's root, so its scope covers every page, also under a project sub-path.
const isolationWorker = new URL("../../coi-serviceworker.js", import.meta.url);

// Static hosts cannot send COOP/COEP headers; this service worker adds them, so
// Stop can interrupt Python instead of restarting it. It reloads the page once.
function isolate() {
  if (self.crossOriginIsolated || !("serviceWorker" in navigator) || document.querySelector("script[data-coi]")) return;
  window.coi = { quiet: true };
  const script = document.createElement("script");
  script.src = isolationWorker.href;
  script.dataset.coi = "";
  document.head.append(script);
}

function mountIfNeeded() {
  if (document.querySelector(".book-cell:not([data-mounted]), .book-exercise:not([data-mounted])")) {
    isolate();
    import(cells.href).then(({ mountCells }) => mountCells(document));
  }
  if (document.querySelector("[data-widget]:not([data-widget-mounted])")) {
    import(widgets.href).then(({ mountWidgets }) => mountWidgets(document));
  }
}

// Material's instant navigation swaps pages without a reload: document$ emits each time.
if (window.document$) window.document$.subscribe(mountIfNeeded);
else mountIfNeeded();
