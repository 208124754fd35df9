"""The build's runs in a thread, so that mkdocs renders each page once what it shows is
verified instead of after the last run of the book (bench/bench_build.py: clean)."""

import threading


class BackgroundCheck:
    """``Book.execute`` of a planned report in a thread; ``wait`` blocks a page until it is ready.

    Without ``execute`` nothing runs: every page is ready at once, with the problems of
    its embeddings found as in a build that shows sources only.
    """

    def __init__(self, book, report, execute):
        self.ready = {page: threading.Event() for page in report.by_page()}
        self.done = threading.Event()
        self.error = None
        if not execute:
            report.add_embeds()
            self._release()
            return
        self.thread = threading.Thread(target=self._execute, args=(book, report), name="bookengine-runs", daemon=True)
        self.thread.start()

    def _execute(self, book, report):
        try:
            book.execute(report, page_ready=lambda page: self.ready[page].set())
        except BaseException as exc:  # the warm parent died, say: the page that waits raises it
            self.error = exc
        finally:
            self._release()

    def _release(self):
        for event in self.ready.values():
            event.set()
        self.done.set()

    def wait(self, page=None):
        """Until ``page`` (a display path, docs/tensors.md) is ready, or with None until
        everything is; re-raise what stopped the runs."""
        event = self.ready.get(page) if page is not None else self.done
        if event is not None:
            event.wait()
        if self.error is not None:
            raise self.error
