#!/usr/bin/env python3
"""Whole models end to end against IREE, in one run on both cores.

For each model (default: every examples/models/*.mlir; --models picks), five
programs, each run on the same seeded inputs and checked against the
reference (the model lowered as it is):

  untuned   `tuner-opt M --tuner-lower-cpu`: the model lowered as it is.
  default   `tuner-opt M --sched-apply-default --sched-materialize
            --tuner-lower-cpu`: the default schedules, no search.
  tuned     `tuner-opt M --tuner-tune="target=host trials=N*T
            per-task-trials=N ..."`, then materialized and lowered: N
            measurements for each of the model's T tasks (--trials-per-task,
            default 32; evolutionary policy, round robin, batches of 8).
  IREE      iree-compile (iree-base-compiler 3.13.0) for the local llvm-cpu
            device with --iree-llvmcpu-target-cpu=host, twice: plain, and
            with --iree-dispatch-creation-data-tiling
            --iree-llvmcpu-enable-ukernels=all. The faster is reported and
            named.

Ours are timed by `tuner-run LOWERED --json` (OpenMP, one thread per CPU),
IREE's by `iree-benchmark-module --device=local-task` (one worker per
physical core by default: the topology it used is recorded). The rounds
(--rounds) interleave all the programs of a model; a program's time is the
median of its rounds' medians, with min..max over the rounds.

Checks: ours by `tuner-run --reference=M` (relative tolerance 1e-3). IREE's
by `iree-run-module` on the inputs that `tuner-run --save-inputs` wrote,
its outputs compared in numpy with the reference's (`--save-outputs`):
max |iree - reference| <= tol x max |reference|, tol 1e-3 for f32/f64,
2e-2 for f16/bf16, integers exact.

Share of time per op kind: the tuned run's report gives, per task, weight x
best latency; the task list (`--sched-extract-tasks`) gives each task's op
kind (common.task_class). The sum over the tasks stands beside the tuned
program's end-to-end time; what the tasks do not cover (ops that are not
tasks, copies, and whatever measuring a task alone hides) is "untasked".

IREE runs from a venv this script creates, bench/out/iree-venv (pinned
iree-base-compiler, iree-base-runtime, numpy, ml_dtypes; the script runs
itself again in it). Compiled .vmfb files are cached in bench/out/iree-cache
by the hash of the model, the flags, IREE's version and the CPU. With
--resume, models already in bench/results/models.json (same file, same
settings) are kept, and a model's tuning is reused when the model, the
options and the tuner-opt binary are the same as the last time. A failure
(in ours or IREE's) is reported with its first lines; the run goes on.

Budget and time: 32 trials per task by default (a task whose search space
is smaller gets fewer). The ten models examples/models is to hold (three written by
hand, seven exported by torch-mlir and IREE's ONNX importer: 40 tasks, 768
trials measured) took about 10 minutes on 2 cores (an AMD EPYC shared with
other work), 4.7 of them tuning; --quick (4 trials per task, 2 rounds, 3
repeats) about 4.5 minutes. Writes bench/results/models.json after each
model, then docs/results.md (bench/report.py).

usage: bench/models.py [--build build] [--models NAME|PATH ...]
                       [--trials-per-task 32] [--rounds 5] [--repeats 10]
                       [--quick] [--resume [--rerun NAME ...]] [--no-iree]
                       [--no-tune] [--results FILE]
"""

import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

MODELS_DIR = os.path.join(common.ROOT, "examples", "models")
VENV = os.path.join(common.BENCH, "out", "iree-venv")
IREE_CACHE = os.path.join(common.BENCH, "out", "iree-cache")
PINS = ["iree-base-compiler==3.13.0", "iree-base-runtime==3.13.0",
        "numpy==2.4.6", "ml_dtypes==0.6.0"]
IREE_FLAGS = ["--iree-hal-target-device=local",
              "--iree-hal-local-target-device-backends=llvm-cpu",
              "--iree-llvmcpu-target-cpu=host"]
