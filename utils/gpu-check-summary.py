#!/usr/bin/env python3
"""The JSON summary of a utils/gpu-check.sh run, from its work directory.

usage: gpu-check-summary.py WORK > gpu-check.json

Per program: lowered or not, the host ops touching tensor data (the
tuner-gpu-device-memory remark), the GPU run (match with the CPU reference,
max error, median time of a whole call and of its kernels, arguments in
managed memory) and the PyTorch eager time where there is one (with the
ratio eager / ours: above 1 means ours is faster); per sanitized case the
compute-sanitizer error count; per tuning the records by outcome
(RUNTIME_DEVICE expected 0) and the tuned program's run; every step's
status and seconds. Missing files are reported as missing, never fatal.
"""
import collections
import glob
import json
import os
import re
import sys


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def last_json(path):
    """The last line of `path` that parses as a JSON object, or None."""
    text = read(path)
    for line in reversed((text or "").splitlines()):
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return None


def steps(work):
    result = []
    for line in (read(os.path.join(work, "steps", "steps.tsv")) or "").splitlines():
        parts = line.split("\t")
        if len(parts) == 3:
            result.append({"step": parts[0], "status": parts[1],
                           "seconds": int(parts[2])})
    return result


def run_summary(path, err_path=None):
    run = last_json(path)
    if run is None:
        lines = (read(err_path) or "").strip().splitlines() if err_path else []
        errors = [l for l in lines if "error" in l.lower()] or lines[-3:]
        return {"error": " | ".join(errors[-3:]) or "no result"}
    keys = ("device", "match", "max_error", "tolerance", "median_s", "min_s",
            "max_s", "kernel_median_s", "managed_args", "gflops")
    summary = {k: run.get(k) for k in keys if k in run}
    summary.update(kernel_shares(run.get("kernels") or []))
    if run.get("median_s"):
        summary["spread_pct"] = round(
            (run["max_s"] - run["min_s"]) / run["median_s"] * 100, 1)
    return summary


def kernel_shares(kernels):
    """From tuner-run --kernel-times: each op kind's share of the kernels'
    time (the reference op each launch was scheduled from; "?" when the
    lowered module had no locations) and the five longest launches."""
    total = sum(k.get("median_s", 0) for k in kernels)
    if not kernels or total <= 0:
        return {}
    shares = {}
    for k in kernels:
        op = k.get("op") or "?"
        shares[op] = shares.get(op, 0) + k.get("median_s", 0) / total
    longest = sorted(kernels, key=lambda k: -k.get("median_s", 0))[:5]
    return {"op_share": {op: round(v, 3) for op, v in
                         sorted(shares.items(), key=lambda kv: -kv[1])},
            "longest_kernels": [
                {key: k.get(key) for key in ("kernel", "op", "location",
                                             "grid", "block", "median_s")}
                for k in longest]}


def eager_times(work, file="torch_eager.jsonl"):
    times = {}
    for line in (read(os.path.join(work, "run", file)) or "").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if "model" in entry:
            times[entry["model"]] = entry
    return times


def programs(work):
    eager = eager_times(work)
    inductor = eager_times(work, "torch_compile.jsonl")
    names = sorted({os.path.basename(p)[:-4]
                    for p in glob.glob(os.path.join(work, "lowered", "*.log"))})
    result = {}
    for name in names:
        log = read(os.path.join(work, "lowered", name + ".log")) or ""
        entry = {"lowered": os.path.exists(
            os.path.join(work, "lowered", name + ".mlir"))}
        m = re.search(r"host ops touching tensor data: (\d+)(.*)", log)
        if m:
            entry["host_ops"] = int(m.group(1))
            if m.group(2).strip():
                entry["host_op_names"] = m.group(2).strip()
        entry["gpu"] = run_summary(os.path.join(work, "run", name + ".json"),
                                   os.path.join(work, "run", name + ".err"))
        if name in eager:
            e = eager[name]
            entry["torch_eager"] = ({"error": e["error"]} if "error" in e else
                                    {"median_s": e["median_s"],
                                     "spread_pct": round(e["spread_pct"], 1)})
            ours = entry["gpu"].get("median_s")
            if ours and "median_s" in e:
                entry["eager_over_ours"] = round(e["median_s"] / ours, 3)
        for mode in ("noreduction", "reduction"):
            variant = os.path.join(work, "variants", name + "." + mode + ".json")
            if os.path.exists(variant):
                entry[mode + "_gpu"] = run_summary(variant)
        if name in inductor:
            e = inductor[name]
            entry["torch_compile"] = ({"error": e["error"]} if "error" in e else
                                      {"median_s": e["median_s"],
                                       "spread_pct": round(e["spread_pct"], 1),
                                       "compile_s": e.get("compile_s")})
            ours = entry["gpu"].get("median_s")
            if ours and "median_s" in e:
                entry["compile_over_ours"] = round(e["median_s"] / ours, 3)
        tuned = os.path.join(work, "run", name + ".tuned.json")
        if os.path.exists(tuned):
            entry["tuned_gpu"] = run_summary(tuned)
        result[name] = entry
    return result


def sanitizer(work):
    result = {}
    for path in sorted(glob.glob(os.path.join(work, "sanitize", "*.out"))):
        text = read(path) or ""
        m = re.search(r"ERROR SUMMARY: (\d+) error", text)
        run = last_json(path)
        result[os.path.basename(path)[:-4]] = {
            "errors": int(m.group(1)) if m else None,
            "match": run.get("match") if run else None,
        }
    return result


def tunings(work):
    result = {}
    for db in sorted(glob.glob(os.path.join(work, "tune", "*.db"))):
        name = os.path.basename(db)[:-3]
        counts = collections.Counter()
        for line in (read(db) or "").splitlines():
            try:
                counts[json.loads(line).get("error_name", "?")] += 1
            except ValueError:
                counts["corrupt line"] += 1
        entry = {"records": dict(counts),
                 "runtime_device": counts.get("RUNTIME_DEVICE", 0)}
        report = read(os.path.join(work, "tune", name + ".report.json"))
        if report:
            try:
                r = json.loads(report)
                entry.update({k: r.get(k) for k in (
                    "trials", "errors", "default_latency_s", "best_latency_s",
                    "seconds")})
            except ValueError:
                entry["report"] = "unreadable"
        result[name] = entry
    return result


def last_line(path):
    lines = (read(path) or "").strip().splitlines()
    return lines[-1] if lines else None


def main(work):
    summary = {
        "steps": steps(work),
        "launch_args": last_line(os.path.join(work, "run", "launch-args.txt")),
        "sanitizer": sanitizer(work),
        "programs": programs(work),
        "tuning": tunings(work),
        "ptxas": last_line(os.path.join(work, "run", "ptxas.txt")),
    }
    print(json.dumps(summary, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
