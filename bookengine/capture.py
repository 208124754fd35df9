"""A bounded text sink: keeps the first ``limit`` characters and counts the rest.

A snippet that prints forever must not eat the machine's memory before its
timeout; the cut is reported on the page, never silent.
"""

import io

OUTPUT_LIMIT = 20_000  # characters of stdout kept per snippet


class BoundedWriter(io.TextIOBase):
    def __init__(self, limit=OUTPUT_LIMIT):
        self.limit = limit
        self.parts = []
        self.kept = 0
        self.dropped = 0

    def writable(self):
        return True

    def write(self, text):
        room = self.limit - self.kept
        if room > 0:
            piece = text[:room]
            self.parts.append(piece)
            self.kept += len(piece)
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def position(self):
        return self.kept

    def getvalue(self):
        return "".join(self.parts)


def cut_note(dropped):
    return f"\n[output cut: {dropped:,} more characters were printed than the book shows]\n"
