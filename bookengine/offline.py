"""The whole book offline: an installable web app with one service worker.

After ``mkdocs build``, :func:`write_service_worker` runs ``browser/precache.mjs``
(Workbox's ``injectManifest``), which writes ``book-sw.js`` at the site's root with
the list of every file the build published; the worker precaches them all on a
reader's first visit (see ``browser/src/book-sw.js``) and makes static hosts
cross-origin isolated. Under ``mkdocs serve`` the worker written instead removes
itself and its caches: an author must always see the pages being edited.
"""

import json
import os
import subprocess
from pathlib import Path

from .errors import BookError

WORKER = "book-sw.js"
MANIFEST = "manifest.webmanifest"
ICON = "assets/book/icon.svg"

SERVE_WORKER = """\
// mkdocs serve: no offline copy while a book is being written. A worker left by a
// built copy of the book on this address is removed, with its caches.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const name of await caches.keys()) if (name.startsWith("book-offline-")) await caches.delete(name);
  await self.registration.unregister();
})()));
"""


def web_manifest(config):
    """The web app manifest: the book installs as an app that opens at its home page."""
    return json.dumps(
        {
            "name": config.site_name,
            "short_name": "Tensors",
            "description": config.site_description or config.site_name,
            "start_url": "./",
            "scope": "./",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#3f51b5",
            "icons": [{"src": ICON, "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
        },
        indent=2,
    ) + "\n"


def manifest_link(page_url):
    """The <link> a page at ``page_url`` (e.g. "tensors/") needs, relative like every link."""
    return f'<link rel="manifest" href="{"../" * page_url.count("/")}{MANIFEST}">'


def write_service_worker(site_dir, root, serving):
    """Write ``book-sw.js`` into ``site_dir``: the offline worker, or the removing one."""
    target = Path(site_dir) / WORKER
    if serving:
        target.write_text(SERVE_WORKER, encoding="utf-8")
        return None
    proc = subprocess.run(
        ["node", "browser/precache.mjs", str(site_dir)],
        cwd=root, capture_output=True, text=True, timeout=300, env=dict(os.environ),
    )
    if proc.returncode != 0:
        raise BookError(f"the offline service worker could not be written (browser/precache.mjs):\n{proc.stderr[-3000:]}")
    report = json.loads(proc.stdout)
    if report["warnings"]:
        raise BookError("Workbox: " + "; ".join(report["warnings"]))
    return report
