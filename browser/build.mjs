// Bundle the browser side into browser/dist/ (run by `make`, never committed).
// The loader is on every page; the cell bundle (CodeMirror) and the widget bundle
// load only on pages that use them. All three share one runtime chunk, so a page
// runs one Python worker at most.
// The worker imports Pyodide from the site at run time: Pyodide is not bundled.

import { readFileSync, readdirSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("browser/dist", { recursive: true, force: true }); // no stale chunks left behind

// The widget bundle's table of widget modules, {name: () => import("./name.js")}, one
// for each widget of browser/src/widgets/registry.json: esbuild makes one chunk per
// widget module, and none for modules that are not widgets.
const WIDGETS = "browser/src/widgets";
const widgetModules = {
  name: "widget-modules",
  setup(bundler) {
    bundler.onResolve({ filter: /^book:widget-modules$/ }, (args) => ({ path: args.path, namespace: "book" }));
    bundler.onLoad({ filter: /.*/, namespace: "book" }, () => {
      const names = Object.keys(JSON.parse(readFileSync(`${WIDGETS}/registry.json`, "utf8")));
      const table = names.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(`./${name}.js`)}),`);
      return { contents: `export default {\n${table.join("\n")}\n};\n`, resolveDir: WIDGETS, loader: "js", watchFiles: [`${WIDGETS}/registry.json`] };
    });
  },
};

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
  plugins: [widgetModules],
});
// The CSS the widget modules import is all in widgets.css, the one file the widget
// bundle loads. esbuild also writes it for the loader (which imports the widget bundle)
// and each widget's part beside its chunk: those copies are not published.
const CSS = "widgets.css";
for (const name of readdirSync("browser/dist")) if (name.endsWith(".css") && name !== CSS) rmSync(`browser/dist/${name}`);
// The service worker is a classic script (every browser runs those); its precache list
// is injected after the site is built (browser/precache.mjs).
await build({ ...common, format: "iife", entryPoints: ["browser/src/book-sw.js"], outfile: "browser/dist/book-sw.js" });
await build({
  ...common,
  entryPoints: ["browser/src/cell-worker.js"],
  outfile: "browser/dist/cell-worker.js",
  external: ["../pyodide/pyodide.mjs"],
});
