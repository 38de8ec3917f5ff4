#!/usr/bin/env python3
"""Compares the search policies on real measurements: how good a kernel each
finds within a budget, and how fast it gets within 95% of a long reference.

For every workload: a long evolutionary run (the reference), then every
policy with several seeds. Policies whose behaviour does not depend on the
budget run once per seed with the largest budget, and the smaller budgets
are read off the same run (the best of its first N trials); storm-raindrop
splits its budget in phases, so it runs once per budget. Then the warm-start
experiment: the cost model saved by the reference run on one shape starts a
run on another shape of the same op, against cold runs.

Writes bench/results/policies.json after every run (a run that is killed
keeps what it measured), then the convergence plots (bench/plot_policies.py)
and docs/results.md (bench/report.py).

usage: bench/policies.py [--build build] [--seeds 3] [--budgets 32 64 128]
                         [--reference-trials 512] [--workloads ...] [--quick]
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

WORKLOADS = ["matmul_512", "bert_base_ffn1_bias_relu", "resnet50_conv3x3_s3",
             "matmul_odd_500"]
POLICIES = ["random", "evolutionary", "annealing", "dgd", "droplet",
            "storm-raindrop"]
# Budget-dependent policies run once per budget.
PER_BUDGET = {"storm-raindrop"}
WARM_SOURCE = "matmul_512"
WARM_TARGET = "bert_base_qkv"


def tune(opt, workload, policy, trials, seed, tmp, extra=""):
    """One tuner-tune run; returns its report (with the per-trial trace)."""
    report = os.path.join(tmp, "report.json")
    if os.path.exists(report):
        os.remove(report)
    options = (f"target=host policy={policy} trials={trials} seed={seed} "
               f"report={report} progress=off {extra}").strip()
    cmd = [opt, os.path.join(common.WORKLOADS, workload + ".mlir"),
           f"--tuner-tune={options}", "-o", os.devnull]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stderr[-3000:]}")
    with open(report) as f:
        data = json.load(f)
    task = data["tasks"][0]
    return {
        "policy": policy,
        "seed": seed,
        "trials": data["trials"],
        "seconds": data["seconds"],
        "flops": task["flops"],
        # [seconds since the start, median seconds or null] per trial.
        "trace": task["trace"],
        "default_s": task["default_s"],
        "best_s": task["best_s"],
        "cost_model": data["cost_model"],
        "cost_model_warm": data["cost_model_warm"],
        "model_updates": data["cost_model_updates"],
        "model_s": data["featurize_s"] + data["train_s"] + data["predict_s"],
        "command": "tuner-opt examples/workloads/" + workload +
                   f'.mlir --tuner-tune="{options}"'.replace(report,
                                                            "REPORT.json"),
    }


def save(data):
    common.write_result("policies", data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--budgets", type=int, nargs="+", default=[32, 64, 128])
    ap.add_argument("--reference-trials", type=int, default=512)
    ap.add_argument("--workloads", nargs="*", default=WORKLOADS)
    ap.add_argument("--policies", nargs="*", default=POLICIES)
    ap.add_argument("--no-warm", action="store_true",
                    help="skip the warm-start experiment")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: one seed, budgets 16 32, reference 64")
    args = ap.parse_args()
    if args.quick:
        args.seeds, args.budgets, args.reference_trials = 1, [16, 32], 64
    opt = common.tool(args.build, "tuner-opt")
    budgets = sorted(args.budgets)
    data = {
        "machine": common.machine(),
        "command": "bench/policies.py " + " ".join(sys.argv[1:]),
        "budgets": budgets,
        "seeds": args.seeds,
        "reference_trials": args.reference_trials,
        "workloads": [],
    }
    tmp = tempfile.mkdtemp(prefix="mlir-tuner-bench-")
    try:
        for workload in args.workloads:
            entry = {"workload": workload, "runs": []}
            data["workloads"].append(entry)
            model = os.path.join(tmp, workload + ".model.json")
            common.log(f"{workload}: reference, evolutionary x "
                       f"{args.reference_trials}")
            entry["reference"] = tune(
                opt, workload, "evolutionary", args.reference_trials, 100,
                tmp, f"cost-model-file={model}")
            if workload == WARM_SOURCE and os.path.exists(model):
                shutil.copy(model, os.path.join(tmp, "warm-source.json"))
            save(data)
            for policy in args.policies:
                for seed in range(1, args.seeds + 1):
                    runs = budgets if policy in PER_BUDGET else [budgets[-1]]
                    for budget in runs:
                        common.log(f"{workload}: {policy} seed {seed}, "
                                   f"{budget} trials")
                        run = tune(opt, workload, policy, budget, seed, tmp)
                        run["budget"] = budget
                        entry["runs"].append(run)
                        save(data)

        source = os.path.join(tmp, "warm-source.json")
        if not args.no_warm and os.path.exists(source):
            warm = {"source": WARM_SOURCE, "target": WARM_TARGET, "runs": []}
            data["warm_start"] = warm
            common.log(f"warm start: {WARM_TARGET} reference")
            warm["reference"] = tune(opt, WARM_TARGET, "evolutionary",
                                     args.reference_trials // 2, 100, tmp)
            for seed in range(1, args.seeds + 1):
                for mode in ("cold", "warm"):
                    extra = ""
                    if mode == "warm":
                        copy = os.path.join(tmp, "warm-copy.json")
                        shutil.copy(source, copy)
                        extra = f"cost-model-file={copy}"
                    common.log(f"warm start: {mode} seed {seed}")
                    run = tune(opt, WARM_TARGET, "evolutionary", budgets[1]
                               if len(budgets) > 1 else budgets[0], seed, tmp,
                               extra)
                    run["mode"] = mode
                    warm["runs"].append(run)
                    save(data)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "plot_policies.py")],
                   check=True)
    subprocess.run([sys.executable, os.path.join(here, "report.py")],
                   check=True)


if __name__ == "__main__":
    main()
