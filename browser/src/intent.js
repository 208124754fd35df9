// Python starts on intent only: when a cell (or a widget that runs Python) comes
// within a screen of the viewport, is focused or is hovered. The loader calls this
// before the editor bundle has even loaded, so start-up overlaps with it.

import { runtime } from "./runtime.js";

export function watchIntent(elements) {
  if (!elements.length) return;
  const start = () => runtime.start().catch(() => {});
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        start();
        observer.disconnect();
      }
    },
    { rootMargin: "100% 0px" },
  );
  for (const element of elements) {
    observer.observe(element);
    element.addEventListener("focusin", start, { once: true });
    element.addEventListener("pointerenter", start, { once: true });
  }
}
