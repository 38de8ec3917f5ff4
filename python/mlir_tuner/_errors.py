"""Exceptions of mlir_tuner (pure Python: raised by the native module too)."""


class MLIRError(Exception):
    """An MLIR operation failed. ``str(e)`` gives what failed and each
    error as ``location: error: message``; ``e.diagnostics`` lists every
    diagnostic as (severity, location, message) tuples."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = [tuple(d) for d in diagnostics]

    @property
    def locations(self):
        """The locations of the errors."""
        return [loc for sev, loc, _ in self.diagnostics if sev == "error"]


class MLIRWarning(UserWarning):
    """A warning diagnostic of MLIR (e.g. an op that cannot become a task)."""
