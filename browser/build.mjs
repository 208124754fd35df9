// Bundle the browser side into browser/dist/ (run by `make`, never committed).
// The loader is on every page; the cell bundle (CodeMirror) and the widget bundle
// load only on pages that use them. All three share one runtime chunk, so a page
// runs one Python worker at most.
// The worker imports Pyodide from the site at run time: Pyodide is not bundled.

import { rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("browser/dist", { recursive: true, force: true }); // no stale chunks left behind

const common = { bundle: true, format: "esm", minify: true, target: "es2022", legalComments: "none", logLevel: "warning" };

await build({
  ...common,
  entryPoints: {
    loader: "browser/src/loader.js",
    cells: "browser/src/main.js",
    widgets: "browser/src/widgets/index.js",
  },
  outdir: "browser/dist",
  splitting: true,
  chunkNames: "chunk-[hash]",
});
// The service worker is a classic script (every browser runs those); its precache list
// is injected after the site is built (browser/precache.mjs).
await build({ ...common, format: "iife", entryPoints: ["browser/src/book-sw.js"], outfile: "browser/dist/book-sw.js" });
await build({
  ...common,
  entryPoints: ["browser/src/cell-worker.js"],
  outfile: "browser/dist/cell-worker.js",
  external: ["../pyodide/pyodide.mjs"],
});
