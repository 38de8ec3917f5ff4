#!/usr/bin/env python3
"""Tuned kernels against the libraries, in one run, on 1 and on all cores:
for every workload of examples/workloads that a library covers (the
contractions and convolutions) and for every thread count asked for,

  - tunes the workload (`--tuner-tune`, the default policy, `--trials`
    real measurements, target `cpu:<T>t`);
  - then, in `--rounds` interleaved rounds (the machine's speed drifts over
    minutes), times the tuned program with tuner-run on T threads (median of
    `--repeats`, checked against the untransformed program) and the better
    of OpenBLAS sgemm and oneDNN's matmul (bf16 inputs: oneDNN's bf16
    matmul), or oneDNN's convolution, on T threads (the same harnesses as
    bench/run_baselines.py); each side's time is the median of its rounds'
    medians, and the per-round ratios' min..max is recorded;
  - measures the FMA peak of T pinned threads (bench/harness/fma_peak.c).

Writes bench/results/tuned.json after every workload; bench/report.py turns
it into docs/results.md.

usage: bench/tuned_vs_libraries.py [--build build] [--trials 64]
                                   [--threads 1 2] [--rounds 3]
                                   [--only NAME...]
"""

import argparse
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402
import run_baselines  # noqa: E402


def threads_env(threads):
    return dict(os.environ, OMP_NUM_THREADS=str(threads),
                OPENBLAS_NUM_THREADS=str(threads))


def tune(opt, workload, threads, trials, tmp):
    """Tunes `workload` for `threads` cores: the tuned program's path and the
    tuning command."""
    tuned = os.path.join(tmp, f"tuned-{threads}t.mlir")
    db = os.path.join(tmp, f"tuned-{threads}t.db")
    options = (f"target=cpu:{threads}t trials={trials} database={db} "
               "progress=off")
    common.run([opt, workload, f"--tuner-tune={options}", "-o", tuned],
               timeout=3600)
    return tuned, f"--tuner-tune=\"target=cpu:{threads}t trials={trials}\""


def time_rounds(run, tuned, workload, tmp, harnesses, env, args, opt):
    """`args.rounds` interleaved timings of the tuned program and of the
    library: (tuned summary, library seconds, library name, ratios)."""
    runs, libs, name = [], [], None
    for _ in range(args.rounds):
        runs.append(common.run_json(
            [run, tuned, "--json", f"--omp-threads={env['OMP_NUM_THREADS']}",
             f"--repeats={args.repeats}", "--min-repeat-ms=20",
             f"--reference={workload}"], env, timeout=1800))
        lib_s, name = run_baselines.workload_library_time(
            opt, workload, tmp, harnesses, env, args.repeats)
        libs.append(lib_s)
    medians = [r["median_s"] for r in runs]
    median = statistics.median(medians)
    summary = {"median_s": median, "min_s": min(medians),
               "max_s": max(medians),
               "gflops": runs[0]["flops"] / median / 1e9 if runs[0].get(
                   "flops") else 0,
               "match": all(r["match"] for r in runs)}
    ratios = [lib / t for lib, t in zip(libs, medians)]
    return summary, statistics.median(libs), name, ratios


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--trials", type=int, default=64)
    ap.add_argument("--threads", type=int, nargs="+",
                    default=sorted({1, os.cpu_count() or 1}))
    ap.add_argument("--repeats", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", nargs="*", help="workload names to run")
    args = ap.parse_args()

    harnesses = run_baselines.build_library_harnesses()
    peak_exe = common.build_harness("fma_peak", "fma_peak.c", ["-lpthread"])
    opt = common.tool(args.build, "tuner-opt")
    run = common.tool(args.build, "tuner-run")

    peaks = {}
    for threads in args.threads:
        peaks[str(threads)] = common.run_json([peak_exe, str(threads)],
                                              threads_env(1))
        common.log(f"FMA peak, {threads} pinned threads: "
                   f"{peaks[str(threads)]['gflops']} GFLOP/s")

    rows = []
    for name, workload in common.workloads(args.only):
        row = {"workload": name, "threads": {}}
        with tempfile.TemporaryDirectory() as tmp:
            tasks = common.extract_tasks(opt, workload, tmp)
            row["flops"] = sum(t["flops"] * t["weight"] for t in tasks)
            for threads in args.threads:
                env = threads_env(threads)
                lib_s, _ = run_baselines.workload_library_time(
                    opt, workload, tmp, harnesses, env, 1)
                if lib_s is None:
                    break
                common.log(f"{name}, {threads} thread(s): tuning "
                           f"{args.trials} trials")
                tuned_path, command = tune(opt, workload, threads,
                                           args.trials, tmp)
                tuned, lib_s, lib_name, ratios = time_rounds(
                    run, tuned_path, workload, tmp, harnesses, env, args, opt)
                tuned["gflops"] = row["flops"] / tuned["median_s"] / 1e9
                row["threads"][str(threads)] = {
                    "tuned": tuned,
                    "library": {"name": lib_name, "median_s": lib_s,
                                "gflops": row["flops"] / lib_s / 1e9},
                    "ratio_min": min(ratios), "ratio_max": max(ratios),
                    "rounds": args.rounds,
                }
                row["command"] = command
                common.log(f"{name}, {threads} thread(s): tuned "
                           f"{tuned['gflops']:.1f}, library "
                           f"{row['flops'] / lib_s / 1e9:.1f} GFLOP/s "
                           f"({lib_name}); per-round tuned / library "
                           f"{min(ratios):.2f}..{max(ratios):.2f}")
        if row["threads"]:
            rows.append(row)
            common.write_result("tuned", {
                "machine": common.machine(),
                "trials": args.trials,
                "peaks": peaks,
                "workloads": rows,
                "command": "bench/tuned_vs_libraries.py "
                           f"--trials {args.trials} --threads "
                           + " ".join(map(str, args.threads))
                           + f" --rounds {args.rounds}",
            })


if __name__ == "__main__":
    main()
