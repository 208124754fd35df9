// The book's one service worker (at the site's root, so its scope is the whole book).
//
// 1. Offline: on install it precaches every file the build published (pages, figures,
//    notebooks, the search index, Pyodide and the booktorch wheel); the list, with a
//    revision per file, is written into this file by workbox-build at build time
//    (browser/precache.mjs). The cache's name is derived from that list, so a new
//    build installs a new cache and deletes the old one instead of serving stale pages.
// 2. Cross-origin isolation: static hosts cannot send COOP/COEP headers; every response
//    this worker gives carries them (as the coi-serviceworker project does), so a page
//    it controls is cross-origin isolated and Stop can interrupt Python.
//
// Files are served from the precache first, then from the network; a page that is in
// neither (offline, never published) gets the site's 404 page.

import { PrecacheController } from "workbox-precaching";

const MANIFEST = self.__WB_MANIFEST;
const PREFIX = "book-offline-";
const CACHE = PREFIX + buildId(MANIFEST);
const precache = new PrecacheController({ cacheName: CACHE });
precache.addToCacheList(MANIFEST);

// A short, stable digest of the manifest (FNV-1a): same build, same name.
function buildId(entries) {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(entries)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

self.addEventListener("install", (event) => {
  self.skipWaiting();
  event.waitUntil(precache.install(event));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await precache.activate(event);
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name); // the old book
      }
      await self.clients.claim();
    })(),
  );
});

function isolated(response) {
  if (response.status === 0) return response; // opaque: headers cannot be read or set
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Resource-Policy", "cross-origin");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function precacheKey(url) {
  const bare = new URL(url);
  bare.hash = "";
  bare.search = "";
  const candidates = [bare.href];
  if (bare.pathname.endsWith("/")) candidates.push(bare.href + "index.html");
  for (const candidate of candidates) {
    const key = precache.getCacheKeyForURL(candidate);
    if (key) return key;
  }
  return null;
}

async function respond(request) {
  const key = request.method === "GET" ? precacheKey(request.url) : null;
  if (key) {
    const cached = await caches.match(key, { cacheName: CACHE });
    if (cached) return cached;
  }
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === "navigate") {
      const notFound = precacheKey(new URL("404.html", self.registration.scope).href);
      const page = notFound && (await caches.match(notFound, { cacheName: CACHE }));
      if (page) return new Response(page.body, { status: 404, statusText: "Not Found", headers: page.headers });
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.cache === "only-if-cached" && request.mode !== "same-origin") return;
  event.respondWith(respond(request).then(isolated));
});
