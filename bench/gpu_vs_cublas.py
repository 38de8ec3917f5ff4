#!/usr/bin/env python3
"""Tunes workloads on an NVIDIA GPU and times cuBLAS / cuDNN on the same
device in the same run (issue 17).

Runs where a GPU, its driver, the CUDA toolkit (ptxas, libdevice) and
PyTorch are (the libraries are timed through PyTorch: torch.matmul is
cuBLAS, conv2d is cuDNN; TF32 off, so f32 is SGEMM). Needs nothing else of
this repository but a `tuner-opt` (a static one travels well: `ninja
tuner-opt-xz` in a build configured with -DTUNER_LINK_MLIR_DYLIB=OFF).

    python3 bench/gpu_vs_cublas.py --tuner-opt PATH [--trials 32]
        [--policies evolutionary,dgd] [--only matmul_1024,...] [--out DIR]

Every tuned kernel is checked against the CPU reference by the tuner itself
(report "errors"/"wrong" counts); the JSON written to DIR/gpu_vs_cublas.json
after every step holds the device, the library times, and per workload and
policy the default and best kernel times (search and final re-timing).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOADS = os.path.join(ROOT, "examples", "workloads")
GPU_WORKLOADS = os.path.join(ROOT, "bench", "gpu_workloads")

# name -> (file, library baseline description for torch)
# Baselines: ("mm", M, N, K, dtype, epilogue) / ("bmm", B, M, N, K) /
# ("conv", N, H, W, C, KH, KW, F, stride[, dtype]) in NHWC / HWCF.
SUITE = {
    "matmul_1024": (WORKLOADS, ("mm", 1024, 1024, 1024, "f32", None)),
    "matmul_4096": (GPU_WORKLOADS, ("mm", 4096, 4096, 4096, "f32", None)),
    "matmul_4096_bf16": (GPU_WORKLOADS,
                         ("mm", 4096, 4096, 4096, "bf16", None)),
    "bert_base_ffn1_bias_relu": (WORKLOADS,
                                 ("mm", 128, 3072, 768, "f32", "bias_relu")),
    "resnet50_conv3x3_s3": (WORKLOADS,
                            ("conv", 1, 16, 16, 256, 3, 3, 256, 1)),
    "matmul_512": (WORKLOADS, ("mm", 512, 512, 512, "f32", None)),
    "matmul_odd_500": (WORKLOADS, ("mm", 500, 500, 500, "f32", None)),
    "bert_base_qkv": (WORKLOADS, ("mm", 128, 768, 768, "f32", None)),
    "attention_bmm": (WORKLOADS, ("bmm", 12, 128, 128, 64)),
    "opt125m_proj_bf16": (WORKLOADS, ("mm", 128, 3072, 768, "bf16", "bias")),
    "conv_generic_nhwc": (WORKLOADS, ("conv", 1, 58, 58, 64, 3, 3, 64, 1)),
    "mobilenetv2_dw3x3": (WORKLOADS, None),
    "resnet50_classifier": (WORKLOADS, ("mm", 1, 1000, 2048, "f32", "bias")),
    "mlp_3layer": (WORKLOADS, None),
    "softmax_layernorm": (WORKLOADS, None),
    "conv_generic_nchw_s2": (WORKLOADS, None),
    "matmul_f16_transpose_b": (WORKLOADS, None),
}


def log(msg):
    print(f"[gpu-bench] {msg}", file=sys.stderr, flush=True)


def device_info():
    info = {}
    fields = ("name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,"
              "power.limit,memory.total")
    try:
        out = subprocess.run(
            ["nvidia-smi", f"--query-gpu={fields}", "--format=csv,noheader"],
            capture_output=True, text=True, timeout=30).stdout.strip()
        info.update(zip(fields.split(","), [v.strip() for v in
                                            out.splitlines()[0].split(",")]))
    except (OSError, IndexError, subprocess.SubprocessError) as e:
        info["error"] = str(e)
    try:
        import torch
        info["torch"] = torch.__version__
        info["cuda_runtime"] = torch.version.cuda
        info["cudnn"] = torch.backends.cudnn.version()
    except ImportError:
        pass
    return info


def time_torch(fn, warmup=10, repeats=50):
    """Median and spread (min, max) of per-call device times in seconds,
    each call between its own CUDA events."""
    import torch
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeats):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) * 1e-3)
    return statistics.median(times), min(times), max(times)


def library_time(spec):
    """(description, median s, min s, max s) of cuBLAS/cuDNN for `spec`."""
    import torch
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cudnn.benchmark = True
    dev = "cuda"
    kind = spec[0]
    if kind == "mm":
        _, m, n, k, dtype, epilogue = spec
        # "tf32": f32 operands on tf32 tensor cores (both sides opted in).
        torch.backends.cuda.matmul.allow_tf32 = dtype == "tf32"
        dt = {"bf16": torch.bfloat16,
              "f16": torch.float16}.get(dtype, torch.float32)
        a = torch.randn(m, k, device=dev, dtype=dt)
        b = torch.randn(k, n, device=dev, dtype=dt)
        bias = torch.randn(n, device=dev, dtype=dt)
        if epilogue == "bias_relu":
            fn = lambda: torch.relu(torch.addmm(bias, a, b))  # noqa: E731
        elif epilogue == "bias":
            fn = lambda: torch.addmm(bias, a, b)  # noqa: E731
        else:
            fn = lambda: torch.matmul(a, b)  # noqa: E731
        what = f"cuBLAS {dtype} {'addmm' if epilogue else 'mm'}" + (
            f" ({dtype} out, f32 accumulation)" if dtype not in ("f32", "tf32")
            else "")
    elif kind == "bmm":
        # ("bmm", batch, m, n, k[, "bf16" or "f16"]): f32 unless given.
        _, bs, m, n, k = spec[:5]
        dtype = spec[5] if len(spec) > 5 else "f32"
        dt = {"bf16": torch.bfloat16,
              "f16": torch.float16}.get(dtype, torch.float32)
        a = torch.randn(bs, m, k, device=dev, dtype=dt)
        b = torch.randn(bs, k, n, device=dev, dtype=dt)
        fn = lambda: torch.bmm(a, b)  # noqa: E731
        what = f"cuBLAS {dtype} bmm"
    else:
        # ("conv", N, H, W, C, KH, KW, F, stride[, "bf16" or "f16"]).
        _, nb, h, w, c, kh, kw, f, stride = spec[:9]
        dtype = spec[9] if len(spec) > 9 else "f32"
        dt = {"bf16": torch.bfloat16,
              "f16": torch.float16}.get(dtype, torch.float32)
        x = torch.randn(nb, c, h, w, device=dev, dtype=dt).to(
            memory_format=torch.channels_last)
        wt = torch.randn(f, c, kh, kw, device=dev, dtype=dt).to(
            memory_format=torch.channels_last)
        fn = lambda: torch.nn.functional.conv2d(x, wt, stride=stride)  # noqa
        what = f"cuDNN {dtype} conv2d (NHWC" + (
            ", TF32 off)" if dtype == "f32" else f", {dtype} out)")
    med, lo, hi = time_torch(fn)
    return what, med, lo, hi


def tune(tuner_opt, name, path, policy, trials, out_dir, timeout,
         options=None):
    """Runs tuner-tune on `path`; `options` (a dict) adds to or replaces the
    tuner-tune options used here."""
    db = os.path.join(out_dir, f"{name}.{policy}.db")
    report = os.path.join(out_dir, f"{name}.{policy}.json")
    for f in (db, report):
        if os.path.exists(f):
            os.remove(f)
    settings = {"target": "cuda:sm_90", "policy": policy, "trials": trials,
                "batch-size": 8, "database": db, "report": report,
                "progress": "off", "reference-timeout": 120}
    settings.update(options or {})
    opts = " ".join(f"{k}={v}" for k, v in settings.items())
    cmd = [tuner_opt, path, f"--tuner-tune={opts}", "-o",
           os.path.join(out_dir, f"{name}.{policy}.tuned.mlir")]
    start = time.time()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout)
        rc, err = proc.returncode, proc.stderr
    except subprocess.TimeoutExpired as e:
        rc, err = "timeout", (e.stderr or b"").decode(errors="replace") \
            if isinstance(e.stderr, bytes) else (e.stderr or "")
    result = {"rc": rc, "wall_s": time.time() - start,
              "stderr_tail": err[-3000:]}
    if os.path.exists(report):
        r = json.load(open(report))
        result["errors"] = r.get("errors")
        result["error_kinds"] = r.get("error_kinds") or r.get("errors_by_kind")
        result["tasks"] = [{k: t.get(k) for k in (
            "name", "flops", "default_s", "best_s", "config", "errors",
            "speedup_over_default")} | {
            "retimed_s": (t.get("final_validation") or {}).get(
                "chosen_retimed_s"),
            "default_retimed_s": (t.get("final_validation") or {}).get(
                "default_retimed_s")} for t in r.get("tasks", [])]
        result["best_latency_s"] = r.get("best_latency_s")
        result["default_latency_s"] = r.get("default_latency_s")
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tuner-opt", required=True)
    ap.add_argument("--trials", type=int, default=32)
    ap.add_argument("--policies", default="evolutionary,dgd")
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out",
                                                  "gpu"))
    ap.add_argument("--timeout", type=float, default=240,
                    help="seconds per tuning run")
    ap.add_argument("--no-library", action="store_true")
    ap.add_argument("--tag", default="gpu_vs_cublas",
                    help="name of the JSON written to --out")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    names = [n for n in args.only.split(",") if n] or list(SUITE)
    results = {"device": device_info(), "trials": args.trials,
               "workloads": {}}
    out_json = os.path.join(args.out, args.tag + ".json")
    log(f"device: {results['device']}")

    def save():
        with open(out_json, "w") as f:
            json.dump(results, f, indent=1)

    for name in names:
        folder, spec = SUITE[name]
        entry = results["workloads"].setdefault(name, {})
        if spec and not args.no_library:
            try:
                what, med, lo, hi = library_time(spec)
                entry["library"] = {"what": what, "median_s": med,
                                    "min_s": lo, "max_s": hi}
                log(f"{name}: {what} {med * 1e6:.1f} us")
            except Exception as e:  # noqa: BLE001 (report and go on)
                entry["library"] = {"error": repr(e)}
        save()
    for name in names:
        folder, _ = SUITE[name]
        path = os.path.join(folder, name + ".mlir")
        entry = results["workloads"][name]
        for policy in args.policies.split(","):
            log(f"{name}: tuning with {policy}, {args.trials} trials")
            r = tune(args.tuner_opt, name, path, policy, args.trials,
                     args.out, args.timeout)
            entry[policy] = r
            lib = entry.get("library", {}).get("median_s")
            for t in r.get("tasks", []):
                best = t.get("retimed_s") or t.get("best_s")
                log(f"  {t['name']}: default {t['default_s']} best {best} s"
                    + (f", library {lib} s, ratio {lib / best:.2f}"
                       if lib and best else ""))
            if r["rc"] != 0:
                log(f"  rc {r['rc']}: {r['stderr_tail'][-800:]}")
            save()
    log(f"wrote {out_json}")


if __name__ == "__main__":
    main()
