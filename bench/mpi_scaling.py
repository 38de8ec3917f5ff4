#!/usr/bin/env python3
"""workers=mpi at scale, simulated, and for real on this machine.

Simulation: `mpirun -np N+1 tuner-test-opt --tuner-tune="measure=fake
workers=mpi ..."` with TUNER_FAKE_MEASURE_SECONDS=T: N serving ranks whose
every measurement sleeps T seconds (the fake measurer of the test build), so
the ranks cost no CPU and N can reach 64 on two cores. Rank 0 runs the real
search (policy, XGBoost cost model) over real sketch spaces. For each N it
reports candidates/s, the ideal N/T, and the share of rank 0's time spent
waiting for measurements (`measure_s` of the report) against the search's
(the rest). The search's cost per round is nearly fixed (featurizing the
policy's population on rank 0), so the batch sets it against measurement:
it is max(16, B*N) candidates (B = --batch-per-rank).

Real: `measure=real` on matmul_512 with 2 serving ranks (3 ranks on this
machine) against the 1-process driver with 2 builders, candidates/s of each.

Writes bench/results/mpi_scaling.json.

usage: bench/mpi_scaling.py [--build build] [--seconds 0.5] [--rounds 4]
                            [--batch-per-rank 2]
                            [--ranks 1,2,4,8,16,32,64] [--skip-real]
"""

import argparse
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

MPIRUN = ["mpirun", "--oversubscribe", "--allow-run-as-root",
          "--enable-recovery", "--mca", "btl_vader_single_copy_mechanism",
          "none"]
WORKLOAD = "matmul_512"


def tune(cmd, env, tmp, options, timeout=1800):
    report = os.path.join(tmp, "report.json")
    if os.path.exists(report):
        os.remove(report)
    opts = " ".join(options + [f"report={report}", "progress=off"])
    common.run(cmd + [f"--tuner-tune={opts}", "-o", os.devnull], env=env,
               timeout=timeout)
    with open(report) as f:
        return json.load(f)


def simulate(args, tmp, model):
    opt = common.tool(args.build, "tuner-test-opt")
    env = dict(os.environ, OMPI_MCA_mpi_warn_on_fork="0",
               TUNER_FAKE_MEASURE_SECONDS=str(args.seconds))
    rows = []
    for n in [int(x) for x in args.ranks.split(",")]:
        batch = max(16, args.batch_per_rank * n)
        r = tune(MPIRUN + ["-np", str(n + 1), opt, model], env, tmp, [
            "measure=fake", "workers=mpi", "builders=1",
            f"trials={batch * args.rounds}", f"batch-size={batch}",
            "final-validation=0", "drift-check=false"])
        rate = r["trials"] / r["seconds"]
        row = {"ranks": n, "batch": batch, "featurize_s": r["featurize_s"], "trials": r["trials"],
               "seconds": r["seconds"], "measure_s": r["measure_s"],
               "train_s": r["train_s"], "predict_s": r["predict_s"],
               "candidates_per_s": rate, "ideal_per_s": n / args.seconds,
               "efficiency": rate / (n / args.seconds),
               "search_share": 1 - r["measure_s"] / r["seconds"]}
        common.log(f"N={n}: {rate:.1f}/s of {n / args.seconds:.1f} ideal "
                   f"({row['efficiency']:.0%}), search {row['search_share']:.0%}"
                   f" of rank 0's time")
        rows.append(row)
    return rows


def real(args, tmp, model):
    opt = common.tool(args.build, "tuner-opt")
    env = dict(os.environ, OMPI_MCA_mpi_warn_on_fork="0")
    base = ["target=host", "trials=64", "batch-size=16", "repeats=3",
            "min-repeat-ms=20", "final-validation=0", "drift-check=false"]
    rows = {}
    for name, cmd, extra in [
            ("local, 2 builders", [opt, model], ["builders=2"]),
            ("mpi, 2 serving ranks", MPIRUN + ["-np", "3", opt, model],
             ["workers=mpi", "builders=1"])]:
        r = tune(cmd, env, tmp, base + extra)
        rows[name] = {"trials": r["trials"], "seconds": r["seconds"],
                      "candidates_per_s": r["trials"] / r["seconds"],
                      "best_gflops": r["tasks"][0].get("best_gflops")
                      if r.get("tasks") else None}
        common.log(f"{name}: {rows[name]['candidates_per_s']:.2f}/s")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--seconds", type=float, default=0.5,
                    help="simulated measurement time per candidate")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--batch-per-rank", type=int, default=2)
    ap.add_argument("--ranks", default="1,2,4,8,16,32,64")
    ap.add_argument("--skip-real", action="store_true")
    args = ap.parse_args()
    if not shutil.which("mpirun"):
        sys.exit("mpirun not found (apt-get install openmpi-bin)")
    model = os.path.join(common.ROOT, "examples", "workloads",
                         WORKLOAD + ".mlir")
    with tempfile.TemporaryDirectory() as tmp:
        result = {"machine": common.machine(), "workload": WORKLOAD,
                  "simulated_seconds": args.seconds,
                  "simulation": simulate(args, tmp, model)}
        if not args.skip_real:
            result["real"] = real(args, tmp, model)
    common.write_result("mpi_scaling", result)


if __name__ == "__main__":
    main()
