#!/usr/bin/env python3
"""Transfer-tuning across shapes: tunes the BERT-base layer example at one
sequence length, then applies its records to the same layer at other
sequence lengths without measuring anything (`sched-apply-best
transfer=true`, with and without the database's cost model ranking the
adaptations against the default), and runs each program end to end with
tuner-run (materialized, lowered, checked against the reference), rounds
interleaved so that the machine's drift hits every variant alike. Also a
small-budget tuning of the new shape with and without `transfer-from`.
Writes bench/results/transfer.json and docs/results.md (bench/report.py).

usage: bench/transfer.py [--build build] [--trials 160] [--rounds 5]
                         [--targets 256,64] [--quick]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

SOURCE = os.path.join(common.ROOT, "examples", "models", "bert_base_layer.mlir")
SOURCE_SEQ = 128


def with_sequence(text, seq):
    """The BERT layer at another sequence length: every 128 in the file is
    the sequence length (hidden 768, heads 12 x 64, FFN 3072 contain none)."""
    return re.sub(r"(?<![0-9])128(?![0-9])", str(seq), text)


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stderr[-3000:]}")
    return r


def annotate(opt, mlir, passes, out):
    """Runs the annotation passes; returns the remarks of sched-apply-best."""
    r = run([opt, mlir] + passes + ["-o", out])
    return [line.split("remark: ", 1)[1] for line in r.stderr.splitlines()
            if "remark: sched-apply-best" in line]


def lower(opt, annotated, out):
    run([opt, annotated, "--sched-materialize", "--tuner-lower-cpu", "-o", out])


def time_once(runner, lowered, reference, repeats):
    r = run([runner, lowered, f"--reference={reference}",
             f"--repeats={repeats}", "--json"])
    data = json.loads(r.stdout)
    if not data.get("match", False):
        raise RuntimeError(f"{lowered}: does not match the reference")
    return data["median_s"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--trials", type=int, default=160,
                    help="budget of the source tuning")
    ap.add_argument("--rounds", type=int, default=5,
                    help="interleaved end-to-end rounds per variant")
    ap.add_argument("--repeats", type=int, default=20,
                    help="tuner-run repeats per round")
    ap.add_argument("--targets", default="256,64",
                    help="sequence lengths to transfer to")
    ap.add_argument("--small-trials", type=int, default=40,
                    help="budget of the small tuning of each target")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    if args.quick:
        args.trials, args.rounds, args.repeats = 40, 2, 5
        args.small_trials = 16
    opt = common.tool(args.build, "tuner-opt")
    runner = common.tool(args.build, "tuner-run")
    targets = [int(t) for t in args.targets.split(",") if t]
    data = {"machine": common.machine(),
            "command": "bench/transfer.py " + " ".join(sys.argv[1:]),
            "source": f"examples/models/bert_base_layer.mlir (sequence {SOURCE_SEQ})",
            "targets": []}
    with tempfile.TemporaryDirectory(prefix="mlir-tuner-transfer-") as tmp:
        db = os.path.join(tmp, "source.jsonl")
        options = (f"target=host policy=evolutionary task-scheduler=gradient "
                   f"trials={args.trials} batch-size=8 seed=1 database={db} "
                   "progress=off")
        common.log(f"tuning the source: {options}")
        report, _ = common.tune_report(opt, SOURCE, options, tmp)
        data["source_tuning"] = {
            "command": ("tuner-opt examples/models/bert_base_layer.mlir "
                        f'--tuner-tune="{options.replace(db, "SOURCE.jsonl")}"'),
            "seconds": report["seconds"],
            "best_latency_s": report["best_latency_s"],
            "default_latency_s": report["default_latency_s"],
        }
        text = open(SOURCE).read()
        for seq in targets:
            mlir = os.path.join(tmp, f"bert_{seq}.mlir")
            with open(mlir, "w") as f:
                f.write(with_sequence(text, seq))
            variants = {
                "default": ["--sched-apply-default=target=host"],
                "transfer": [f"--sched-apply-best=database={db} target=host "
                             "transfer=true use-model=true"],
                "transfer_no_model": [f"--sched-apply-best=database={db} "
                                      "target=host transfer=true "
                                      "use-model=false"],
            }
            remarks, lowered = {}, {}
            for name, passes in variants.items():
                annotated = os.path.join(tmp, f"bert_{seq}.{name}.mlir")
                remarks[name] = annotate(opt, mlir, passes, annotated)
                lowered[name] = os.path.join(tmp, f"bert_{seq}.{name}.ll.mlir")
                lower(opt, annotated, lowered[name])
            times = {name: [] for name in variants}
            for r in range(args.rounds):
                for name in variants:
                    times[name].append(
                        time_once(runner, lowered[name], mlir, args.repeats))
                common.log(f"seq {seq} round {r + 1}: " + ", ".join(
                    f"{n} {times[n][-1] * 1e3:.2f} ms" for n in variants))
            entry = {"sequence": seq, "rounds": args.rounds,
                     "repeats": args.repeats,
                     "end_to_end_s": times,
                     "remarks": {n: [x for x in remarks[n]
                                     if "tasks from their own" in x]
                                 for n in remarks},
                     "choices": {n: [x for x in remarks[n]
                                     if "no record of its own" in x]
                                 for n in remarks}}
            # Small-budget tuning of the new shape, from scratch and seeded.
            small = {}
            for name, extra in [("scratch", ""),
                                ("transfer_from", f" transfer-from={db}")]:
                options = (f"target=host policy=evolutionary "
                           f"task-scheduler=gradient trials={args.small_trials} "
                           f"batch-size=8 seed=2{extra} progress=off")
                rep, _ = common.tune_report(opt, mlir, options, tmp)
                small[name] = {
                    "command": (f"tuner-opt bert_{seq}.mlir --tuner-tune=\""
                                + options.replace(db, "SOURCE.jsonl") + '"'),
                    "best_latency_s": rep["best_latency_s"],
                    "default_latency_s": rep["default_latency_s"],
                    "transfer_latency_s": rep.get("transfer_latency_s"),
                    "transfer_tasks": rep.get("transfer_tasks", 0),
                    "seconds": rep["seconds"],
                }
                common.log(f"seq {seq} small tuning {name}: best "
                           f"{rep['best_latency_s'] * 1e3:.2f} ms, default "
                           f"{rep['default_latency_s'] * 1e3:.2f} ms")
            entry["small_tuning"] = small
            data["targets"].append(entry)
            common.write_result("transfer", data)
    subprocess.run([sys.executable, os.path.join(common.BENCH, "report.py")],
                   check=False)


if __name__ == "__main__":
    main()
