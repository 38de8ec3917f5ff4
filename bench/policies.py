#!/usr/bin/env python3
"""Compares the search policies on real measurements: how good a kernel each
finds within a budget, and how fast it gets within 95% of a long reference.

For every workload: a long evolutionary run (the reference), then every
policy with several seeds. Policies whose behaviour does not depend on the
budget run once per seed with the largest budget, and the smaller budgets
are read off the same run (the best of its first N trials); storm-raindrop
splits its budget in phases, so it runs once per budget. Then the warm-start
experiments (WARM_PAIRS): the cost model saved by the reference run on one
shape starts runs on another shape of the same op, against cold runs.

Writes bench/results/policies.json after every run (a run that is killed
keeps what it measured), then the convergence plots (bench/plot_policies.py)
and docs/results.md (bench/report.py).

usage: bench/policies.py [--build build] [--seeds 3] [--budgets 32 64 128]
                         [--reference-trials 512] [--workloads ...] [--quick]
                         [--resume [--rerun POLICY ...]]

--resume keeps the runs already in bench/results/policies.json (same
settings) and measures only the missing ones, and those of the policies
named by --rerun; --policies then limits what is measured, not what is
kept. The reference runs' cost
models are kept in bench/out/ for the warm-start runs; one that is missing
there is made again by running its reference again.
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
# Warm-start experiments: (source, target) of the same op. The targets'
# default configs are far from their best, so how fast a run gets there
# shows what a warm model is worth. matmul_512 uses the plain contraction
# sketch and matmul_odd_500 the padded one; the odd shapes share the padded
# sketch.
WARM_PAIRS = [("matmul_512", "matmul_odd_500"),
              ("matmul_odd_500", "matmul_odd_300x700x600")]


def workload_path(workload):
    """examples/workloads/ (the shared workloads), else examples/models/."""
    path = os.path.join(common.WORKLOADS, workload + ".mlir")
    if not os.path.exists(path):
        path = os.path.join(common.ROOT, "examples", "models",
                            workload + ".mlir")
    return path


def source_model(workload):
    """Where the cost model of a workload's reference run is kept (bench/out/,
    not committed), for the warm-start runs of this and later invocations."""
    return os.path.join(common.out_dir(), f"model-{workload}.json")


def warm_start(opt, args, data, previous, source, target, tmp):
    """Evolutionary runs on `target`, cold and with the cost model of the
    `source` reference run, the same seeds for both."""
    budget = args.budgets[1] if len(args.budgets) > 1 else args.budgets[0]
    warm = {"source": source, "target": target, "runs": []}
    data["warm_starts"].append(warm)
    # The target's own long reference when it was measured above.
    measured = next((w for w in data["workloads"]
                     if w["workload"] == target), None)
    if measured:
        warm["reference"] = measured["reference"]
    elif "reference" in previous:
        warm["reference"] = previous["reference"]
    else:
        common.log(f"warm start: {target} reference")
        warm["reference"] = tune(opt, target, "evolutionary",
                                 args.reference_trials // 2, 100, tmp)
    for seed in range(1, args.warm_seeds + 1):
        for mode in ("cold", "warm"):
            kept = next((r for r in previous.get("runs", [])
                         if (r["mode"], r["seed"]) == (mode, seed)), None)
            if kept:
                warm["runs"].append(kept)
                continue
            extra = ""
            if mode == "warm":
                model = source_model(source)
                if not os.path.exists(model):
                    # Kept from the reference run, unless that run was
                    # resumed from an earlier invocation: train it again
                    # the same way.
                    common.log(f"warm start: {source} source model")
                    tune(opt, source, "evolutionary", args.reference_trials,
                         100, tmp, f"cost-model-file={model}")
                copy = os.path.join(tmp, "warm-copy.json")
                shutil.copy(model, copy)
                extra = f"cost-model-file={copy}"
            common.log(f"warm start {source} -> {target}: {mode} seed {seed}")
            run = tune(opt, target, "evolutionary", budget, seed, tmp, extra)
            run["mode"] = mode
            warm["runs"].append(run)
            save(data)


def tune(opt, workload, policy, trials, seed, tmp, extra=""):
    """One tuner-tune run; returns its report (with the per-trial trace)."""
    options = (f"target=host policy={policy} trials={trials} seed={seed} "
               f"progress=off {extra}").strip()
    data, options = common.tune_report(opt, workload_path(workload), options,
                                       tmp)
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
        "command": "tuner-opt " +
                   os.path.relpath(workload_path(workload), common.ROOT) +
                   f' --tuner-tune="{options}"',
    }


def load_previous(data):
    """The earlier results when they were made with the same settings."""
    path = os.path.join(common.RESULTS, "policies.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        old = json.load(f)
    same = all(old.get(k) == data[k]
               for k in ("budgets", "seeds", "reference_trials"))
    if not same:
        common.log("--resume: policies.json has other settings; starting over")
        return None
    command = old.get("command", data["command"])
    data["command"] = command if command.endswith("(resumed)") \
        else command + " (resumed)"
    return old


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
    ap.add_argument("--warm-seeds", type=int, default=5,
                    help="seeds of the warm-start experiment")
    ap.add_argument("--no-warm", action="store_true",
                    help="skip the warm-start experiment")
    ap.add_argument("--resume", action="store_true",
                    help="keep the runs already in policies.json")
    ap.add_argument("--rerun", nargs="*", default=[],
                    help="with --resume: measure these policies again")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: one seed, budgets 16 32, reference 64")
    args = ap.parse_args()
    if args.quick:
        args.seeds, args.budgets, args.reference_trials = 1, [16, 32], 64
        args.warm_seeds = 1
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
    old = load_previous(data) if args.resume else None
    tmp = tempfile.mkdtemp(prefix="mlir-tuner-bench-")
    try:
        for workload in args.workloads:
            entry = {"workload": workload, "runs": []}
            data["workloads"].append(entry)
            previous = next((w for w in (old or {}).get("workloads", [])
                             if w["workload"] == workload), {})
            model = os.path.join(tmp, workload + ".model.json")
            if "reference" in previous:
                common.log(f"{workload}: reference kept")
                entry["reference"] = previous["reference"]
            else:
                common.log(f"{workload}: reference, evolutionary x "
                           f"{args.reference_trials}")
                entry["reference"] = tune(
                    opt, workload, "evolutionary", args.reference_trials,
                    100, tmp, f"cost-model-file={model}")
                if os.path.exists(model):
                    shutil.copy(model, source_model(workload))
            save(data)
            # Runs of the policies not run this time are carried over.
            entry["runs"] += [r for r in previous.get("runs", [])
                              if r["policy"] not in args.policies]
            for policy in args.policies:
                for seed in range(1, args.seeds + 1):
                    runs = budgets if policy in PER_BUDGET else [budgets[-1]]
                    for budget in runs:
                        kept = next((r for r in previous.get("runs", [])
                                     if (r["policy"], r["seed"], r["budget"])
                                     == (policy, seed, budget)), None)
                        if kept and policy not in args.rerun:
                            entry["runs"].append(kept)
                            continue
                        common.log(f"{workload}: {policy} seed {seed}, "
                                   f"{budget} trials")
                        run = tune(opt, workload, policy, budget, seed, tmp)
                        run["budget"] = budget
                        entry["runs"].append(run)
                        save(data)

        if not args.no_warm:
            old_warm = (old or {}).get("warm_starts", [])
            data["warm_starts"] = []
            for source, target in WARM_PAIRS:
                previous = next((w for w in old_warm
                                 if (w["source"], w["target"]) ==
                                 (source, target)), {})
                warm_start(opt, args, data, previous, source, target, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    here = os.path.dirname(os.path.abspath(__file__))
    # The measurements are saved; a plot that fails does not lose the report.
    plotted = subprocess.run(
        [sys.executable, os.path.join(here, "plot_policies.py")]).returncode
    if plotted:
        common.log("plotting failed: bench/plot_policies.py draws the "
                   "figures from bench/results/policies.json again")
    subprocess.run([sys.executable, os.path.join(here, "report.py")],
                   check=True)


if __name__ == "__main__":
    main()
