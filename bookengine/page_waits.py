"""Which pages have everything they show verified, while the runs go on.

A run belongs to one owner: a snippet's Outcome (its own run), a page's CellProgram
(its torch and browser sides) or an Exercise (one run per implementation). An owner is
verified once its last run is back; a page is ready once every owner it shows is
verified. ``Book.execute`` feeds this from the thread that reads the warm parent, so
that the plugin can render the first pages while later ones still run.
"""


class PageWaits:
    def __init__(self, report, verifiers, page_ready=None):
        """``verifiers``: id(owner) -> the function that records that owner's problems."""
        self.report = report
        self.page_ready = page_ready
        self.verifiers = verifiers
        owners = list(report.outcomes.values()) + list(report.programs.values()) + list(report.exercises.values())
        self.owners = {id(owner): owner for owner in owners}
        self.owner_of = {}  # id(run) -> id(owner)
        self.pending = {}  # id(owner) -> runs still to come back
        for owner in owners:
            runs = [run for run in _runs_of(owner) if run.key is not None]
            self.pending[id(owner)] = len(runs)
            for run in runs:
                self.owner_of[id(run)] = id(owner)
        self.pages = {page: [id(owner) for owner in report.owners(page)] for page in report.by_page()}  # in page order
        self.pages_of = {}  # id(owner) -> the pages that show it
        for page, owner_ids in self.pages.items():
            for owner_id in owner_ids:
                self.pages_of.setdefault(owner_id, []).append(page)
        self.verified = set()
        self.ready = set()
        for owner_id, count in self.pending.items():
            if count == 0:  # nothing of it runs: a file that does not parse, a GPU snippet
                self._verify(owner_id)
        for page in self.pages:
            self._signal_if_ready(page)

    def runs_in_page_order(self):
        """Every run, those of the first page first; runs no page shows come last."""
        ordered, seen = [], set()
        candidates = [run for owner_ids in self.pages.values() for owner_id in owner_ids
                      for run in _runs_of(self.owners[owner_id])]
        for run in candidates + self.report.runs():
            if id(run) not in seen:
                seen.add(id(run))
                ordered.append(run)
        return ordered

    def finished(self, run):
        owner_id = self.owner_of.get(id(run))
        if owner_id is None:
            return
        self.pending[owner_id] -= 1
        if self.pending[owner_id] == 0:
            self._verify(owner_id)
            for page in self.pages_of.get(owner_id, []):
                self._signal_if_ready(page)

    def finish(self):
        """Once every run is back: verify what is left and release every page; the
        embeddings' problems end up in page order, whichever page was ready first."""
        for owner_id in self.owners:
            if owner_id not in self.verified:
                self._verify(owner_id)
        for page in self.pages:
            self._signal_if_ready(page)
        order = [(d.page, d.line) for d in self.report.directives]
        embeds = self.report.embeds
        self.report.embeds = {key: embeds[key] for key in order if key in embeds}

    def _verify(self, owner_id):
        self.verified.add(owner_id)
        self.verifiers[owner_id](self.owners[owner_id])

    def _signal_if_ready(self, page):
        if page in self.ready or not all(owner_id in self.verified for owner_id in self.pages[page]):
            return
        self.ready.add(page)
        self.report.add_embeds(page)
        if self.page_ready:
            self.page_ready(page)


def _runs_of(owner):
    runs = getattr(owner, "runs", None)
    return list(runs) if runs is not None else [owner]  # an Outcome is its own run
