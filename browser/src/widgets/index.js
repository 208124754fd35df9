// Entry of the widget bundle: mount every `[data-widget]` on the page. Mounting
// twice is harmless (a mounted root is marked), so Material's instant navigation,
// which emits document$ on every page change, can call this freely.
//
// The widgets are those of registry.json (name -> {python: does it run Python?}),
// which the engine's {{ widget name }} directive and loader.js read too. Each
// widget is ./<name>.js (exporting mount(root)) with its CSS in ./<name>.css.

import "./widget.css";
// {name: () => import("./<name>.js")} for every widget of the registry, made by
// browser/build.mjs: one lazily loaded chunk per widget.
import modules from "book:widget-modules";

// esbuild writes the CSS of every widget, with widget.css, beside this bundle.
const STYLESHEET = new URL("./widgets.css", import.meta.url).href;
let stylesheet = null; // settles once the stylesheet has loaded (or failed to)

// Widgets are drawn once their CSS is here, never unstyled; the link is added once.
function loadStylesheet() {
  const present = document.head.querySelector("link[data-book-widgets]");
  if (stylesheet && present) return stylesheet;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = STYLESHEET;
  link.dataset.bookWidgets = "";
  stylesheet = new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true }); // unstyled beats absent
  });
  document.head.append(link);
  return stylesheet;
}

export async function mountWidgets(root = document) {
  const roots = [...root.querySelectorAll("[data-widget]:not([data-widget-mounted])")].filter((element) =>
    Object.hasOwn(modules, element.dataset.widget),
  );
  if (!roots.length) return;
  roots.forEach((element) => (element.dataset.widgetMounted = "true"));
  const styled = loadStylesheet();
  await Promise.all(
    roots.map(async (element) => {
      const [module] = await Promise.all([modules[element.dataset.widget](), styled]);
      module.mount(element);
      element.classList.add("book-widget--live"); // hides the static fallback figure
    }),
  );
}