# The two IREE builds of each model: name -> extra flags.
IREE_VARIANTS = {
    "plain": [],
    "data-tiling": ["--iree-dispatch-creation-data-tiling",
                    "--iree-llvmcpu-enable-ukernels=all"],
}
OURS = ("untuned", "default", "tuned")
# Tolerance of the IREE check, relative to the largest reference magnitude.
TOLERANCE = {"float32": 1e-3, "float64": 1e-3, "float16": 2e-2,
             "bfloat16": 2e-2}


# The venv and IREE's tools.

def ensure_venv():
    """Creates the venv with the pinned packages (once), then runs this
    script again inside it (numpy and ml_dtypes are needed for the checks)."""
    python = os.path.join(VENV, "bin", "python")
    marker = os.path.join(VENV, "pins.txt")
    pins = "\n".join(PINS) + "\n"
    if not os.path.exists(marker) or open(marker).read() != pins:
        if not os.path.exists(python):
            common.log(f"creating {os.path.relpath(VENV, common.ROOT)}")
            subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        common.log("installing " + " ".join(PINS))
        subprocess.run([python, "-m", "pip", "install", "-q",
                        "--disable-pip-version-check"] + PINS, check=True)
        with open(marker, "w") as f:
            f.write(pins)
    if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


def iree_tool(name):
    return os.path.join(VENV, "bin", name)


def iree_versions():
    from importlib import metadata
    compiler = common.run([iree_tool("iree-compile"), "--version"]).stdout
    return {"iree_compile": " ".join(compiler.split()),
            **{p: metadata.version(p) for p in
               ("iree-base-compiler", "iree-base-runtime", "numpy",
                "ml_dtypes")}}


def iree_topology():
    """What local-task uses here: the first line of its topology dump."""
    r = subprocess.run([iree_tool("iree-benchmark-module"),
                        "--dump_task_topologies"], capture_output=True,
                       text=True)
    for line in (r.stdout + r.stderr).splitlines():
        m = re.search(r"topology\[0\]: (.*)", line)
        if m:
            return m.group(1).strip()
    return "unknown"


# Small helpers.

