"""Modules, tasks, tuning and applying the best schedules (native)."""

import math
import os

from . import _tools

try:
    from . import _native
except ImportError as e:  # pragma: no cover - depends on the build
    raise ImportError(
        "mlir_tuner's native module is missing or does not load "
        f"({e}); build it with the project (TUNER_ENABLE_PYTHON, needs "
        "pybind11-dev and python3-dev) and put build/python_packages on "
        "PYTHONPATH, or pip install ./python after the build") from e


class _Row:
    """A JSON object with its fields as attributes (``row.best_s``)."""

    def __init__(self, data):
        self._data = dict(data)

    def __getattr__(self, name):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no field '{name}' "
                f"(fields: {', '.join(sorted(self._data))})") from None

    def __getitem__(self, name):
        return self._data[name]

    def get(self, name, default=None):
        return self._data.get(name, default)

    def as_dict(self):
        return dict(self._data)

    def __repr__(self):
        name = self._data.get("name") or self._data.get("entry") or ""
        return f"<{type(self).__name__} {name}>"


class Task(_Row):
    """A tuning task (sched-extract-tasks' task list): key, name, weight,
    flops, bytes, class, anchor, loop_ranges, operands, occurrences."""


class TaskRow(_Row):
    """One task of a tuning report: name, key, weight, trials, best_s,
    default_s, untuned_s, best_gflops, speedup_over_default, share, config,
    trace ([seconds since start, median or None] per trial), ..."""


class RunResult(_Row):
    """One JIT run (tuner-run --json): entry, median_s, min_s, max_s,
    times_s, flops, gflops, compile_s, and with a reference match,
    mismatches, first_mismatch, max_abs_error, max_rel_error, max_error
    (the largest error in units of its element's tolerance: at most 1 when
    every element matches), tolerance (rtol), atol and atol_per_magnitude
    (docs/Tuning.md, "Checking")."""


class Report(_Row):
    """What tune() reports (docs/Tuning.md, "The report"): target, policy,
    trials, errors, seconds, best_latency_s, default_latency_s, ... and
    ``tasks``, one TaskRow per task."""

    def __init__(self, data):
        super().__init__(data)
        self.tasks = [TaskRow(t) for t in data.get("tasks", [])]

    @property
    def speedup(self):
        """End-to-end estimate: default latency over tuned latency."""
        best, default = self.best_latency_s, self.default_latency_s
        return default / best if best else float("nan")

    def table(self):
        """The per-task summary as text."""
        lines = [f"{'task':36} {'weight':>6} {'trials':>6} {'default ms':>11}"
                 f" {'best ms':>9} {'speedup':>7}"]
        for t in self.tasks:
            d, b = t.get("default_s"), t.get("best_s")
            ms = lambda s: f"{s * 1e3:.4f}" if s else "-"  # noqa: E731
            sp = f"{d / b:.2f}x" if d and b else "-"
            lines.append(f"{t.name[:36]:36} {t.weight:>6} {t.trials:>6} "
                         f"{ms(d):>11} {ms(b):>9} {sp:>7}")
        return "\n".join(lines)


