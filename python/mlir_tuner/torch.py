"""A torch.compile backend (the [torch] extra: torch and torch-mlir).

    import torch, mlir_tuner.torch
    fast = torch.compile(model, backend=mlir_tuner.torch.backend(
        target="host", trials=64, database="model.db"))
    y = fast(x)

Each graph TorchDynamo hands the backend is imported through torch-mlir's FX
importer (frontends/torch.py: linalg on tensors), its parameters and buffers
frozen into it as constants; then tuned (or, when the database already holds
a record of every task, only annotated with the best ones), JIT-compiled for
this CPU (Module.compile) and returned as a callable on torch tensors. A
graph the importer or the compiler cannot take runs eagerly, with an
MLIRWarning saying why.

Records are reused across calls and processes: a graph whose tasks all have
records in `database` (or hold `trials` records between them) is not tuned
again, and a graph compiled before in this
process (the same MLIR text, target and options) is not compiled again. A
frozen parameter changed in place after compilation (its version counter
moved) makes the graph compile again with the new values.
"""

import hashlib
import os
import warnings

from ._errors import MLIRWarning

_EXTRA = ("mlir_tuner.torch needs the [torch] extra: pip install "
          "'mlir_tuner[torch]' (torch, and torch-mlir)")

try:
    import torch as _torch
    from torch.utils import _pytree
except ImportError as e:
    raise ImportError(f"{_EXTRA} ({e})") from e

__all__ = ["backend", "Backend"]

# torch dtypes and the MLIR element types of the same bytes.
_ELEMENT_TYPES = {
    _torch.float16: "f16", _torch.bfloat16: "bf16", _torch.float32: "f32",
    _torch.float64: "f64", _torch.bool: "i1", _torch.int8: "i8",
    _torch.uint8: "i8", _torch.int16: "i16", _torch.int32: "i32",
    _torch.int64: "i64"}
_TORCH_DTYPES = {
    "f16": _torch.float16, "bf16": _torch.bfloat16, "f32": _torch.float32,
    "f64": _torch.float64, "i1": _torch.bool, "i8": _torch.int8,
    "i16": _torch.int16, "i32": _torch.int32, "i64": _torch.int64}

# Executables compiled in this process, by the hash of the module's text and
# the options that shape the code (shared by every Backend).
_COMPILED = {}


class Unsupported(RuntimeError):
    """A graph the backend does not take (it runs eagerly)."""


def backend(target="host", trials=64, database=None, *, parallel="openmp",
            tune_options=None, verbose=False):
    """A torch.compile backend tuning for `target` (`trials` measurements
    per graph, all tasks together; 0: the default schedules, no tuning)
    and keeping its records in `database` (a path; records found there
    for every task of a graph skip its tuning). `tune_options`: more
    keyword arguments of mlir_tuner.tune (policy, seed, time_budget, ...).
    `verbose` prints what happens to each graph."""
    return Backend(target=target, trials=trials, database=database,
                   parallel=parallel, tune_options=tune_options,
                   verbose=verbose)


