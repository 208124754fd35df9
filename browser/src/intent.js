// Python starts on intent only: when a cell (or a widget that runs Python) comes
// within a screen of the viewport, is focused or is hovered. A reader who asked their
// browser to save data (Save-Data) downloads Python only on focus or hover, not for
// scrolling near a cell. The loader calls this before the editor bundle has even
// loaded, so start-up overlaps with it.

import { runtime } from "./runtime.js";

// Within a screen above or below the viewport (the observer's rootMargin), and shown.
function nearView(element) {
  const box = element.getBoundingClientRect();
  const screen = window.innerHeight;
  return (box.width > 0 || box.height > 0) && box.bottom >= -screen && box.top <= 2 * screen;
}

export function watchIntent(elements) {
  if (!elements.length) return undefined;
  const start = () => runtime.start().catch(() => {});
  const nearIsIntent = !navigator.connection?.saveData;
  // A cell already near the view starts Python now, not at the observer's first
  // callback: that waits for a frame. The start-up's promise goes back to the loader.
  if (nearIsIntent && elements.some(nearView)) return start();
  const observer = nearIsIntent && new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        start();
        observer.disconnect();
      }
    },
    { rootMargin: "100% 0px" },
  );
  for (const element of elements) {
    if (observer) observer.observe(element);
    element.addEventListener("focusin", start, { once: true });
    element.addEventListener("pointerenter", start, { once: true });
  }
}
