"""Records analysis in pure Python: a database as rows (plain dicts, or a
pandas DataFrame when pandas is installed), the best of each task, the
convergence of a run, the comparison of runs and policies. Works on the
database file alone, without the native module; also the helpers the
bench/ scripts share on tuning reports (best_curve, reach, task_class).
"""

import json
import math
import os
import statistics
import warnings

# Row fields, in order.
COLUMNS = ("task", "name", "anchor", "class", "trial", "sketch", "knobs",
           "valid", "error", "median_s", "gflops", "flops", "bytes",
           "target", "timestamp", "line")


def median(xs):
    return statistics.median(xs) if xs else 0.0


def read(path):
    """The records of a database file as the JSON objects of its lines; a
    line that is not a JSON object with a task is skipped with a warning
    (the native Database checks records fully)."""
    out = []
    with open(os.fspath(path), encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError as e:
                warnings.warn(f"{path}:{number}: skipped: {e}")
                continue
            if not isinstance(record, dict) or "task" not in record:
                warnings.warn(f"{path}:{number}: skipped: not a record")
                continue
            record["line"] = number
            out.append(record)
    return out


def _as_dict(record):
    return record.to_dict() if hasattr(record, "to_dict") else record


def rows(source):
    """One flat dict per record (fields COLUMNS), in file order; `trial` is
    the record's index among its task's records. `source`: a database
    path, or records (dicts or mlir_tuner.Record)."""
    if isinstance(source, (str, os.PathLike)):
        source = read(source)
    trials = {}
    out = []
    for r in map(_as_dict, source):
        w = r.get("workload") or {}
        times = r.get("times_s") or []
        valid = r.get("error", 0) == 0 and bool(times)
        med = statistics.median(times) if valid else math.inf
        flops = w.get("flops", 0) or 0
        key = r["task"]
        trials[key] = trials.get(key, 0) + 1
        out.append({
            "task": key, "name": w.get("name", key), "anchor": w.get("anchor"),
            "class": w.get("class"), "trial": trials[key],
            "sketch": r.get("sketch"), "knobs": r.get("knobs", {}),
            "valid": valid, "error": r.get("error_name", r.get("error")),
            "median_s": med, "gflops": flops / med / 1e9 if valid else 0.0,
            "flops": flops, "bytes": w.get("bytes", 0) or 0,
            "target": r.get("target"), "timestamp": r.get("timestamp", 0.0),
            "line": r.get("line", 0)})
    # Different tasks of one name (three generic_12x128x128 ops of a BERT
    # layer) get the start of their key, so that curves and shares per name
    # do not merge them.
    keys_of = {}
    for row in out:
        keys_of.setdefault(row["name"], set()).add(row["task"])
    for row in out:
        if len(keys_of[row["name"]]) > 1:
            row["name"] = f"{row['name']}#{row['task'][:4]}"
    return out


def to_frame(table):
    """`table` (rows) as a pandas DataFrame when pandas is installed, else
    the rows unchanged."""
    try:
        import pandas
    except ImportError:
        return table
    return pandas.DataFrame(table, columns=list(table[0]) if table else COLUMNS)


def frame(source):
    """rows(source) as a DataFrame (pandas) or a list of dicts."""
    return to_frame(rows(source))


def best_per_task(source):
    """Per task (in order of first appearance): its fastest valid row, with
    `trials` (records of the task) and `errors` added; a task without a
    valid record has median_s infinity."""
    best = {}
    for r in _rows(source):
        b = best.get(r["task"])
        if b is None:
            best[r["task"]] = b = dict(r, trials=0, errors=0)
        b["trials"] += 1
        b["errors"] += 0 if r["valid"] else 1
        if r["median_s"] < b["median_s"]:
            best[r["task"]] = dict(r, trials=b["trials"], errors=b["errors"])
    return list(best.values())


def _rows(source):
    """`source` as rows (unchanged when it already is)."""
    if isinstance(source, list) and (not source or "median_s" in source[0]):
        return source
    return rows(source)


def convergence(source):
    """Per task name: the best median (seconds) after each of its trials
    (infinity before the first valid one)."""
    curves = {}
    for r in _rows(source):
        curve = curves.setdefault(r["name"], [])
        prev = curve[-1] if curve else math.inf
        curve.append(min(prev, r["median_s"]))
    return curves


def end_to_end(source, weights=None):
    """Sum over tasks of weight x best median (seconds): the end-to-end
    estimate of the tuned program; `weights` maps task key or name to its
    count (default 1)."""
    weights = weights or {}
    total = 0.0
    for b in best_per_task(source):
        w = weights.get(b["task"], weights.get(b["name"], 1))
        if math.isfinite(b["median_s"]):
            total += w * b["median_s"]
    return total


def shares(source, weights=None):
    """Per task name: its share of the end-to-end estimate."""
    weights = weights or {}
    parts = {}
    for b in best_per_task(source):
        if math.isfinite(b["median_s"]):
            w = weights.get(b["task"], weights.get(b["name"], 1))
            parts[b["name"]] = w * b["median_s"]
    total = sum(parts.values())
    return {k: v / total for k, v in parts.items()} if total else {}


def compare(runs, weights=None):
    """Compares runs (e.g. policies): `runs` maps a label to a database
    path or records. Returns one dict per task name: the best median of
    each label, and `end_to_end` per label."""
    best = {label: {b["name"]: b["median_s"] for b in best_per_task(
        _rows(src))} for label, src in runs.items()}
    names = []
    for per in best.values():
        names += [n for n in per if n not in names]
    table = [dict({"task": n}, **{label: best[label].get(n, math.inf)
                                  for label in runs}) for n in names]
    totals = {label: end_to_end(_rows(src),
                                weights) for label, src in runs.items()}
    return {"tasks": table, "end_to_end": totals}


def weights_from_tasks(path):
    """Task key -> weight from a task list (sched-extract-tasks task-list=,
    or Module.tasks()); also name -> weight."""
    if isinstance(path, (str, os.PathLike)):
        with open(path) as f:
            tasks = json.load(f)["tasks"]
    else:
        tasks = [t.as_dict() if hasattr(t, "as_dict") else t for t in path]
    out = {}
    for t in tasks:
        out[t["key"]] = t.get("weight", 1)
        out.setdefault(t["name"], t.get("weight", 1))
    return out


def format_table(source, weights=None):
    """The best of each task as text."""
    lines = [f"{'task':36} {'trials':>6} {'errors':>6} {'best ms':>10} "
             f"{'GFLOP/s':>8} {'share':>6}"]
    share = shares(source, weights)
    for b in best_per_task(source):
        ms = f"{b['median_s'] * 1e3:.4f}" if math.isfinite(b["median_s"]) else "-"
        lines.append(f"{b['name'][:36]:36} {b['trials']:>6} {b['errors']:>6} "
                     f"{ms:>10} {b['gflops']:>8.1f} "
                     f"{share.get(b['name'], 0) * 100:>5.1f}%")
    return "\n".join(lines)


# Tuning reports (report= JSON, tune()'s Report): used by bench/.

def best_curve(run):
    """Best GFLOP/s after each trial of a report's task (`flops` and
    `trace` of [seconds since start, median or None]); 0 before the first
    valid one."""
    best, curve = 0.0, []
    for _, med in run["trace"]:
        if med:
            best = max(best, run["flops"] / med / 1e9)
        curve.append(best)
    return curve


def best_within(run, trials):
    curve = best_curve(run)
    return curve[min(trials, len(curve)) - 1] if curve else 0.0


def reach(run, target_gflops):
    """(trials, seconds) when the run first reaches target_gflops, or None."""
    for i, (g, (at, _)) in enumerate(zip(best_curve(run), run["trace"])):
        if g >= target_gflops:
            return i + 1, at
    return None


def spread(values):
    """Median and (min, max) of a list, as a short text."""
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]:.1f}"
    return f"{median(values):.1f} ({min(values):.1f}..{max(values):.1f})"