def sha256(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()


def file_hash(path):
    with open(path, "rb") as f:
        return sha256(f.read())


def first_lines(error, n=6):
    """The first lines of an error that say something: the line naming the
    failed command (common.run's first) is dropped when more follow."""
    lines = [line for line in str(error).splitlines() if line.strip()]
    if len(lines) > 1 and re.search(r" failed \(-?\d+\):$", lines[0]):
        lines = lines[1:]
    return "\n".join(line[:300] for line in lines[:n])


def rel(path):
    path = os.path.abspath(path)
    inside = path.startswith(common.ROOT + os.sep)
    return os.path.relpath(path, common.ROOT) if inside else path


def stats(values):
    """Median and min..max of the per-round medians (seconds)."""
    return {"median_s": common.median(values), "min_s": min(values),
            "max_s": max(values), "rounds_s": values}


# Our programs.

def tune(opt, mlir, tasks, work, args):
    """Tunes `mlir` with N trials per task; returns (tuned module, report,
    the command as recorded). With --resume, a previous tuning of the same
    model with the same options and the same tuner-opt is reused."""
    n = args.trials_per_task
    db = os.path.join(work, "tune.jsonl")
    report_path = os.path.join(work, "report.json")
    tuned = os.path.join(work, "tuned.mlir")
    options = (f"target=host policy=evolutionary trials={n * len(tasks)} "
               f"per-task-trials={n} batch-size=8 seed={args.seed} "
               f"database={db} report={report_path} progress=off")
    recorded = (f'tuner-opt {rel(mlir)} --tuner-tune="'
                + options.replace(db, "DB.jsonl")
                .replace(report_path, "REPORT.json") + '" -o tuned.mlir')
    key = sha256(file_hash(mlir), recorded, file_hash(opt))
    key_path = os.path.join(work, "tune.key")
    if (args.resume and os.path.exists(key_path) and
            open(key_path).read() == key and os.path.exists(tuned) and
            os.path.exists(report_path)):
        common.log(f"  reusing the tuning in {rel(work)}")
    else:
        # A fresh database and cost model: a warm start is not this budget.
        for path in (db, db + ".model.json", key_path, report_path):
            if os.path.exists(path):
                os.remove(path)
        common.log(f"  tuning: {n} trials x {len(tasks)} tasks")
        common.run([opt, mlir, f"--tuner-tune={options}", "-o", tuned],
                   timeout=args.tune_timeout or 60 + 15 * n * len(tasks))
        with open(key_path, "w") as f:
            f.write(key)
    with open(report_path) as f:
        return tuned, json.load(f), recorded


def prepare_ours(opt, mlir, tasks, work, args, entry):
    """Lowers the untuned, default and tuned programs; returns name ->
    lowered file for those that built (the others get an error)."""
    lowered = {}
    for name in OURS:
        out = os.path.join(work, f"{name}.ll.mlir")
        prog = entry["programs"][name]
        if name == "tuned" and args.no_tune:
            prog["skipped"] = "--no-tune"
            continue
        try:
            if name == "tuned":
                if not tasks:
                    raise RuntimeError("no tasks to tune")
                start = time.time()
                source, report, prog["command"] = tune(opt, mlir, tasks,
                                                       work, args)
                entry["tuning"] = {
                    "trials": report["trials"], "seconds": report["seconds"],
                    "wall_s": time.time() - start,
                    "errors": report.get("errors", 0),
                    "estimate_s": {"default": report["default_latency_s"],
                                   "tuned": report["best_latency_s"]}}
                entry["report_tasks"] = report["tasks"]
                common.lower(opt, source, out, timeout=args.timeout)
                prog["command"] += (" && tuner-opt tuned.mlir "
                                    "--sched-materialize --tuner-lower-cpu")
            else:
                passes = ["--sched-apply-default"] if name == "default" else []
                prog["command"] = " ".join(
                    ["tuner-opt", rel(mlir)] + passes +
                    (["--sched-materialize"] if passes else []) +
                    ["--tuner-lower-cpu"])
                common.lower(opt, mlir, out, passes, timeout=args.timeout)
            lowered[name] = out
        except RuntimeError as e:
            prog["error"] = first_lines(e)
            common.log(f"  {name}: FAILED: {first_lines(e, 2)}")
    return lowered


def check_ours(runner, mlir, lowered, io, args, entry):
    """One run of each program against the reference; the untuned one also
    writes the inputs and the reference's outputs to `io` for IREE."""
    shutil.rmtree(io, ignore_errors=True)
    for name in list(lowered):
        prog = entry["programs"][name]
        extra = ["--repeats=1", "--warmup=0"]
        if name == "untuned":
            extra += [f"--save-inputs={io}", f"--save-outputs={io}"]
        try:
            r = common.run_program(runner, lowered[name], mlir, extra,
                                   timeout=args.timeout)
            prog["match"] = bool(r.get("match"))
            prog["max_error"] = r.get("max_error")
            entry["entry"] = r["entry"]
            entry["flops"] = r.get("flops")
            common.log(f"  {name}: "
                       f"{'matches' if prog['match'] else 'DOES NOT MATCH'}"
                       " the reference")
        except RuntimeError as e:
            prog["error"] = first_lines(e)
            common.log(f"  {name}: FAILED: {first_lines(e, 2)}")
            del lowered[name]


def time_ours(runner, lowered, name, args):
    """One round: tuner-run's median (seconds)."""
    if name == "untuned":  # naive loops: seconds per call on big models
        extra = ["--repeats=3", "--warmup=0"]
    else:
        extra = [f"--repeats={args.repeats}",
                 f"--min-repeat-ms={args.min_repeat_ms}"]
    return common.run_program(runner, lowered, None, extra,
                              timeout=args.timeout)["median_s"]


# IREE.

def compile_iree(mlir, variant, machine, versions, args):
    """The .vmfb of `mlir` for a variant, from the cache when it is there."""
    flags = IREE_FLAGS + IREE_VARIANTS[variant]
    key = sha256(file_hash(mlir), flags, versions["iree_compile"],
                 machine["cpu"], sorted(common.lscpu().get("Flags", "")
                                        .split()))
    os.makedirs(IREE_CACHE, exist_ok=True)
    vmfb = os.path.join(IREE_CACHE, key[:24] + ".vmfb")
    if not os.path.exists(vmfb):
        common.run([iree_tool("iree-compile"), mlir, *flags,
                    "-o", vmfb + ".tmp"], timeout=args.timeout)
        os.replace(vmfb + ".tmp", vmfb)
    return vmfb, " ".join(["iree-compile", rel(mlir)] + flags)


def iree_inputs(io):
    """The --input flags for the saved inputs: .npy files as they are; bf16
    (raw bits with the '<u2' dtype, which IREE would read as ui16) as raw
    binary with its type."""
    import numpy as np
    flags = []
    paths = sorted(glob.glob(os.path.join(io, "input_*.npy")),
                   key=lambda p: int(re.findall(r"\d+", p)[-1]))
    for path in paths:
        a = np.load(path)
        if a.dtype == np.uint16:
            raw = path[:-4] + ".bin"
            a.tofile(raw)
            shape = "x".join(str(d) for d in a.shape)
            flags.append(f"--input={shape + 'x' if shape else ''}bf16=@{raw}")
        else:
            flags.append(f"--input=@{path}")
    return flags


def reference_outputs(io):
    import ml_dtypes
    import numpy as np
    refs = []
    paths = sorted(glob.glob(os.path.join(io, "reference_*.npy")),
                   key=lambda p: int(re.findall(r"\d+", p)[-1]))
    for path in paths:
        a = np.load(path)
        refs.append(a.view(ml_dtypes.bfloat16) if a.dtype == np.uint16 else a)
    return refs


def compare(got, ref):
    """Compares IREE's output with the reference: (match, max abs error,
    max reference magnitude, tolerance)."""
    import numpy as np
    if got.size != ref.size:
        return False, None, None, None
    got = got.reshape(ref.shape)
    tol = TOLERANCE.get(str(ref.dtype))
    if tol is None:  # integers and booleans
        return bool(np.array_equal(got, ref)), None, None, 0
    g, r = got.astype(np.float64), ref.astype(np.float64)
    if not np.array_equal(np.isnan(g), np.isnan(r)):
        return False, float("nan"), None, tol
    finite = ~np.isnan(r)
    err = float(np.max(np.abs(g - r)[finite], initial=0.0))
    scale = float(np.max(np.abs(r[finite]), initial=0.0))
    return err <= tol * max(scale, 1e-30), err, scale, tol


def check_iree(vmfb, function, io, variant, args):
    """Runs the IREE build on the saved inputs and compares its outputs with
    the reference's; returns the check's record."""
    import ml_dtypes  # noqa: F401 (bf16 outputs)
    import numpy as np
    refs = reference_outputs(io)
    if not refs:
        return {"match": None, "note": "no reference outputs (the untuned "
                "program, which writes them, failed)"}
    outs = [os.path.join(io, f"iree_{variant}_{i}.bin")
            for i in range(len(refs))]
    common.run([iree_tool("iree-run-module"), "--device=local-task",
                f"--module={vmfb}", f"--function={function}",
                *iree_inputs(io), *[f"--output=@{o}" for o in outs]],
               timeout=args.timeout)
    result = {"match": True, "outputs": []}
    for out, ref in zip(outs, refs):
        got = np.fromfile(out, dtype=ref.dtype)
        match, err, scale, tol = compare(got, ref)
        result["outputs"].append({"dtype": str(ref.dtype),
                                  "shape": list(ref.shape), "match": match,
                                  "max_abs_error": err, "max_reference": scale,
                                  "tolerance": tol})
        result["match"] &= match
    return result


def time_iree(vmfb, function, io, args):
    """One round: iree-benchmark-module's median over its repetitions."""
    r = common.run([iree_tool("iree-benchmark-module"), "--device=local-task",
                    f"--module={vmfb}", f"--function={function}",
                    *iree_inputs(io),
                    f"--benchmark_repetitions={args.repeats}",
                    f"--benchmark_min_time={args.min_repeat_ms / 1e3}s",
                    "--benchmark_format=json"], timeout=args.timeout)
    text = r.stdout[r.stdout.index("{"):]
    unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    times = [b["real_time"] * unit[b["time_unit"]]
             for b in json.loads(text)["benchmarks"]
             if b.get("run_type") == "iteration"]
    return common.median(times)


# One model.

def shares(entry, tasks):
    """Share of the tuned program's time per op kind, from the tuning
    report's tasks (weight x best) and the task list's classes, with the
    end-to-end time not covered by the tasks as `untasked`."""
    report_tasks = entry.get("report_tasks")
    tuned = entry["programs"]["tuned"].get("time")
    if not report_tasks or not tuned:
        return None
    by_key = {t["key"]: t for t in tasks}
    per_kind, rows = {}, []
    for i, t in enumerate(report_tasks):
        listed = by_key.get(t.get("key")) or (tasks[i] if i < len(tasks)
                                               else {})
        kind = common.task_class(listed) if listed else "other"
        seconds = (t.get("best_s") or t.get("default_s") or 0) * t["weight"]
        per_kind[kind] = per_kind.get(kind, 0.0) + seconds
        rows.append({"name": t["name"], "key": t.get("key"), "class": kind,
                     "weight": t["weight"], "trials": t.get("trials"),
                     "default_s": t.get("default_s"),
                     "best_s": t.get("best_s"), "time_s": seconds})
    tasks_s = sum(per_kind.values())
    end_to_end = tuned["median_s"]
    untasked = max(0.0, end_to_end - tasks_s)
    total = tasks_s + untasked
    result = {k: v / total for k, v in per_kind.items()} if total else {}
    result["untasked"] = untasked / total if total else 0.0
    return {"tasks_s": tasks_s, "end_to_end_s": end_to_end,
            "untasked_s": untasked, "share": result, "tasks": rows}


def measure_model(mlir, name, tools, iree, args):
    opt, runner = tools
    work = os.path.join(common.out_dir(), "models", name)
    os.makedirs(work, exist_ok=True)
    io = os.path.join(work, "io")
    start = time.time()
    entry = {"model": rel(mlir), "sha256": file_hash(mlir),
             "programs": {n: {} for n in OURS}, "iree": {}}
    common.log(f"{name}: {rel(mlir)}")
    try:
        tasks = common.extract_tasks(opt, mlir, work)
    except RuntimeError as e:
        tasks = []
        entry["error"] = first_lines(e)
    entry["tasks"] = len(tasks)

    lowered = prepare_ours(opt, mlir, tasks, work, args, entry)
    check_ours(runner, mlir, lowered, io, args, entry)
    function = entry.get("entry")
    if function is None:  # none of ours ran: the only public function
        found = re.findall(r"func\.func\s+(?!private)@([\w$.-]+)",
                           open(mlir).read())
        function = found[0] if len(found) == 1 else "main"

    builds = {}
    if iree and not os.path.isdir(io):
        entry["iree_note"] = ("not run: no inputs (the untuned program, "
                              "which writes them, failed)")
        common.log(f"  IREE {entry['iree_note']}")
    elif iree:
        for variant in IREE_VARIANTS:
            rec = entry["iree"][variant] = {}
            try:
                vmfb, rec["command"] = compile_iree(mlir, variant,
                                                    iree["machine"],
                                                    iree["versions"], args)
                rec["check"] = check_iree(vmfb, function, io, variant, args)
                builds[variant] = vmfb
                common.log(f"  IREE {variant}: " + {
                    True: "matches the reference",
                    False: "DOES NOT MATCH the reference",
                    None: "not checked"}[rec["check"]["match"]])
            except RuntimeError as e:
                rec["error"] = first_lines(e)
                common.log(f"  IREE {variant}: FAILED: {first_lines(e, 2)}")

    times = {n: [] for n in list(lowered) + [f"iree:{v}" for v in builds]}
    for r in range(args.rounds):
        for key in list(times):
            try:
                if key.startswith("iree:"):
                    t = time_iree(builds[key[5:]], function, io, args)
                else:
                    t = time_ours(runner, lowered[key], key, args)
                times[key].append(t)
            except RuntimeError as e:
                rec = (entry["iree"][key[5:]] if key.startswith("iree:")
                       else entry["programs"][key])
                rec["error"] = first_lines(e)
                common.log(f"  {key}: FAILED: {first_lines(e, 2)}")
                del times[key]
        common.log(f"  round {r + 1}: " + ", ".join(
            f"{k} {v[-1] * 1e3:.3f} ms" for k, v in times.items()))
    for key, values in times.items():
        if not values:
            continue
        rec = (entry["iree"][key[5:]] if key.startswith("iree:")
               else entry["programs"][key])
        rec["time"] = stats(values)

    # IREE's better build: the faster of those that match the reference
    # (of those that ran when none does).
    ran = {v: r for v, r in entry["iree"].items() if "time" in r}
    good = {v: r for v, r in ran.items() if r["check"].get("match")}
    pool = good or ran
    if pool:
        entry["iree_best"] = min(pool,
                                 key=lambda v: pool[v]["time"]["median_s"])
    entry["shares"] = shares(entry, tasks)
    entry.pop("report_tasks", None)
    entry["wall_s"] = time.time() - start
    return entry


# Driver.

def select_models(names):
    if not names:
        return sorted(glob.glob(os.path.join(MODELS_DIR, "*.mlir")))
    paths = []
    for n in names:
        for candidate in (n, os.path.join(MODELS_DIR, n),
                          os.path.join(MODELS_DIR, n + ".mlir")):
            if os.path.isfile(candidate):
                paths.append(os.path.abspath(candidate))
                break
        else:
            sys.exit(f"bench/models.py: no model '{n}' (a path, or a name "
                     f"in {rel(MODELS_DIR)})")
    return paths


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1].rsplit("\n\nusage:", 1)[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"),
                    help="build directory with bin/tuner-opt and "
                    "bin/tuner-run (default: build)")
    ap.add_argument("--models", nargs="+", metavar="NAME|PATH",
                    help="models to run: names in examples/models (with or "
                    "without .mlir) or paths (default: every "
                    "examples/models/*.mlir)")
    ap.add_argument("--trials-per-task", type=int,
                    help="tuning budget: measurements per task (default 32)")
    ap.add_argument("--rounds", type=int,
                    help="interleaved timing rounds per model (default 5)")
    ap.add_argument("--repeats", type=int,
                    help="timed repeats per round: tuner-run --repeats and "
                    "iree-benchmark-module --benchmark_repetitions "
                    "(default 10; the untuned program: 3)")
    ap.add_argument("--min-repeat-ms", type=float, default=20,
                    help="each repeat averages enough calls to last this "
                    "long (tuner-run --min-repeat-ms, "
                    "--benchmark_min_time; default 20)")
    ap.add_argument("--seed", type=int, default=1,
                    help="seed of the tuning (default 1)")
    ap.add_argument("--quick", action="store_true",
                    help="smoke run: defaults of 4 trials per task, 2 rounds, "
                    "3 repeats")
    ap.add_argument("--resume", action="store_true",
                    help="keep the models already in "
                    "bench/results/models.json (same file and settings) and "
                    "reuse tunings of the same model, options and tuner-opt")
    ap.add_argument("--rerun", nargs="+", default=[], metavar="NAME",
                    help="with --resume: measure these models again (e.g. "
                    "after a change to the tuner) and keep the others")
    ap.add_argument("--no-tune", action="store_true",
                    help="no tuned program: the defaults against IREE")
    ap.add_argument("--no-iree", action="store_true",
                    help="only our programs (no venv, no IREE)")
    ap.add_argument("--timeout", type=float, default=900,
                    help="seconds allowed to each compile, check or timing "
                    "command (default 900)")
    ap.add_argument("--results", metavar="FILE",
                    help="write the results to FILE instead of "
                    "bench/results/models.json, and leave docs/results.md "
                    "alone (models other than the examples: held-out sets)")
    ap.add_argument("--tune-timeout", type=float,
                    help="seconds allowed to each tuning (default: 60 + 15 "
                    "per trial)")
    args = ap.parse_args()
    defaults = (4, 2, 3) if args.quick else (32, 5, 10)
    for name, value in zip(("trials_per_task", "rounds", "repeats"),
                           defaults):
        if getattr(args, name) is None:
            setattr(args, name, value)
    models = select_models(args.models)
    if not args.no_iree:
        ensure_venv()  # does not return outside the venv
    opt = common.tool(args.build, "tuner-opt")
    runner = common.tool(args.build, "tuner-run")

    settings = {k: getattr(args, k) for k in (
        "trials_per_task", "rounds", "repeats", "min_repeat_ms", "seed",
        "quick", "no_iree")}
    if args.no_tune:  # absent otherwise: --resume keeps older results
        settings["no_tune"] = True
    machine = common.machine()
    data = {"machine": machine, "settings": settings,
            "command": "bench/models.py " + " ".join(sys.argv[1:]),
            "versions": {"tuner": common.run([runner, "--version"])
                         .stdout.strip()},
            "omp_threads": os.environ.get("OMP_NUM_THREADS",
                                          f"{os.cpu_count()}, one per CPU"),
            "models": []}
    iree = None
    if not args.no_iree:
        iree = {"machine": machine, "versions": iree_versions()}
        data["versions"].update(iree["versions"])
        data["iree"] = {"flags": IREE_FLAGS, "variants": IREE_VARIANTS,
                        "device": "local-task",
                        "topology": iree_topology()}
        common.log(f"IREE {iree['versions']['iree-base-compiler']}, "
                   f"local-task: {data['iree']['topology']}")

    kept = {}
    path = args.results or os.path.join(common.RESULTS, "models.json")
    if args.resume and os.path.exists(path):
        with open(path) as f:
            previous = json.load(f)
        if previous.get("settings") == settings:
            kept = {m["model"]: m for m in previous["models"]}
            data["command"] += " (resumed)"
    start = time.time()
    names = set()
    for mlir in models:
        name = os.path.splitext(os.path.basename(mlir))[0]
        while name in names:
            name += "_"
        names.add(name)
        old = kept.get(rel(mlir))
        if old and old["sha256"] == file_hash(mlir) and name not in args.rerun:
            common.log(f"{name}: kept from the previous run")
            data["models"].append(old)
        else:
            data["models"].append(measure_model(mlir, name, (opt, runner),
                                                iree, args))
        data["wall_s"] = time.time() - start
        common.write_result("models", data, args.results)
    common.log(f"done in {time.time() - start:.0f} s")
    if args.results:
        return
    subprocess.run([sys.executable, os.path.join(common.BENCH, "report.py")],
                   check=False)


if __name__ == "__main__":
    main()
