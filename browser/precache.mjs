// Write the site's service worker: the bundled browser/dist/book-sw.js with two lists of
// the built site's files (each file with a revision), made by Workbox's getManifest:
//   READING    what reading needs (pages, figures, styles, scripts, the search index):
//              precached when the worker installs, on the reader's first visit;
//   ON_DEMAND  Python (Pyodide and the booktorch wheel), the companion notebooks and
//              the search languages the book does not use: kept the first time the
//              reader's browser fetches them, never fetched in advance.
//   node browser/precache.mjs <site folder>      prints {count, size, onDemand, warnings} as JSON
// Run by the `verified` plugin after `mkdocs build` (bookengine/offline.py).

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getManifest } from "workbox-build";

const ON_DEMAND = ["assets/pyodide/**", "notebooks/**", "assets/javascripts/lunr/**"];
const NEVER = ["book-sw.js", "**/*.map"];
const PLACEHOLDERS = { READING: "self.__WB_MANIFEST", ON_DEMAND: "self.__BOOK_ON_DEMAND" };

// Entries sorted by URL: Workbox lists files in the order the file system gives them, which
// differs between two folders (creation order on some file systems): a clean build's worker
// must be the same bytes whatever folder it was built in.
async function manifest(site, globPatterns, globIgnores) {
  const found = await getManifest({
    globDirectory: site,
    globPatterns,
    globIgnores,
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024, // Pyodide's WebAssembly is ~10 MB
  });
  found.manifestEntries.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return found;
}

// The worker's source with `placeholder` replaced by `entries`: exactly once, or an error.
function inject(source, placeholder, entries) {
  const parts = source.split(placeholder);
  if (parts.length !== 2) throw new Error(`browser/dist/book-sw.js holds ${placeholder} ${parts.length - 1} times, not once`);
  return parts.join(JSON.stringify(entries));
}

const site = process.argv[2];
const reading = await manifest(site, ["**/*"], [...NEVER, ...ON_DEMAND]);
const onDemand = await manifest(site, ON_DEMAND, NEVER);
let source = readFileSync("browser/dist/book-sw.js", "utf8");
source = inject(source, PLACEHOLDERS.READING, reading.manifestEntries);
source = inject(source, PLACEHOLDERS.ON_DEMAND, onDemand.manifestEntries);
writeFileSync(join(site, "book-sw.js"), source);
process.stdout.write(
  JSON.stringify({
    count: reading.count,
    size: reading.size,
    onDemand: { count: onDemand.count, size: onDemand.size },
    warnings: [...reading.warnings, ...onDemand.warnings],
  }),
);
