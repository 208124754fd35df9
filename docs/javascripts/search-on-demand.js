/* The search index on demand.
 *
 * The search index is the largest file a page would load (about 360 kB, the whole book's
 * text), and Material's bundle requests it as soon as any page opens. This holds that one
 * request until the reader shows they want to search: focus in the search box (a click on
 * it, or the s, f and / keys) or the search toggle (the magnifier on a phone, a link with
 * ?q=). A reader who never searches never downloads it; one who does sees Material's
 * "Initializing search" until it arrives, and then search works as always.
 *
 * Material requests the index with XMLHttpRequest while its bundle starts, so this runs
 * before the bundle (overrides/main.html).
 */
(() => {
  const INDEX = /\/search\/search_index\.json$/;
  const { open, send } = XMLHttpRequest.prototype;
  const indexRequests = new WeakSet();
  const held = [];
  let wanted = false;

  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (INDEX.test(new URL(url, location.href).pathname)) indexRequests.add(this);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (wanted || !indexRequests.has(this)) return send.apply(this, args);
    held.push(() => send.apply(this, args));
  };

  function release() {
    if (wanted) return;
    wanted = true;
    for (const go of held.splice(0)) go();
  }
  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.closest(".md-search")) release();
  });
  document.addEventListener("change", (event) => {
    if (event.target instanceof Element && event.target.matches("[data-md-toggle=search]") && event.target.checked) release();
  });
})();