class Module:
    """An MLIR module (linalg on tensors, or anything tuner-opt reads) in a
    context of its own."""

    def __init__(self, native):
        self._native = native

    @classmethod
    def parse(cls, text, name="<string>"):
        """Parses and verifies `text`; MLIRError with the location of each
        error (``name:line:col``) when it is not valid IR."""
        if not isinstance(text, str):
            raise TypeError(f"Module.parse takes a str, not {type(text).__name__}")
        return cls(_native.Module.parse(text, name))

    @classmethod
    def load(cls, path):
        """Reads a file (FileNotFoundError when it cannot be read)."""
        return cls(_native.Module.load(os.fspath(path)))

    def __str__(self):
        return str(self._native)

    def clone(self):
        return Module(self._native.clone())

    def save(self, path):
        with open(path, "w") as f:
            f.write(str(self))

    def tasks(self, prepare=True):
        """The tuning tasks, in program order (of the program as tune()
        prepares it when `prepare`)."""
        return [Task(t) for t in self._native.tasks(prepare)["tasks"]]

    def run_passes(self, pipeline):
        """Runs a pass pipeline (tuner-opt's syntax, e.g.
        "sched-apply-default{target=host}") on the module in place."""
        self._native.run_pipeline(pipeline)
        return self

    def lower_cpu(self):
        """A copy with its schedules materialized, lowered to the LLVM
        dialect (--sched-materialize --tuner-lower-cpu)."""
        copy = self.clone()
        copy.run_passes("sched-materialize,tuner-lower-cpu")
        return copy

    def run(self, reference=None, repeats=10, warmup=1, min_repeat_ms=0.0,
            seed=0, tolerance=0.0, parallel="openmp", entry=""):
        """JIT-compiles a copy and times its entry on seeded random inputs
        (as tuner-run); with `reference` (a Module or a path), also checks
        the outputs against it. Returns a RunResult."""
        if isinstance(reference, (str, os.PathLike)):
            reference = Module.load(reference)
        if reference is not None and not isinstance(reference, Module):
            raise TypeError("reference must be a Module or a path")
        options = {"entry": entry, "seed": _int("seed", seed),
                   "warmup": _int("warmup", warmup),
                   "repeats": _int("repeats", repeats),
                   "min_repeat_ms": _float("min_repeat_ms", min_repeat_ms),
                   "tolerance": _float("tolerance", tolerance),
                   "parallel": _str("parallel", parallel)}
        ref = reference._native if reference is not None else None
        return RunResult(self._native.run(ref, options))

    def compile(self, entry="", parallel="openmp"):
        """Lowers a copy (its schedules materialized, as run() does) and
        JIT-compiles it for this CPU once: an Executable to call on your own
        data. MLIRError when it cannot be lowered or compiled."""
        return Executable(_native.compile(self._native, _str("entry", entry),
                                          _str("parallel", parallel)))


# MLIR element types and the NumPy dtypes of the same bytes (bf16 has no
# NumPy type: its raw bits, as uint16).
_NUMPY_DTYPES = {"f16": "float16", "bf16": "uint16", "f32": "float32",
                 "f64": "float64", "i1": "bool", "i8": "int8",
                 "i16": "int16", "i32": "int32", "i64": "int64"}


class Executable:
    """A module compiled once (Module.compile) and called on your data:
    ``outputs = exe(*inputs)`` with NumPy arrays, or ``exe.call(inputs,
    outputs)`` with any C-contiguous buffers (the outputs written in
    place). ``inputs`` and ``outputs`` list the entry's (shape, element
    type) pairs. The kernel runs on the callers' buffers (no copies) unless
    a result shares memory with an argument or the entry has a 0-d
    argument or result."""

    def __init__(self, native):
        self._native = native

    @property
    def entry(self):
        return self._native.entry

    @property
    def inputs(self):
        return [(tuple(s), t) for s, t in self._native.inputs]

    @property
    def outputs(self):
        return [(tuple(s), t) for s, t in self._native.outputs]

    def call(self, inputs, outputs):
        """Runs the entry on `inputs`, writing its results into `outputs`
        (sequences of buffers of the entry's shapes and element sizes)."""
        self._native.call(list(inputs), list(outputs))

    def call_addresses(self, inputs, outputs):
        """Runs the entry on the memory at the integer addresses `inputs`,
        writing its results at `outputs`: C-contiguous buffers of the
        entry's shapes and element types (``torch.Tensor.data_ptr()`` of
        contiguous tensors), which the caller vouches for; only their
        number is checked. What the torch.compile backend calls: a Python
        buffer per tensor costs microseconds that small models notice."""
        self._native.call_addresses(inputs, outputs)

    def __call__(self, *inputs):
        """Runs the entry on NumPy arrays (converted to the entry's dtypes,
        C order); returns the list of its results as new arrays."""
        import numpy as np
        args = []
        for i, (x, (shape, elt)) in enumerate(zip(inputs, self.inputs)):
            a = np.require(np.asarray(x, dtype=_NUMPY_DTYPES.get(elt)), None,
                           "C")
            if a.shape != shape:
                raise ValueError(f"input {i} has shape {a.shape}, the entry "
                                 f"takes {shape}")
            args.append(a)
        outs = [np.empty(shape, dtype=_NUMPY_DTYPES.get(elt))
                for shape, elt in self.outputs]
        self.call(args, outs)
        return outs

    def __repr__(self):
        sig = lambda ts: ", ".join(  # noqa: E731
            "x".join(map(str, s)) + "x" + t if s else t for s, t in ts)
        return (f"<Executable @{self.entry}({sig(self.inputs)}) -> "
                f"({sig(self.outputs)})>")


