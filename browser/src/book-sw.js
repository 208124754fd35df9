// The book's one service worker (at the site's root, so its scope is the whole book).
//
// 1. Offline reading: on install it precaches what reading needs (every page, figure,
//    stylesheet and script, and the search index). The list, with a revision per file,
//    is written into this file at build time (browser/precache.mjs); the cache's name is
//    derived from it, so a new build installs a new cache and deletes the old one
//    instead of serving stale pages.
// 2. On demand: Python (Pyodide and the booktorch wheel) and the companion notebooks are
//    large, and a reader who only reads needs neither. They are kept the first time the
//    reader's browser fetches them (ON_DEMAND lists them with their revisions) and served
//    from that copy afterwards, offline too. A page whose Python started before this
//    worker controlled it asks for its files to be kept ("keep"): they come from the HTTP
//    cache, not the network again. A new build keeps the files whose revision is unchanged.
// 3. Cross-origin isolation: static hosts cannot send COOP/COEP headers; every response
//    this worker gives carries them (as the coi-serviceworker project does), so a page
//    loaded under its control is cross-origin isolated and Stop can interrupt Python.
//    A page is never reloaded to come under it: the next page the reader loads is.
//
// Files are served from these caches first, then from the network; a page that is in
// neither (offline, never published) gets the site's 404 page.

import { PrecacheController } from "workbox-precaching";

const READING = self.__WB_MANIFEST;
const ON_DEMAND = self.__BOOK_ON_DEMAND;
const PREFIX = "book-offline-";
const CACHE = PREFIX + buildId(READING);
const KEPT = "book-on-demand"; // one cache across builds: entries are keyed by revision
const precache = new PrecacheController({ cacheName: CACHE });
precache.addToCacheList(READING);

// url -> the key it is kept under (the URL with its revision), for the on-demand files
const keptKeys = new Map(
  ON_DEMAND.map(({ url, revision }) => {
    const absolute = new URL(url, self.registration.scope);
    const key = new URL(absolute);
    if (revision) key.searchParams.set("__book_revision", revision);
    return [absolute.href, key.href];
  }),
);

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

// What an older build kept on demand and this one no longer publishes, or publishes anew.
async function forgetStaleKept() {
  const cache = await caches.open(KEPT);
  const current = new Set(keptKeys.values());
  for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      await precache.activate(event);
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name); // the old book
      }
      await forgetStaleKept();
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

// The URL without its query and fragment, and the index.html a folder URL stands for.
function candidates(url) {
  const bare = new URL(url);
  bare.hash = "";
  bare.search = "";
  return bare.pathname.endsWith("/") ? [bare.href, bare.href + "index.html"] : [bare.href];
}

function precacheKey(url) {
  for (const candidate of candidates(url)) {
    const key = precache.getCacheKeyForURL(candidate);
    if (key) return key;
  }
  return null;
}

function keptKey(url) {
  for (const candidate of candidates(url)) {
    if (keptKeys.has(candidate)) return keptKeys.get(candidate);
  }
  return null;
}

// An on-demand file: the kept copy, or the network's (or the HTTP cache's), kept for next time.
async function fromKept(request, key, cacheMode) {
  const cache = await caches.open(KEPT);
  const kept = await cache.match(key);
  if (kept) return kept;
  const response = await fetch(request, cacheMode ? { cache: cacheMode } : undefined);
  if (response.ok && response.status === 200) await cache.put(key, response.clone());
  return response;
}

// Offline, a page fetched only on demand (a notebook) that this browser never opened online.
function notKept() {
  const home = self.registration.scope;
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Not saved for offline reading</title><main style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">
<h1>Not saved for offline reading</h1><p>This browser is offline, and this page has not been opened here while online,
so there is no copy of it. The book keeps the chapters for offline reading; a notebook is kept once you have opened it.</p>
<p><a href="${home}">Back to the book</a></p></main></html>`;
  return new Response(body, { status: 503, statusText: "Offline", headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function respond(request) {
  if (request.method === "GET") {
    const key = precacheKey(request.url);
    const cached = key && (await caches.match(key, { cacheName: CACHE }));
    if (cached) return cached;
    const kept = keptKey(request.url);
    if (kept) {
      try {
        return await fromKept(request, kept);
      } catch (error) {
        if (request.mode === "navigate") return notKept();
        throw error;
      }
    }
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

// {type: "keep", prefix}: keep every on-demand file under `prefix` (a path from the site's
// root, e.g. "assets/pyodide/") that is not kept yet, taking it from the HTTP cache where
// the page's own fetch left it. Answers on the message's port: {kept, missing}.
async function keep(prefix) {
  const root = new URL(prefix, self.registration.scope).href;
  let kept = 0;
  const missing = [];
  for (const [url, key] of keptKeys) {
    if (!url.startsWith(root)) continue;
    try {
      const response = await fromKept(new Request(url), key, "force-cache");
      if (response.ok) kept += 1;
      else missing.push(url);
    } catch {
      missing.push(url);
    }
  }
  return { kept, missing };
}

self.addEventListener("message", (event) => {
  const { type, prefix } = event.data || {};
  if (type !== "keep" || typeof prefix !== "string") return;
  event.waitUntil(keep(prefix).then((answer) => event.ports[0]?.postMessage(answer)));
});