# Op kinds of the tasks, in the order the reports show them.
OP_KINDS = ("contraction", "conv", "elementwise", "reduction", "transpose")
CONTRACTION_OPS = ("matmul", "batch_matmul", "batch_reduce_matmul", "matvec",
                   "vecmat", "batch_matvec", "batch_vecmat", "dot",
                   "contract", "mmt4d", "batch_mmt4d")


def task_class(task):
    """The op kind of a task of the task list: its `class` field when task
    extraction gives one, else derived from the anchor op (named ops) or its
    iterator types (reduction iterators with 2+ inputs: contraction, with
    one input: reduction; all parallel: elementwise). Convolutions and
    pooling are `conv`."""
    kind = task.get("class")
    if kind:
        return "conv" if kind == "convolution" else kind
    op = task.get("anchor", "").removeprefix("linalg.")
    if op.startswith(("conv", "depthwise_conv", "pooling")):
        return "conv"
    if op in CONTRACTION_OPS or op.startswith(("matmul", "batch_matmul")):
        return "contraction"
    if op == "transpose":
        return "transpose"
    if op == "reduce":
        return "reduction"
    iterators = task.get("iterator_types", [])
    if "reduction" not in iterators:
        return "elementwise"
    inputs = [o for o in task.get("operands", []) if o.get("role") == "input"]
    return "contraction" if len(inputs) >= 2 else "reduction"