def _check(name, value, types, what):
    if isinstance(value, bool) and bool not in types:
        raise TypeError(f"{name} must be {what}, not bool")
    if not isinstance(value, types):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    return value


def _int(name, value, minimum=0):
    _check(name, value, (int,), "an int")
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def _float(name, value):
    _check(name, value, (int, float), "a number")
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {value}")
    return float(value)


def _str(name, value):
    return _check(name, value, (str,), "a str")


def _path(name, value):
    if value is None:
        return ""
    _check(name, value, (str, os.PathLike), "a path")
    return os.fspath(value)


def _options_map(name, value):
    if value is None:
        return {}
    _check(name, value, (dict,), "a dict of name -> value")
    return {str(k): str(v).lower() if isinstance(v, bool) else str(v)
            for k, v in value.items()}


def _options(kw):
    """The keyword arguments of tune(), checked for type, as the native
    side's dict (names: TuningOptions' fields, tuner-tune's options)."""
    sketches = kw["sketches"] or []
    if isinstance(sketches, str) or not all(isinstance(s, str) for s in sketches):
        raise TypeError("sketches must be a list of str")
    worker = _path("worker", kw["worker"])
    if not worker and kw["measure"] == "real":
        worker = _tools.find_tool("tuner-opt")
    return {
        "target": _str("target", kw["target"]),
        "trials": _int("trials", kw["trials"]),
        "time_budget": _float("time_budget", kw["time_budget"]),
        "per_task_trials": _int("per_task_trials", kw["per_task_trials"]),
        "batch_size": _int("batch_size", kw["batch_size"]),
        "policy": _str("policy", kw["policy"]),
        "policy_options": _options_map("policy_options", kw["policy_options"]),
        "task_scheduler": _str("task_scheduler", kw["task_scheduler"]),
        "task_scheduler_options": _options_map(
            "task_scheduler_options", kw["task_scheduler_options"]),
        "seed": _int("seed", kw["seed"]),
        "sketches": list(sketches),
        "cost_model": _str("cost_model", kw["cost_model"]),
        "cost_model_options": _options_map("cost_model_options",
                                           kw["cost_model_options"]),
        "cost_model_file": _path("cost_model_file", kw["cost_model_file"]),
        "families": _str("families", kw["families"]),
        "measure": _str("measure", kw["measure"]),
        "worker": worker,
        "builders": _int("builders", kw["builders"]),
        "repeats": _int("repeats", kw["repeats"]),
        "min_repeat_ms": _float("min_repeat_ms", kw["min_repeat_ms"]),
        "timeout": _float("timeout", kw["timeout"]),
        "reference_timeout": _float("reference_timeout",
                                    kw["reference_timeout"]),
        "verify": _check("verify", kw["verify"], (bool,), "a bool"),
        "verify_all": _check("verify_all", kw["verify_all"], (bool,), "a bool"),
        "memory_limit": _int("memory_limit", kw["memory_limit"]),
        "drift_check": _check("drift_check", kw["drift_check"], (bool,),
                              "a bool"),
        "final_validation": _int("final_validation", kw["final_validation"]),
        "final_validation_rounds": _int("final_validation_rounds",
                                        kw["final_validation_rounds"]),
        "database": _path("database", kw["database"]),
        "resume": _check("resume", kw["resume"], (bool,), "a bool"),
        "transfer_from": _path("transfer_from", kw["transfer_from"]),
        "transfer_seeds": _int("transfer_seeds", kw["transfer_seeds"]),
        "report": _path("report", kw["report"]),
    }


