// Accessible names for two parts of Material's page chrome that ship without one:
// the search dialog and the instant-navigation progress bar (added on the fly).
function nameChrome() {
  const search = document.querySelector(".md-search[role='dialog']");
  if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search the book");
  const progress = document.querySelector(".md-progress[role='progressbar']");
  if (progress && !progress.hasAttribute("aria-label")) progress.setAttribute("aria-label", "Loading the next page");
}

new MutationObserver(nameChrome).observe(document.body, { childList: true, subtree: true });
nameChrome();
