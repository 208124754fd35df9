// Bundle the browser side into browser/dist/ (run by `make`, never committed).
// cells.js carries CodeMirror and loads only on pages with cells; the worker
// imports Pyodide from the site at run time, so Pyodide is not bundled.

import { build } from "esbuild";

const common = { bundle: true, format: "esm", minify: true, target: "es2022", legalComments: "none", logLevel: "warning" };

await build({ ...common, entryPoints: ["browser/src/main.js"], outfile: "browser/dist/cells.js" });
await build({ ...common, entryPoints: ["browser/src/loader.js"], outfile: "browser/dist/loader.js" });
await build({
  ...common,
  entryPoints: ["browser/src/cell-worker.js"],
  outfile: "browser/dist/cell-worker.js",
  external: ["../pyodide/pyodide.mjs"],
});