def _progress(progress):
    """(progress mode, Python callable or None) of tune()'s `progress`."""
    if callable(progress):
        return "off", progress
    if progress == "tqdm":
        try:
            from tqdm import tqdm
        except ImportError:
            return "auto", None
        bar = {}

        def update(event):
            if "bar" not in bar:
                bar["bar"] = tqdm(total=event["trials"], unit="trial")
            best = event["best_seconds"]
            bar["bar"].set_postfix_str(
                f"{event['task'][:24]} best "
                f"{best * 1e3:.3f} ms" if best else event["task"][:24])
            bar["bar"].update(1)
        return "off", update
    return _str("progress", progress), None


def tune(module, *, target="host", trials=64, time_budget=0.0,
         per_task_trials=0, batch_size=16, policy="evolutionary",
         policy_options=None, task_scheduler="round-robin",
         task_scheduler_options=None, seed=0, sketches=None,
         cost_model="auto", cost_model_options=None, cost_model_file=None,
         families="none", measure="real", worker=None, builders=0, repeats=3,
         min_repeat_ms=20.0, timeout=15.0, reference_timeout=150.0,
         verify=True, verify_all=False, memory_limit=8192, drift_check=True,
         final_validation=3, final_validation_rounds=5, database=None,
         resume=False, transfer_from=None, transfer_seeds=4, report=None,
         progress="auto", prepare=True):
    """Tunes every task of `module` (as --tuner-tune does; the keywords are
    its options with '_' for '-', docs/Tuning.md) and annotates its anchor
    ops with the best #sched.config, in place. `progress` is "auto", "on",
    "off", "tqdm" (a progress bar when tqdm is installed) or a callable
    given a dict per trial (task, trial, trials, seconds, best_seconds,
    error, config, elapsed); an exception raised by it, or Ctrl-C, stops the
    run and propagates. Returns a Report; MLIRError when the options are
    invalid or the run fails."""
    if not isinstance(module, Module):
        raise TypeError(f"tune() takes a Module, not {type(module).__name__}")
    kw = dict(locals())
    mode, callback = _progress(progress)
    options = _options(kw)
    options["progress"] = mode
    _check("prepare", prepare, (bool,), "a bool")
    return Report(_native.tune(module._native, options, callback, prepare))


def check_options(**kwargs):
    """Checks tune()'s keyword arguments without tuning (MLIRError,
    TypeError or ValueError as tune would raise)."""
    import inspect
    params = inspect.signature(tune).parameters
    unknown = set(kwargs) - set(params)
    if unknown:
        raise TypeError(f"unknown tune() options: {', '.join(sorted(unknown))}")
    kw = {k: p.default for k, p in params.items() if k != "module"}
    kw.update(kwargs)
    mode, _ = _progress(kw["progress"])
    options = _options(kw)
    options["progress"] = mode
    _native.check_options(options)


def apply_best(module, database, target="", transfer=False, use_model=False):
    """Annotates `module` in place with the best records of `database`
    (--sched-apply-best). Returns the module."""
    if not isinstance(module, Module):
        raise TypeError(f"apply_best() takes a Module, not {type(module).__name__}")
    database = _path("database", database)
    if not os.path.exists(database):
        raise FileNotFoundError(f"no database at {database}")

    def quote(s):
        if any(c in s for c in "{} \"'"):
            return '"' + s.replace('"', '\\"') + '"'
        return s
    target = _str("target", target)
    options = (f"database={quote(database)} "
               + (f"target={quote(target)} " if target else "") +
               f"transfer={str(bool(transfer)).lower()} "
               f"use-model={str(bool(use_model)).lower()}")
    return module.run_passes("sched-apply-best{" + options + "}")
