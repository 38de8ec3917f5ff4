#!/usr/bin/env python3
"""The tensor-core kernels against cuBLAS on one GPU in under 4 minutes
(issue 33).

For bf16 and f16 4096^3 matmuls (f32 results), bf16 8192^3, the bf16 one
with a bf16 result (what cuBLAS's bf16 GEMM writes), the 32 x 11008 x 4096
bf16 LLaMA projection, a 16 x 1024 x 8192 bf16 projection (split-K), a bf16
12 x 512 x 512 x 64 batch matmul (attention's scores), a bf16 3x3
convolution of ResNet-50 (im2col windows and a matmul, against cuDNN),
f32 4096^3 (CUDA
cores, gpu.contraction), and f32 4096^3 on
tf32 tensor cores (`tf32`: precision=tf32 against cuBLAS with TF32 on, the
only workload where both use it): times cuBLAS
through PyTorch (CUDA events, median of 50 after 10 warm-ups, TF32 off;
bench/gpu_vs_cublas.py), then tunes each with tuner-tune on the GPU (a
short run: the sketch's default, its suggested tile shapes and a few more;
every candidate checked against the CPU reference, verify-all) and reports
the ratio cuBLAS time / our time (1.0 = parity).

    OUT=DIR python3 bench/gpu_tc.py [--tuner-opt PATH] [--budget 230]
        [--trials 12] [--only bf16,f16,...] [--target cuda:sm_90a]

With --target cuda:sm_90a the 16-bit workloads search gpu.contraction_wgmma
(TMA and wgmma, Hopper's architecture-specific chip) instead of
gpu.contraction_mma; the tuner measures on the sm_90 device either way.

Tools: --tuner-opt, else $TUNER_BIN/tuner-opt, else .device/bin/tuner-opt.xz
(a static build: `ninja tuner-opt-xz` with -DTUNER_LINK_MLIR_DYLIB=OFF),
unpacked into a temporary directory, with the shared libraries of
.device/lib (libomp.so.5, libxgboost.so.0, ...) on LD_LIBRARY_PATH
(docs/GPU.md, "On an H100"). ptxas and libdevice come from the CUDA
toolkit (CUDA_HOME or PATH).

Each step has a timeout and is skipped once the budget (--budget seconds,
default 230, or $GPU_TC_BUDGET) is nearly spent; a failed step does not stop
the others. Writes three files (what a device run brings back): $OUT/gpu_tc.json
(after every step), $OUT/gpu_tc.log (everything printed) and
$OUT/gpu_tc_details.tar.xz (per workload the tuner's report, database and
tuned module).
"""

import argparse
import json
import lzma
import os
import shutil
import stat
import sys
import tarfile
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_vs_cublas  # noqa: E402 (the library timings and the tuning run)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOADS = os.path.join(ROOT, "bench", "gpu_workloads")

# name -> (workload file, cuBLAS baseline for gpu_vs_cublas.library_time,
# seconds of tuning asked for, the sketches searched), in order of
# importance. The tensor-core workloads search gpu.contraction_mma only (its
# CUDA-core alternative would take half of the few random trials).
TC = "gpu.contraction_mma"
SUITE = {
    "bf16": ("matmul_4096_bf16", ("mm", 4096, 4096, 4096, "bf16", None), 40,
             TC),
    "f16": ("matmul_4096_f16", ("mm", 4096, 4096, 4096, "f16", None), 30,
            TC),
    "llama": ("llama_proj_bf16", ("mm", 32, 11008, 4096, "bf16", None), 25,
              TC),
    # A bf16 3x3 convolution as the matmul of its windows
    # (tuner-im2col-convolutions): two tasks, the windows (gpu.elementwise)
    # and the matmul; its time is both kernels'. cuDNN's writes bf16, ours
    # f32.
    "conv_bf16": ("resnet_conv3x3_bf16",
                  ("conv", 1, 58, 58, 64, 3, 3, 64, 1, "bf16"), 20, None),
    "f32": ("matmul_4096", ("mm", 4096, 4096, 4096, "f32", None), 30, None),
    # f32 on tf32 tensor cores, both sides opted in (tuner-tune
    # precision=tf32, checked with tf32's tolerance; cuBLAS allow_tf32).
    "tf32": ("matmul_4096", ("mm", 4096, 4096, 4096, "tf32", None), 30, TC),
    # A and B (256 MiB) do not fit L2: the block order (raster) matters.
    "bf16_8192": ("matmul_8192_bf16", ("mm", 8192, 8192, 8192, "bf16", None),
                  30, TC),
    "bf16_out": ("matmul_4096_bf16_out",
                 ("mm", 4096, 4096, 4096, "bf16", None), 25, TC),
    # Padded to 320 x 384 x 512 by the preparation: its time is the sum of
    # the padding fills' and the tensor-core kernel's (the device copies of
    # A and B into the padded buffers are not counted).
    "odd_bf16": ("matmul_odd_bf16", ("mm", 257, 383, 509, "bf16", None), 20,
                 TC),
    # 32 blocks with K whole: the default cuts K into 2 slices (split_k);
    # the tuning also measures the suggested tiles with and without slices.
    "splitk_bf16": ("splitk_bf16_16x1024x8192",
                    ("mm", 16, 1024, 8192, "bf16", None), 20, TC),
    # Attention's scores in bf16: a batch matmul, one head per block along z.
    "bmm_bf16": ("bmm_bf16_12x512x512x64",
                 ("bmm", 12, 512, 512, 64, "bf16"), 20, TC),
}


