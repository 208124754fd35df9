// The page's side of what the browser keeps: asking the book's service worker
// (book-sw.js) to keep files fetched on demand, and telling whether Python is already
// in this browser (so a page says what a first run downloads only when it will).

// Caches written by book-sw.js and cell-worker.js; their names are shared with them.
const KEPT = "book-on-demand";
const SNAPSHOTS = "book-python-snapshots";

// Ask the service worker to keep the on-demand files under `prefix` (from the site's
// root). Resolves with its answer {kept, missing}, or null without a service worker.
export async function keepOffline(prefix) {
  try {
    const registration = await navigator.serviceWorker?.ready;
    if (!registration?.active) return null;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => (channel.port1.onmessage = ({ data }) => resolve(data)));
    registration.active.postMessage({ type: "keep", prefix }, [channel.port2]);
    return await answer;
  } catch {
    return null; // no service worker, no Cache API: nothing is kept, nothing breaks
  }
}

async function holds(cacheName, test) {
  if (!(await caches.has(cacheName))) return false;
  const requests = await (await caches.open(cacheName)).keys();
  return requests.some((request) => test(request.url));
}

// Whether starting Python needs no download: a saved Python state, or the runtime kept
// by the service worker.
export async function pythonIsKept() {
  try {
    return (await holds(SNAPSHOTS, () => true)) || (await holds(KEPT, (url) => url.includes("/pyodide.asm.wasm")));
  } catch {
    return false; // no Cache API (an insecure origin): the download note stays
  }
}

// Whether the book's service worker is here to keep files for offline use (a browser can
// block it, or lack it): what the page may promise about working offline.
export async function keepsOffline() {
  try {
    return Boolean(await navigator.serviceWorker?.getRegistration());
  } catch {
    return false;
  }
}
