// Write the site's service worker: the bundled browser/dist/book-sw.js with the list of
// every file of the built site (and a revision per file) injected by Workbox.
//   node browser/precache.mjs <site folder>      prints {count, size, warnings} as JSON
// Run by the `verified` plugin after `mkdocs build` (bookengine/offline.py).

import { join } from "node:path";
import { injectManifest } from "workbox-build";

const site = process.argv[2];
const { count, size, warnings } = await injectManifest({
  swSrc: "browser/dist/book-sw.js",
  swDest: join(site, "book-sw.js"),
  globDirectory: site,
  globPatterns: ["**/*"],
  globIgnores: ["book-sw.js", "**/*.map"],
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024, // Pyodide's WebAssembly is ~10 MB
});
process.stdout.write(JSON.stringify({ count, size, warnings }));