class Run:
    """The budget, the log and the JSON of one run."""

    def __init__(self, out, budget):
        self.out, self.budget, self.start = out, budget, time.time()
        os.makedirs(out, exist_ok=True)
        self.log_file = open(os.path.join(out, "gpu_tc.log"), "a")
        self.result = {"budget_s": budget, "steps": {}, "workloads": {}}

    def log(self, msg):
        line = f"[gpu-tc {time.time() - self.start:5.0f}s] {msg}"
        print(line, file=sys.stderr, flush=True)
        print(line, file=self.log_file, flush=True)

    def left(self):
        return self.budget - (time.time() - self.start)

    def save(self):
        self.result["elapsed_s"] = time.time() - self.start
        with open(os.path.join(self.out, "gpu_tc.json"), "w") as f:
            json.dump(self.result, f, indent=1)

    def step(self, name, limit, fn):
        """Runs fn(timeout) unless the budget is spent; records its status."""
        limit = min(limit, self.left() - 5)
        if limit < 10:
            self.log(f"SKIP {name}: budget spent")
            self.result["steps"][name] = {"status": "skipped"}
            self.save()
            return None
        self.log(f"BEGIN {name} (timeout {limit:.0f}s)")
        t0 = time.time()
        try:
            value = fn(limit)
            status = "ok"
        except Exception as e:  # noqa: BLE001 (report and go on)
            value, status = None, f"failed: {e!r}"
        self.result["steps"][name] = {"status": status,
                                      "seconds": time.time() - t0}
        self.log(f"END {name}: {status} ({time.time() - t0:.0f}s)")
        self.save()
        return value


def find_tuner_opt(args, work):
    """The tuner-opt to run and the environment for it."""
    env = dict(os.environ)
    if args.tuner_opt:
        return args.tuner_opt, env
    if os.environ.get("TUNER_BIN"):
        return os.path.join(os.environ["TUNER_BIN"], "tuner-opt"), env
    packed = os.path.join(ROOT, ".device", "bin", "tuner-opt.xz")
    if not os.path.exists(packed):
        raise FileNotFoundError(f"no --tuner-opt, $TUNER_BIN nor {packed}")
    tool = os.path.join(work, "tuner-opt")
    with lzma.open(packed) as src, open(tool, "wb") as dst:
        shutil.copyfileobj(src, dst)
    os.chmod(tool, os.stat(tool).st_mode | stat.S_IXUSR)
    lib = os.path.join(ROOT, ".device", "lib")
    if os.path.isdir(lib):
        env["LD_LIBRARY_PATH"] = lib + ":" + env.get("LD_LIBRARY_PATH", "")
        omp = os.path.join(lib, "libomp.so.5")
        if os.path.exists(omp):
            env.setdefault("TUNER_OPENMP_LIB", omp)
    return tool, env


def flop_count(spec):
    """Floating-point operations of a SUITE workload's library spec."""
    if spec[0] == "conv":
        _, nb, h, w, c, kh, kw, f, stride = spec[:9]
        oh, ow = (h - kh) // stride + 1, (w - kw) // stride + 1
        return 2.0 * nb * oh * ow * f * kh * kw * c
    batch, (m, n, k) = (spec[1], spec[2:5]) if spec[0] == "bmm" else \
        (1, spec[1:4])
    return 2.0 * batch * m * n * k


