#!/usr/bin/env python3
"""PyTorch eager (or torch.compile) timings of the example models that have a
PyTorch definition.

For each model NAME (default: every examples/models/gen/torch_*.py), builds
the module with the generator's build() (the definition, seed, shapes and
dtype the committed examples/models/NAME.mlir was exported from), moves it
and its inputs to the device and times forward calls under
torch.inference_mode() with CUDA events, as tuner-run times our build of
the same model: warm-up calls, then REPEATS repeats of as many calls as
make one last MIN_REPEAT_MS, median and spread of the time per call. TF32
is off (cuBLAS and cuDNN compute f32 in f32, as our kernels do). With
--compile, the module is first compiled with torch.compile (Inductor,
default mode); the compile happens in the warm-up calls and is not timed
(its seconds are printed as "compile_s").

Prints one JSON object per line: {"model", "mode", "device", "dtype", "median_s",
"min_s", "max_s", "spread_pct", "repeats", "calls_per_repeat"}, or {"model",
"error"} for a model that failed; exits with status 1 when any failed.
Needs PyTorch only (not torch-mlir, which the generators need to export).

usage: torch_eager.py [--device cuda|cpu] [--compile] [--repeats N]
                      [--warmup N] [--min-repeat-ms MS] [NAME...]
"""

import argparse
import glob
import importlib
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN = os.path.join(ROOT, "examples", "models", "gen")


def default_models():
    return sorted(os.path.splitext(os.path.basename(p))[0]
                  for p in glob.glob(os.path.join(GEN, "torch_*.py")))


def timer(torch, device):
    """A function timing `fn` (seconds): CUDA events on a GPU, else the
    wall clock."""
    if device == "cuda":
        def cuda_time(fn):
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            stop.record()
            stop.synchronize()
            return start.elapsed_time(stop) * 1e-3
        return cuda_time

    def wall_time(fn):
        t = time.perf_counter()
        fn()
        return time.perf_counter() - t
    return wall_time


def time_model(name, args):
    import torch
    if GEN not in sys.path:
        sys.path.insert(0, GEN)
    generator = importlib.import_module(name)
    model, inputs = generator.build()
    # The generators ask for deterministic algorithms (reproducible exports);
    # cuBLAS refuses them without a workspace setting, and they are not what
    # a user times.
    torch.use_deterministic_algorithms(False)
    model = model.to(args.device).eval()
    inputs = tuple(x.to(args.device) for x in inputs)
    measure = timer(torch, args.device)
    if args.compile:
        model = torch.compile(model)

    def call():
        model(*inputs)

    with torch.inference_mode():
        start = time.perf_counter()
        for _ in range(max(args.warmup, 2 if args.compile else 0)):
            call()
        warmup_s = time.perf_counter() - start
        one = measure(call)
        calls = 1
        if one > 0 and args.min_repeat_ms > 0:
            calls = max(1, min(100000, int(args.min_repeat_ms / 1e3 / one) + 1))

        def repeat():
            for _ in range(calls):
                call()
        times = [measure(repeat) / calls for _ in range(args.repeats)]
    median = statistics.median(times)
    result = {
        "model": name,
        "mode": "inductor" if args.compile else "eager",
        "device": (torch.cuda.get_device_name() if args.device == "cuda"
                   else "cpu"),
        "dtype": str(inputs[0].dtype).replace("torch.", ""),
        "median_s": median,
        "min_s": min(times),
        "max_s": max(times),
        "spread_pct": (max(times) - min(times)) / median * 100 if median else 0,
        "repeats": len(times),
        "calls_per_repeat": calls,
        "torch": torch.__version__,
    }
    if args.compile:
        result["compile_s"] = round(warmup_s, 2)
    return result


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="*", metavar="NAME")
    parser.add_argument("--device", default="cuda", choices=("cuda", "cpu"))
    parser.add_argument("--compile", action="store_true",
                        help="time torch.compile(model) (Inductor)")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=10)
    parser.add_argument("--min-repeat-ms", type=float, default=20)
    args = parser.parse_args()
    try:
        import torch
    except ImportError as e:
        print(json.dumps({"error": "no PyTorch: %s" % e}), flush=True)
        return 1
    if args.device == "cuda" and not torch.cuda.is_available():
        print(json.dumps({"error": "PyTorch sees no CUDA device"}), flush=True)
        return 1
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    failed = 0
    for name in args.models or default_models():
        try:
            result = time_model(name, args)
        except Exception as e:  # a model that fails must not stop the others
            result = {"model": name, "error": "%s: %s" % (type(e).__name__, e)}
            failed += 1
        print(json.dumps(result), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
