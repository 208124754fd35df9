// Entry of the widget bundle: mount every `[data-widget]` on the page. Mounting
// twice is harmless (a mounted root is marked), so Material's instant navigation,
// which emits document$ on every page change, can call this freely.

const WIDGETS = new Set(["ladder", "transform2x2", "matmul", "broadcast", "strides", "tape"]);

// esbuild turns this pattern into one lazily loaded chunk per widget module.
const load = (name) => import(`./${name}.js`);

export async function mountWidgets(root = document) {
  const roots = [...root.querySelectorAll("[data-widget]:not([data-widget-mounted])")];
  await Promise.all(
    roots.map(async (element) => {
      const name = element.dataset.widget;
      if (!WIDGETS.has(name)) return;
      element.dataset.widgetMounted = "true";
      const module = await load(name);
      module.mount(element);
      element.classList.add("book-widget--live"); // hides the static fallback figure
    }),
  );
}
