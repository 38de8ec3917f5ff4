#!/usr/bin/env python3
"""Times, in one run and on one thread, for every workload in
examples/workloads:

  - the default schedule (tuner-prepare, then --sched-apply-default, no
    search: what --tuner-tune starts from),
  - the untiled baseline (the program lowered as is: naive loops),
  - the vendor library on the same shapes: for contractions the faster of
    OpenBLAS sgemm and oneDNN's matmul primitive (bf16 inputs: oneDNN's bf16
    matmul, f32 result), oneDNN for convolutions (the best memory format it
    picks); the ops as the file has them (no tuner-prepare: a bf16 matmul
    is not widened),
  - the FMA peak of one core and of all cores, one pinned thread each, and
    the AVX512-BF16 dot-product peak where the CPU has it
    (bench/harness/fma_peak.c),

and writes bench/results/baselines.json; bench/report.py turns the results
into docs/results.md.

usage: bench/run_baselines.py [--build build] [--repeats 20] [--only NAME...]
"""

import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def best_gemm(gemm, onednn, m, n, k, batch, types, env, repeats):
    """The faster of OpenBLAS sgemm and oneDNN's matmul (f32 inputs), or
    oneDNN's bf16 matmul (bf16 inputs, f32 result): (seconds, name)."""
    args = [str(m), str(n), str(k), str(batch), str(repeats)]
    if types == {"bf16"}:
        r = common.run_json([onednn] + args + ["bf16"], env)
        return r["median_s"], f"oneDNN matmul bf16 ({r['impl']})"
    if types != {"f32"}:
        return None, None
    blas = common.run_json([gemm] + args, env)
    dnnl = common.run_json([onednn] + args + ["f32"], env)
    if dnnl["median_s"] < blas["median_s"]:
        return dnnl["median_s"], f"oneDNN matmul ({dnnl['impl']})"
    loop = " (batched loop)" if batch > 1 else ""
    return blas["median_s"], "OpenBLAS sgemm" + loop


def library_time(task, gemm, onednn, conv, env, repeats):
    """Median seconds of the best vendor library on one occurrence of
    `task`, or None when no library call matches the anchor op."""
    anchor, ranges = task["anchor"], task["loop_ranges"]
    shapes = [o["shape"] for o in task["operands"]]
    inputs = {o.get("element_type") for o in task["operands"]
              if o.get("role") == "input"}
    if anchor == "linalg.matmul":
        m, n, k = ranges
        return best_gemm(gemm, onednn, m, n, k, 1, inputs, env, repeats)
    if anchor == "linalg.batch_matmul":
        b, m, n, k = ranges
        return best_gemm(gemm, onednn, m, n, k, b, inputs, env, repeats)
    if anchor in ("linalg.conv_2d_nhwc_hwcf", "linalg.depthwise_conv_2d_nhwc_hwc"):
        n, h, w, c = shapes[0]
        oh, kh, kw = ranges[1], ranges[4], ranges[5]
        stride = (h - kh) // (oh - 1) if oh > 1 else 1
        depthwise = anchor.startswith("linalg.depthwise")
        f = c if depthwise else ranges[3]
        r = common.run_json([conv, str(n), str(h), str(w), str(c), str(kh),
                             str(kw), str(f), str(stride),
                             "1" if depthwise else "0", str(repeats)], env)
        return r["median_s"], f"oneDNN ({r['impl']})"
    return None, None


def workload_library_time(opt, workload, tmp, harnesses, env, repeats):
    """(seconds, name) of the best library on the workload's tasks as the
    file has them (weighted by occurrence), or (None, None) when a task has
    no library call. `harnesses`: build_library_harnesses()'s triple."""
    total, name = 0.0, None
    for t in common.extract_tasks(opt, workload, tmp, prepare=False):
        seconds, which = library_time(t, *harnesses, env, repeats)
        if seconds is None:
            return None, None
        total += seconds * t["weight"]
        name = which
    return total, name


def build_library_harnesses():
    """Installs OpenBLAS and oneDNN if missing and builds their harnesses:
    (gemm_openblas, gemm_onednn, conv_onednn), library_time's order."""
    common.ensure_packages(["libopenblas-dev", "libdnnl-dev", "gcc", "g++",
                            "pkg-config"])
    blas_flags = subprocess.run(["pkg-config", "--cflags", "--libs", "openblas"],
                                capture_output=True, text=True,
                                check=True).stdout.split()
    return (
        common.build_harness("gemm_openblas", "gemm_openblas.c", blas_flags),
        common.build_harness("gemm_onednn", "gemm_onednn.cpp", ["-ldnnl"]),
        common.build_harness("conv_onednn", "conv_onednn.cpp", ["-ldnnl"]))


def tuner_run(run, module, env, args, reference=None):
    cmd = [run, module, "--json", "--omp-threads=1"] + args
    if reference:
        cmd.append(f"--reference={reference}")
    return common.run_json(cmd, env, timeout=1800)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--only", nargs="*", help="workload names to run")
    args = ap.parse_args()

    gemm, onednn, conv = build_library_harnesses()
    peak_exe = common.build_harness("fma_peak", "fma_peak.c", ["-lpthread"])
    opt = common.tool(args.build, "tuner-opt")
    run = common.tool(args.build, "tuner-run")
    env = common.single_thread_env()

    peak = common.run_json([peak_exe, "1"], env)
    common.log(f"FMA peak, 1 thread: {peak['gflops']} GFLOP/s ({peak['isa']})"
               + (f"; bf16 dot: {peak['bf16_gflops']}" if peak.get("bf16_gflops")
                  else ""))
    peak_all = common.run_json([peak_exe, str(os.cpu_count() or 1)], env)
    common.log(f"FMA peak, {peak_all['threads']} pinned threads: "
               f"{peak_all['gflops']} GFLOP/s")

    rows = []
    for name, workload in common.workloads(args.only):
        with tempfile.TemporaryDirectory() as tmp:
            tasks = common.extract_tasks(opt, workload, tmp)
            flops = sum(t["flops"] * t["weight"] for t in tasks)
            scheduled = os.path.join(tmp, "default.mlir")
            subprocess.run([opt, workload,
                            "--sched-apply-default=prepare target=cpu:1t",
                            "-o", scheduled], check=True)
            common.log(f"{name}: default schedule")
            default = tuner_run(run, scheduled, env,
                                [f"--repeats={args.repeats}",
                                 "--min-repeat-ms=20"], reference=workload)
            common.log(f"{name}: untiled baseline")
            naive = tuner_run(run, workload, env, ["--repeats=3"])
            lib_seconds, lib_name = workload_library_time(
                opt, workload, tmp, (gemm, onednn, conv), env, args.repeats)
        row = {
            "workload": name,
            "flops": flops,
            "tasks": len(tasks),
            "default": {k: default[k] for k in
                        ("median_s", "min_s", "max_s", "gflops", "match")},
            "untiled": {k: naive[k] for k in ("median_s", "gflops")},
            "library": None if lib_seconds is None else {
                "name": lib_name, "median_s": lib_seconds,
                "gflops": flops / lib_seconds / 1e9},
        }
        common.log(f"{name}: default {row['default']['gflops']:.1f}, untiled "
                   f"{row['untiled']['gflops']:.2f}, library "
                   f"{row['library']['gflops'] if row['library'] else '-'} GFLOP/s")
        rows.append(row)

    common.write_result("baselines", {
        "machine": common.machine(),
        "threads": 1,
        "peak": peak,
        "peak_all_cores": peak_all,
        "workloads": rows,
        "command": "bench/run_baselines.py",
    })


if __name__ == "__main__":
    main()
