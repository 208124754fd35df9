"""Errors that point at a place: ``file:line: message``."""


class BookError(Exception):
    """A problem an author must fix, located at ``path:line``."""

    def __init__(self, path, line, message):
        self.path = str(path)
        self.line = line
        self.message = message
        super().__init__(self.location_message())

    @property
    def location(self):
        return f"{self.path}:{self.line}" if self.line else self.path

    def location_message(self):
        return f"{self.location}: {self.message}"


class Problem(BookError):
    """A BookError with a kind: 'run' (the code misbehaved) or 'golden' (output drifted)."""

    def __init__(self, path, line, message, kind="run"):
        super().__init__(path, line, message)
        self.kind = kind
