#!/usr/bin/env python3
"""PyTorch eager against torch.compile with mlir_tuner's backend, on the CPU,
for the example models with a PyTorch definition (default: torch_mlp and
torch_resnet_block, examples/models/gen/NAME.py's build()).

For each model: compiles it with torch.compile(model,
backend=mlir_tuner.torch.backend(target="host", trials=TRIALS,
database=DB), dynamic=False), calls it once (the tuning, or the records of
DB applied when they cover every task), checks its output against eager,
then times both the same way under torch.inference_mode(): WARMUP calls,
then REPEATS repeats of as many calls as make one last MIN_REPEAT_MS, the
median and spread (min..max) of the time per call. Eager and compiled are
timed in ROUNDS alternating blocks of REPEATS / ROUNDS repeats (default
ROUNDS = REPEATS), each block after half a second of untimed calls, so
that a machine whose speed drifts by the minute weighs on both alike
while the threads of the other one's runtime (torch's GNU
OpenMP, our LLVM OpenMP: both spin a while after a parallel region) have
gone idle. Eager uses torch's default threads, the compiled code OpenMP's.

Writes bench/results/torch_compile.json (the machine, the command, the
models; `--no-save` does not), which bench/report.py renders into
docs/results.md. Prints one JSON object per model: {"model", "trials", "status",
"tune_s", "max_abs_error", "eager": {median_s, min_s, max_s},
"compiled": {...}, "speedup"}; exits 1 when a model failed or did not
match eager. Needs the [torch] extra (torch, torch-mlir) and the native
module (PYTHONPATH=build/python_packages, or the wheel installed).

usage: torch_compile.py [--trials N] [--database DB] [--repeats N]
                        [--rounds N] [--warmup N] [--min-repeat-ms MS]
                        [--note TEXT] [--no-save] [NAME...]
"""

import argparse
import importlib
import json
import os
import statistics
import sys
import time

# The package with its native module (PYTHONPATH=build/python_packages, or
# the wheel installed) before common.py puts python/ (the sources alone) on
# the path.
import mlir_tuner  # noqa: E402,F401

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

ROOT = common.ROOT
GEN = os.path.join(ROOT, "examples", "models", "gen")
DEFAULT_MODELS = ("torch_mlp", "torch_resnet_block")


def per_call(fn, calls):
    t = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - t) / calls


def summary(times):
    median = statistics.median(times)
    return {"median_s": median, "min_s": min(times), "max_s": max(times),
            "spread_pct": (max(times) - min(times)) / median * 100}


def bench(name, args):
    import torch

    import mlir_tuner.torch as mtt
    if GEN not in sys.path:
        sys.path.insert(0, GEN)
    model, inputs = importlib.import_module(name).build()
    torch.use_deterministic_algorithms(False)
    backend = mtt.backend(target="host", trials=args.trials,
                          database=args.database)
    torch._dynamo.reset()
    fast = torch.compile(model, backend=backend, dynamic=False)
    with torch.inference_mode():
        want = model(*inputs)
        start = time.perf_counter()
        got = fast(*inputs)
        tune_s = time.perf_counter() - start
        error = (got - want).abs().max().item()
        ok = torch.allclose(got, want, rtol=1e-3, atol=1e-3)
        if backend.graphs and backend.graphs[0]["status"] == "eager":
            raise RuntimeError("the backend ran the model eagerly: "
                               + backend.graphs[0]["reason"])
        fns = {"eager": lambda: model(*inputs),
               "compiled": lambda: fast(*inputs)}
        calls = {}
        for key, fn in fns.items():
            for _ in range(args.warmup):
                fn()
            one = per_call(fn, 1)
            calls[key] = max(1, min(100000,
                                    int(args.min_repeat_ms / 1e3 / one) + 1))
        times = {"eager": [], "compiled": []}
        rounds = max(1, min(args.rounds or args.repeats, args.repeats))
        for r in range(rounds):
            block = args.repeats // rounds + (r < args.repeats % rounds)
            for key, fn in fns.items():
                settle = time.perf_counter() + 0.5
                while time.perf_counter() < settle:
                    fn()
                times[key] += [per_call(fn, calls[key]) for _ in range(block)]
    e, c = summary(times["eager"]), summary(times["compiled"])
    return {"model": name, "trials": args.trials,
            "status": [g["status"] for g in backend.graphs],
            "tune_s": tune_s, "max_abs_error": error, "match": bool(ok),
            "eager": e, "compiled": c,
            "speedup": e["median_s"] / c["median_s"],
            "torch": torch.__version__, "threads": torch.get_num_threads()}


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", metavar="NAME")
    parser.add_argument("--trials", type=int, default=64)
    parser.add_argument("--database", default=os.path.join(
        ROOT, "bench", "out", "torch_compile.db"))
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=0,
                        help="alternating blocks of eager and compiled "
                        "(default: one per repeat)")
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--min-repeat-ms", type=float, default=20)
    parser.add_argument("--note", default="",
                        help="a remark on the run, shown with its figures")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args()
    os.makedirs(os.path.dirname(os.path.abspath(args.database)),
                exist_ok=True)
    failed, results = 0, []
    for name in args.models or DEFAULT_MODELS:
        try:
            result = bench(name, args)
            failed += not result["match"]
        except Exception as e:  # one model failing must not stop the others
            result = {"model": name, "error": f"{type(e).__name__}: {e}"}
            failed += 1
        print(json.dumps(result), flush=True)
        results.append(result)
    if not args.no_save:
        common.write_result("torch_compile", {
            "machine": common.machine(), "note": args.note,
            "command": "bench/torch_compile.py " + " ".join(
                a for i, a in enumerate(sys.argv[1:])
                if a != "--note" and (i == 0 or sys.argv[i] != "--note")),
            "load_average": os.getloadavg(), "models": results})
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
