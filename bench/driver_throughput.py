#!/usr/bin/env python3
"""Measures the tuning driver's throughput: candidates measured per second
with real builds and runs, and where the time goes (building vs running).

For each workload and builder count, runs `tuner-opt --tuner-tune` with the
random policy (so that the figure is the driver's, not a policy's) several
times with different seeds, and reports the median and the range of
candidates/s, the mean build and run seconds per candidate, and the errors.
Writes bench/results/driver_throughput.json; bench/report.py renders it.

usage: bench/driver_throughput.py [--build build] [--trials 48] [--reps 3]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

WORKLOADS = ["matmul_512", "matmul_odd_500", "mlp_3layer",
             "resnet50_conv3x3_s3"]


def tune_once(opt, workload, trials, builders, seed, tmp):
    db = os.path.join(tmp, f"{workload}-{builders}-{seed}.db")
    report = os.path.join(tmp, f"{workload}-{builders}-{seed}.json")
    options = (f"target=host policy=random trials={trials} seed={seed} "
               f"builders={builders} database={db} report={report} "
               f"progress=off")
    cmd = [opt, os.path.join(common.WORKLOADS, workload + ".mlir"),
           f"--tuner-tune={options}", "-o", os.devnull]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stderr[-2000:]}")
    shown = (options.replace(db, "DB").replace(report, "REPORT.json"))
    with open(report) as f:
        return json.load(f), (f"tuner-opt examples/workloads/{workload}.mlir "
                              f'--tuner-tune="{shown}" -o /dev/null')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--trials", type=int, default=48)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--workloads", nargs="*", default=WORKLOADS)
    args = ap.parse_args()
    opt = common.tool(args.build, "tuner-opt")
    cpus = os.cpu_count() or 1
    builder_counts = sorted({1, cpus})

    rows = []
    command = None
    with tempfile.TemporaryDirectory() as tmp:
        for workload in args.workloads:
            for builders in builder_counts:
                runs = []
                for rep in range(args.reps):
                    common.log(f"{workload}: builders={builders} "
                               f"rep {rep + 1}/{args.reps}")
                    report, cmd = tune_once(opt, workload, args.trials,
                                            builders, rep + 1, tmp)
                    command = command or cmd
                    runs.append(report)
                rate = [r["trials"] / r["seconds"] for r in runs]
                rows.append({
                    "workload": workload,
                    "builders": builders,
                    "trials": args.trials,
                    "candidates_per_s": {
                        "median": common.median(rate),
                        "min": min(rate), "max": max(rate)},
                    "wall_s": common.median([r["seconds"] for r in runs]),
                    "build_s_per_candidate": common.median(
                        [r["build_s"] / r["trials"] for r in runs]),
                    "run_s_per_candidate": common.median(
                        [r["run_s"] / r["trials"] for r in runs]),
                    "errors": sum(r["errors"] for r in runs),
                    "speedup_over_default": common.median(
                        [r["default_latency_s"] / r["best_latency_s"]
                         for r in runs]),
                })
                row = rows[-1]
                common.log(f"  {row['candidates_per_s']['median']:.2f} "
                           f"candidates/s, build "
                           f"{row['build_s_per_candidate']:.2f} s, run "
                           f"{row['run_s_per_candidate']:.2f} s per candidate")

    common.write_result("driver_throughput", {
        "machine": common.machine(),
        "command": "bench/driver_throughput.py "
                   f"--trials {args.trials} --reps {args.reps}",
        "example": command,
        "rows": rows,
    })


if __name__ == "__main__":
    main()
