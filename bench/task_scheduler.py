#!/usr/bin/env python3
"""Compares the task schedulers on whole models: the end-to-end latency
estimate (sum over the tasks of weight x best latency) that round-robin and
gradient reach with the same total budget, several seeds each, measured for
real on this CPU. Writes bench/results/task_scheduler.json (after every run)
and docs/results.md (bench/report.py).

usage: bench/task_scheduler.py [--build build] [--seeds 3] [--quick]
"""

import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

# (model file under examples/, total trials): about 20 trials per task.
MODELS = [("workloads/mlp_3layer.mlir", 64),
          ("models/bert_base_layer.mlir", 160)]
SCHEDULERS = ["round-robin", "gradient"]


def tune(opt, model, scheduler, trials, seed, tmp):
    options = (f"target=host policy=evolutionary task-scheduler={scheduler} "
               f"trials={trials} batch-size=8 seed={seed} progress=off")
    data, options = common.tune_report(
        opt, os.path.join(common.ROOT, "examples", model), options, tmp)
    return {
        "scheduler": scheduler,
        "seed": seed,
        "trials": data["trials"],
        "seconds": data["seconds"],
        "best_latency_s": data["best_latency_s"],
        "default_latency_s": data["default_latency_s"],
        "tasks": [{"name": t["name"], "weight": t["weight"],
                   "rounds": t["rounds"], "trials": t["trials"],
                   "default_s": t["default_s"], "best_s": t["best_s"]}
                  for t in data["tasks"]],
        "command": f'tuner-opt examples/{model} --tuner-tune="{options}"',
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: one seed, a quarter of the budgets")
    args = ap.parse_args()
    opt = common.tool(args.build, "tuner-opt")
    seeds = 1 if args.quick else args.seeds
    data = {"machine": common.machine(),
            "command": "bench/task_scheduler.py " + " ".join(sys.argv[1:]),
            "seeds": seeds, "models": []}
    with tempfile.TemporaryDirectory(prefix="mlir-tuner-bench-") as tmp:
        for model, trials in MODELS:
            if args.quick:
                trials //= 4
            entry = {"model": model, "trials": trials, "runs": []}
            data["models"].append(entry)
            for seed in range(1, seeds + 1):
                for scheduler in SCHEDULERS:
                    common.log(f"{model}: {scheduler} seed {seed}, "
                               f"{trials} trials")
                    entry["runs"].append(
                        tune(opt, model, scheduler, trials, seed, tmp))
                    common.write_result("task_scheduler", data)
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "report.py")],
                   check=True)


if __name__ == "__main__":
    main()
