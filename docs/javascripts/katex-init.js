/* Render the book's math with the self-hosted KaTeX.
 *
 * pymdownx.arithmatex (generic: true) leaves TeX in elements with class
 * "arithmatex": \( ... \) inline and \[ ... \] for display math.
 * Material's `document$` observable emits on the first page load and again
 * after every instant-navigation page swap, so math is rendered on every page.
 * (Material's KaTeX recipe; katex.min.js and auto-render.min.js are listed
 * after this file in mkdocs.yml and have run by the time `document$` emits.)
 */
document$.subscribe(({ body }) => {
  if (typeof renderMathInElement !== "function") {
    console.error("katex-init: KaTeX auto-render is not loaded");
    return;
  }
  for (const element of body.querySelectorAll(".arithmatex")) {
    renderMathInElement(element, {
      delimiters: [
        { left: "\\(", right: "\\)", display: false },
        { left: "\\[", right: "\\]", display: true },
      ],
      // A TeX error shows in red on the page (class "katex-error") instead of
      // stopping the rest of the page's math.
      throwOnError: false,
    });
  }
});