class Backend:
    """The callable torch.compile is given (see backend()). ``graphs``
    lists, per graph it was handed, what became of it: a dict with
    ``status`` ("tuned", "applied", "default", "cached" or "eager"),
    ``tasks``, ``module`` (the MLIR text) and ``reason`` for an eager one."""

    def __init__(self, target="host", trials=64, database=None,
                 parallel="openmp", tune_options=None, verbose=False):
        if not isinstance(target, str):
            raise TypeError("target must be a str")
        if isinstance(trials, bool) or not isinstance(trials, int) or trials < 0:
            raise ValueError(f"trials must be an int >= 0, got {trials!r}")
        self.target = target
        self.trials = trials
        self.database = os.fspath(database) if database is not None else None
        self.parallel = parallel
        self.tune_options = dict(tune_options or {})
        for key in ("target", "trials", "database", "resume"):
            if key in self.tune_options:
                raise TypeError(f"tune_options cannot set '{key}' (an "
                                "argument of backend() or set by it)")
        self.verbose = verbose
        self.graphs = []

    def __call__(self, gm, example_inputs):
        try:
            return _CompiledGraph(self, gm, list(example_inputs))
        except Exception as e:  # noqa: BLE001 - any failure runs eagerly
            reason = f"{type(e).__name__}: {e}"
            warnings.warn(f"mlir_tuner.torch: running a graph eagerly: "
                          f"{reason.splitlines()[0][:500]}", MLIRWarning,
                          stacklevel=2)
            self.graphs.append({"status": "eager", "reason": reason})
            return gm.forward

    def _log(self, message):
        if self.verbose:
            print(f"mlir_tuner.torch: {message}", flush=True)

    # -- from a graph to an Executable ----------------------------------------

    def _schedule(self, module):
        """Annotates `module` in place; the status for ``graphs``."""
        from . import core
        from .database import Database
        keys = {t.key for t in module.tasks()}
        if not keys:
            return "default"
        db = self.database
        if db and os.path.exists(db):
            # Done before: every task has a valid record, or the graph's
            # tasks already hold the trial budget (a run with fewer trials
            # than tasks leaves some without any; tuning again with
            # resume=True would measure nothing new).
            records = [r for r in Database(db).records() if r.task in keys]
            if ({r.task for r in records if r.valid} >= keys
                    or (records and len(records) >= self.trials)):
                self._log(f"{len(keys)} tasks, recorded in {db}: applying")
                core.apply_best(module, db)
                return "applied"
        if self.trials == 0:
            module.run_passes(
                f"sched-apply-default{{target={_quote(self.target)}}}")
            return "default"
        self._log(f"tuning {len(keys)} tasks, {self.trials} trials")
        options = dict(progress="off")
        options.update(self.tune_options)
        core.tune(module, target=self.target, trials=self.trials,
                  database=db, resume=bool(db), **options)
        return "tuned"

    def _compile(self, text):
        """(Executable, status) of linalg text, from this process's cache
        when the same text was compiled with the same options."""
        from . import core
        key = hashlib.sha256("\0".join(
            [text, self.target, str(self.trials), self.database or "",
             self.parallel, repr(sorted(self.tune_options.items()))]
        ).encode()).hexdigest()
        if key in _COMPILED:
            return _COMPILED[key], "cached", None
        module = core.Module.parse(text, "<torch.compile>")
        tasks = len(module.tasks())
        status = self._schedule(module)
        exe = module.compile(parallel=self.parallel)
        _COMPILED[key] = exe
        return exe, status, tasks


def _quote(s):
    return '"' + s.replace('"', '\\"') + '"' if any(
        c in s for c in "{} \"'=,") else s


def _is_frozen(t):
    """Whether a graph input is a parameter or buffer of the module (frozen
    into the compiled code) rather than an input of the call: TorchDynamo
    marks the parameters and buffers it lifts into graph inputs."""
    return isinstance(t, _torch.nn.Parameter) or hasattr(
        t, "_dynamo_static_input_type")


class _Frozen(_torch.nn.Module):
    """The graph with its parameters and buffers as buffers of a module
    (torch-mlir imports them as constants), called on the other inputs."""

    def __init__(self, gm, example_inputs, frozen):
        super().__init__()
        self.gm = gm
        self.slots = []  # per graph input: the buffer's name or None
        for i, t in enumerate(example_inputs):
            if i in frozen:
                name = f"frozen_{i}"
                self.register_buffer(name, t.detach())
                self.slots.append(name)
            else:
                self.slots.append(None)

    def forward(self, *inputs):
        it = iter(inputs)
        args = [getattr(self, s) if s else next(it) for s in self.slots]
        return self.gm(*args)


