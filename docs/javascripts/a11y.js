// Accessible names for two parts of Material's page chrome that ship without one:
// the search dialog and the instant-navigation progress bar (added on the fly).
function nameChrome() {
  const search = document.querySelector(".md-search[role='dialog']");
  if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search the book");
  const progress = document.querySelector(".md-progress[role='progressbar']");
  if (progress && !progress.hasAttribute("aria-label")) progress.setAttribute("aria-label", "Loading the next page");
}

// A formula, a table or a printed output wider than the column scrolls sideways; while it
// does, it takes keyboard focus so the arrow keys can scroll it (Material does this for code
// blocks only where the device can hover, so not on a phone). Its size and its content's
// are watched: a phone turned, KaTeX's fonts arriving.
const SCROLLERS = [
  ".md-typeset div.arithmatex",
  ".md-typeset .md-typeset__scrollwrap",
  ".md-typeset .book-output pre > code",
  ".md-typeset .book-cell__expected > code",
].join(", ");
const scrollerOf = new WeakMap();

function focusableWhileScrolling(scroller) {
  const scrolls = scroller.scrollWidth > scroller.clientWidth + 1;
  if (scrolls && !scroller.hasAttribute("tabindex")) scroller.setAttribute("tabindex", "0");
  else if (!scrolls && scroller.getAttribute("tabindex") === "0") scroller.removeAttribute("tabindex");
}

const resized = new ResizeObserver((entries) => {
  for (const entry of entries) focusableWhileScrolling(scrollerOf.get(entry.target));
});

function watchScrollers() {
  for (const scroller of document.querySelectorAll(SCROLLERS)) {
    if (scrollerOf.has(scroller)) continue;
    for (const watched of [scroller, scroller.firstElementChild].filter(Boolean)) {
      scrollerOf.set(watched, scroller);
      resized.observe(watched);
    }
  }
}

function onPageChange() {
  nameChrome();
  watchScrollers();
}

new MutationObserver(onPageChange).observe(document.body, { childList: true, subtree: true });
onPageChange();
