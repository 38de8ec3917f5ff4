#!/usr/bin/env python3
"""Model-level report: tunes whole models and sets, per task, its weight,
trials, untuned / default / best latency and share of the end-to-end time
beside the end-to-end estimate (sum of weight x latency), then runs each
program for real with tuner-run (materialized, lowered, checked against the
reference): untuned (no schedule), default configs, tuned configs. Writes
bench/results/model_report.json and docs/results.md (bench/report.py).

usage: bench/model_report.py [--build build] [--rounds 3] [--quick]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

# (model under examples/, trials): about 20 trials per task.
MODELS = [("workloads/mlp_3layer.mlir", 64),
          ("models/bert_base_layer.mlir", 160)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    opt = common.tool(args.build, "tuner-opt")
    runner = common.tool(args.build, "tuner-run")
    data = {"machine": common.machine(),
            "command": "bench/model_report.py " + " ".join(sys.argv[1:]),
            "models": []}
    with tempfile.TemporaryDirectory(prefix="mlir-tuner-model-") as tmp:
        for model, trials in MODELS:
            if args.quick:
                trials //= 4
            mlir = os.path.join(common.ROOT, "examples", model)
            options = (f"target=host policy=evolutionary "
                       f"task-scheduler=gradient trials={trials} batch-size=8 "
                       "seed=1 progress=off")
            common.log(f"tuning {model}: {options}")
            tuned = os.path.join(tmp, "tuned.mlir")
            report_path = os.path.join(tmp, "report.json")
            common.run([opt, mlir,
                        f"--tuner-tune={options} report={report_path}",
                        "-o", tuned])
            with open(report_path) as f:
                report = json.load(f)
            entry = {"model": model, "trials": report["trials"],
                     "seconds": report["seconds"],
                     "command": f'tuner-opt examples/{model} '
                                f'--tuner-tune="{options} report=REPORT.json"',
                     "estimate_s": {
                         "untuned": report.get("untuned_latency_s"),
                         "default": report["default_latency_s"],
                         "tuned": report["best_latency_s"]},
                     "tasks": [{k: t.get(k) for k in (
                         "name", "weight", "trials", "untuned_s", "default_s",
                         "best_s", "share")} for t in report["tasks"]]}
            repeats = 3 if args.quick else 10
            rounds = 1 if args.quick else args.rounds
            variants = {
                "default": (mlir, ["--sched-apply-default=target=host"]),
                "tuned": (tuned, []),
                "untuned": (mlir, []),
            }
            e2e = {}
            for name, (source, passes) in variants.items():
                n = 1 if name == "untuned" else rounds
                r = 1 if name == "untuned" else repeats
                medians, match = common.end_to_end(
                    opt, runner, source, mlir, passes, tmp, name, r, n)
                e2e[name] = {"medians_s": medians, "match": match}
                common.log(f"{model} {name}: "
                           f"{common.median(medians) * 1e3:.3f} ms, "
                           f"{'matches' if match else 'DOES NOT MATCH'} "
                           "the reference")
            entry["end_to_end"] = e2e
            data["models"].append(entry)
            common.write_result("model_report", data)
    subprocess.run([sys.executable, os.path.join(common.BENCH, "report.py")],
                   check=False)


if __name__ == "__main__":
    main()