def summarize(name, entry, flops):
    """Adds the ratio cuBLAS / ours and TFLOP/s to a workload's entry."""
    lib = (entry.get("library") or {}).get("median_s")
    tasks = (entry.get("tuned") or {}).get("tasks") or []
    if not tasks:
        return
    # Every task of the program (an odd matmul's padding fills too), each
    # as often as it occurs.
    def total(keys):
        times = [next((t.get(k) for k in keys if t.get(k)), None)
                 for t in tasks]
        if any(x is None for x in times):
            return None
        return sum(x * t.get("weight", 1) for x, t in zip(times, tasks))
    best = total(("retimed_s", "best_s"))
    default = total(("default_retimed_s", "default_s"))
    entry["ours_s"], entry["default_s"] = best, default
    if best:
        entry["ours_tflops"] = flops / best * 1e-12
    if lib and best:
        entry["ratio_library_over_ours"] = lib / best
    if lib and default:
        entry["ratio_library_over_default"] = lib / default


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tuner-opt")
    ap.add_argument("--out", default=os.environ.get(
        "OUT", os.path.join(ROOT, "bench", "out", "gpu_tc")))
    ap.add_argument("--budget", type=float,
                    default=float(os.environ.get("GPU_TC_BUDGET", 230)))
    ap.add_argument("--trials", type=int, default=12)
    ap.add_argument("--only", default="")
    ap.add_argument("--target", default="cuda:sm_90",
                    help="cuda:sm_90 (mma.sync) or cuda:sm_90a (wgmma)")
    args = ap.parse_args()
    run = Run(args.out, args.budget)
    names = [n for n in args.only.split(",") if n] or list(SUITE)
    work = tempfile.mkdtemp(prefix="gpu-tc.")
    details = os.path.join(work, "gpu_tc")
    os.makedirs(details)
    tools = run.step("setup", 30, lambda t: find_tuner_opt(args, work))
    run.result["device"] = gpu_vs_cublas.device_info()
    run.result["target"] = args.target
    run.log(f"device: {run.result['device']}")
    for name in names:
        _, spec, _, _ = SUITE[name]
        entry = run.result["workloads"].setdefault(name, {})
        what = run.step(f"cublas_{name}", 30,
                        lambda t: gpu_vs_cublas.library_time(spec))
        if what:
            entry["library"] = dict(zip(("what", "median_s", "min_s",
                                         "max_s"), what))
            run.log(f"{name}: {what[0]} {what[1] * 1e6:.1f} us")
    if not tools:
        run.log("no tuner-opt: nothing tuned")
        return 1
    tool, env = tools
    os.environ.update(env)  # the tuner's workers inherit it
    for name in names:
        file, spec, seconds, sketches = SUITE[name]
        entry = run.result["workloads"][name]
        path = os.path.join(WORKLOADS, file + ".mlir")
        options = {"time-budget": seconds, "batch-size": args.trials,
                   "verify-all": "true", "reference-timeout": 60,
                   "final-validation-rounds": 3}
        options["target"] = args.target
        if spec[4] == "tf32":
            options["precision"] = "tf32"
        elif sketches and args.target == "cuda:sm_90a":
            sketches = "gpu.contraction_wgmma"
        if sketches:
            options["sketches"] = sketches
        tuned = run.step(
            f"tune_{name}", seconds + 30,
            lambda t: gpu_vs_cublas.tune(tool, file, path, "evolutionary",
                                         args.trials,
                                         details, t, options))
        if tuned is None:
            continue
        if tuned["rc"] != 0:
            run.result["steps"][f"tune_{name}"]["status"] = \
                f"failed: rc {tuned['rc']}"
        entry["tuned"] = tuned
        summarize(name, entry, flop_count(spec))
        run.log(f"{name}: rc {tuned['rc']}, errors {tuned.get('errors')}, "
                f"ours {entry.get('ours_s')} s (default "
                f"{entry.get('default_s')} s), cuBLAS/ours "
                f"{entry.get('ratio_library_over_ours')}")
        if tuned["rc"] != 0:
            run.log(f"  {tuned['stderr_tail'][-600:]}")
        run.save()
    with tarfile.open(os.path.join(args.out, "gpu_tc_details.tar.xz"),
                      "w:xz") as tar:
        tar.add(details, arcname="gpu_tc")
    shutil.rmtree(work, ignore_errors=True)
    run.log(f"wrote {os.path.join(args.out, 'gpu_tc.json')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