class _CompiledGraph:
    """What the backend returns for one graph: the compiled code called on
    torch tensors, compiled again when a frozen parameter changes."""

    def __init__(self, owner, gm, example_inputs):
        for i, t in enumerate(example_inputs):
            if not isinstance(t, _torch.Tensor):
                raise Unsupported(
                    f"input {i} is a {type(t).__name__}, not a tensor "
                    "(dynamic shapes: use torch.compile(..., dynamic=False))")
            if t.device.type != "cpu":
                raise Unsupported(f"input {i} is on {t.device}; the backend "
                                  "runs on the CPU")
            if t.dtype not in _ELEMENT_TYPES:
                raise Unsupported(f"input {i} is of {t.dtype}")
        self.owner = owner
        self.gm = gm
        self.frozen = {i for i, t in enumerate(example_inputs)
                       if _is_frozen(t)}
        self.runtime = [i for i in range(len(example_inputs))
                        if i not in self.frozen]
        self._build(example_inputs)

    def _build(self, example_inputs):
        from .frontends import torch as fe_torch
        owner = self.owner
        with _torch.no_grad():
            expected = self.gm(*example_inputs)
        flat, self.spec = _pytree.tree_flatten(expected)
        if not all(isinstance(t, _torch.Tensor) for t in flat):
            raise Unsupported("the graph returns values that are not tensors")
        self.versions = [(i, example_inputs[i]._version,
                          example_inputs[i].data_ptr())
                         for i in sorted(self.frozen)]
        model = _Frozen(self.gm, example_inputs, self.frozen)
        runtime_inputs = [example_inputs[i] for i in self.runtime]
        text = fe_torch.to_linalg(model, *runtime_inputs)
        self.exe, status, tasks = owner._compile(text)
        if [s for s, _ in self.exe.outputs] != [tuple(t.shape) for t in flat]:
            raise Unsupported("the compiled outputs do not match the graph's")
        self.out_layouts = [(s, _contiguous_strides(s), _TORCH_DTYPES[e])
                            for s, e in self.exe.outputs]
        self.in_dtypes = list(zip(self.runtime, [_TORCH_DTYPES[e]
                                                 for _, e in self.exe.inputs]))
        # One tensor, or a plain tuple of one (Dynamo's usual graph), is
        # returned without pytree (a namedtuple keeps its type through it).
        shape = _pytree.tree_unflatten([0], self.spec) if len(flat) == 1 \
            else None
        self.single = ("tuple" if type(shape) is tuple else
                       "tensor" if shape == 0 else None)
        owner.graphs.append({"status": status, "tasks": tasks,
                             "module": text})
        owner._log(f"graph of {len(example_inputs)} inputs "
                   f"({len(self.frozen)} frozen): {status}")

    def __call__(self, *args):
        for i, version, pointer in self.versions:
            if args[i]._version != version or args[i].data_ptr() != pointer:
                self.owner._log("a frozen parameter changed: compiling again")
                self._build(list(args))
                break
        outputs = [_empty(*layout) for layout in self.out_layouts]
        # What Dynamo's guards hold to (dynamic=False): the example inputs'
        # dtypes, shapes and strides; contiguous inputs of the compiled
        # dtypes are passed by address, others copied first.
        addresses = []
        for i, dtype in self.in_dtypes:
            t = args[i]
            if t.dtype != dtype or not t.is_contiguous():
                self._call_copying(args, outputs)
                break
            addresses.append(t.data_ptr())
        else:
            self.exe.call_addresses(addresses,
                                    [t.data_ptr() for t in outputs])
        if self.single:
            return (outputs[0],) if self.single == "tuple" else outputs[0]
        return _pytree.tree_unflatten(outputs, self.spec)

    def _call_copying(self, args, outputs):
        self.exe.call([_as_buffer(args[i].detach().contiguous())
                       for i in self.runtime],
                      [_as_buffer(t) for t in outputs])


def _contiguous_strides(shape):
    strides, step = [], 1
    for d in reversed(shape):
        strides.append(step)
        step *= max(d, 1)
    return tuple(reversed(strides))


def _make_empty():
    """A fresh contiguous CPU tensor: through the allocator Inductor's CPU
    code calls (a microsecond, where torch.empty's dispatch costs several)
    when this torch has it."""
    try:
        from torch._C._dynamo.guards import _empty_strided_cpu
        _empty_strided_cpu((1,), (1,), _torch.float32)
        return _empty_strided_cpu
    except (ImportError, AttributeError, RuntimeError, TypeError):
        return lambda shape, strides, dtype: _torch.empty_strided(
            shape, strides, dtype=dtype)


_empty = _make_empty()


def _as_buffer(t):
    """A NumPy view of a CPU tensor's memory (bf16 as its raw bits)."""
    if t.dtype == _torch.bfloat16:
        t = t.view(_torch.int16)
    return t.numpy()
