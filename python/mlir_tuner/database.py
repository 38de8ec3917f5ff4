"""The records database (native reading and appending, Database.h)."""

import json
import math
import os
import statistics

from .core import _native


class Record:
    """One measurement, as a database line holds it (docs/Tuning.md): task,
    workload, target, sketch, knobs, times_s, error, error_name, message,
    build_s, run_s, timestamp, tool, llvm; ``line`` when read from a file."""

    FIELDS = ("version", "task", "workload", "target", "sketch", "knobs",
              "times_s", "error", "error_name", "message", "build_s", "run_s",
              "timestamp", "tool", "llvm")

    def __init__(self, task, workload, target, sketch, knobs, times_s,
                 error=0, message="", build_s=0.0, run_s=0.0, timestamp=None,
                 tool="", llvm="", version=1, error_name=None, line=0):
        import time
        self.task, self.workload, self.target = task, dict(workload), target
        self.sketch, self.knobs = sketch, dict(knobs)
        self.times_s = [float(t) for t in times_s]
        self.error, self.message = int(error), message
        self.error_name = error_name
        self.build_s, self.run_s = float(build_s), float(run_s)
        self.timestamp = time.time() if timestamp is None else float(timestamp)
        self.tool, self.llvm, self.version = tool, llvm, int(version)
        self.line = line

    @classmethod
    def from_dict(cls, data):
        known = {k: v for k, v in data.items() if k in cls.FIELDS or k == "line"}
        return cls(**known)

    def to_dict(self):
        d = {k: getattr(self, k) for k in self.FIELDS}
        if d["error_name"] is None:
            del d["error_name"]
        return d

    @property
    def valid(self):
        return self.error == 0 and bool(self.times_s)

    @property
    def median(self):
        """Median time (seconds); infinity when the measurement failed."""
        return statistics.median(self.times_s) if self.valid else math.inf

    @property
    def flops(self):
        return self.workload.get("flops", 0)

    @property
    def gflops(self):
        return self.flops / self.median / 1e9 if self.valid else 0.0

    def __repr__(self):
        what = f"{self.median * 1e3:.4f} ms" if self.valid else self.error_name
        return f"<Record {self.workload.get('name', self.task)} {self.sketch} {what}>"


class Database:
    """A database file: ``records()`` reads it (lines that are not records
    are skipped with an MLIRWarning), ``append(record)`` adds one (checked
    as the reader checks every line: ValueError when it would be skipped)."""

    def __init__(self, path, create=False):
        self.path = os.fspath(path)
        if not create and not os.path.exists(self.path):
            raise FileNotFoundError(f"no database at {self.path}")
        self._appender = None
        if create:
            self._appender = _native.Database(self.path, True)

    def records(self):
        """Every record of the file, in file order."""
        if not os.path.exists(self.path):
            return []
        return [Record.from_dict(r)
                for r in _native.Database(self.path, False).records()]

    def __len__(self):
        return len(self.records())

    def append(self, record):
        """Appends a Record (or a dict of its fields)."""
        if isinstance(record, dict):
            record = Record.from_dict(record)
        if not isinstance(record, Record):
            raise TypeError("append() takes a Record or a dict")
        if self._appender is None:
            self._appender = _native.Database(self.path, True)
        self._appender.append(json.dumps(record.to_dict()))
