#!/usr/bin/env python3
"""Renders docs/results.md from the result files in bench/results/*.json.

The page is regenerated, never edited by hand: each benchmark script writes
its JSON, this script turns every known result file into a section.

usage: bench/report.py [--out docs/results.md]
"""

import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def load(name):
    path = os.path.join(common.RESULTS, name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def fmt_machine(m):
    cores = f" ({m['cores']} cores)" if m.get("cores") else ""
    # Older results have no ISA or caches.
    isa = f", {m['isa']}" if m.get("isa") else ""
    caches = m.get("caches")
    if caches:
        isa += (f", L1d {caches['l1d']}, L2 {caches['l2']}, "
                f"L3 {caches['l3']}")
    if m.get("host_target"):
        isa += f", as TUNER_HOST_TARGET={m['host_target']}"
    return (f"{m['cpu']}{isa}, {m['cpus']} CPUs{cores}, "
            f"measured {m['date']}")


def peak_extras(data):
    """The all-cores and bf16 peaks, where the run measured them."""
    text = ""
    if data["peak"].get("bf16_gflops"):
        text += (f"; AVX512-BF16 dot products: "
                 f"{data['peak']['bf16_gflops']:.1f} GFLOP/s")
    every = data.get("peak_all_cores")
    if every:
        text += (f"; all {every['threads']} cores, one pinned thread each: "
                 f"{every['gflops']:.1f} GFLOP/s")
        if every.get("bf16_gflops"):
            text += f" (bf16: {every['bf16_gflops']:.1f})"
    return text


def section_baselines(data):
    peak = data["peak"]["gflops"]
    lines = [
        "## Default schedules against the libraries (1 thread)",
        "",
        f"Machine: {fmt_machine(data['machine'])}. FMA peak of one core "
        f"measured in the same run: **{peak:.1f} GFLOP/s** "
        f"({data['peak']['isa']}){peak_extras(data)}. "
        f"Command: `{data['command']}`.",
        "",
        "GFLOP/s at the median time (min..max over the repeats in "
        "parentheses for the default schedule). *default*: "
        "`--sched-apply-default=\"prepare target=cpu:1t\"` (the prepared "
        "program, heuristic schedules, no search), checked against the "
        "untransformed program; *untiled*: the program lowered as it is; "
        "*library*: OpenBLAS sgemm or oneDNN on the same shapes (bias and "
        "activation not included).",
        "",
        "| workload | GFLOP | default | untiled | library | default / library "
        "| default / peak |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in data["workloads"]:
        d, flops = r["default"], r["flops"]
        g_min = flops / d["max_s"] / 1e9
        g_max = flops / d["min_s"] / 1e9
        lib = r["library"]
        lib_text = f"{lib['gflops']:.1f} ({lib['name']})" if lib else "–"
        ratio = f"{d['gflops'] / lib['gflops']:.2f}" if lib else "–"
        check = "" if d.get("match") else " **(mismatch!)**"
        lines.append(
            f"| {r['workload']} | {flops / 1e9:.3f} | {d['gflops']:.1f} "
            f"({g_min:.1f}..{g_max:.1f}){check} | {r['untiled']['gflops']:.2f} "
            f"| {lib_text} | {ratio} | {d['gflops'] / peak:.2f} |")
    return "\n".join(lines) + "\n"


def section_driver_throughput(data):
    lines = [
        "## Tuning driver throughput",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        f"`{data['command']}`; each run is `{data['example']}` with the "
        "workload, seed and builder count varied.",
        "",
        "Candidates measured per second with real builds (sketch applied, "
        "lowered, compiled to an object in builder processes) and runs (one "
        "runner process, warm-up and 3 repeats of at least 20 ms, outputs "
        "checked for each new best). Median over the runs, min..max in "
        "parentheses; build and run seconds are per candidate, as the "
        "workers time them (a builder's time includes the time it was paused "
        "while the runner timed a kernel, and the time it shared the cores "
        "with the other builder). The policy is random: the speedup column is what random "
        "search finds over the default schedule in that many trials, not a "
        "policy's result.",
        "",
        "| workload | builders | trials | candidates/s | wall s | build s "
        "| run s | errors | speedup over default |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in data["rows"]:
        c = r["candidates_per_s"]
        lines.append(
            f"| {r['workload']} | {r['builders']} | {r['trials']} "
            f"| {c['median']:.2f} ({c['min']:.2f}..{c['max']:.2f}) "
            f"| {r['wall_s']:.1f} | {r['build_s_per_candidate']:.2f} "
            f"| {r['run_s_per_candidate']:.2f} | {r['errors']} "
            f"| {r['speedup_over_default']:.2f}x |")
    return "\n".join(lines) + "\n"


def section_bf16_matmul(data):
    lines = [
        "## bf16 matmuls",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        f"`bench/bf16_matmul.py --trials {data['trials']}"
        + (" --threads " + " ".join(map(str, data["threads"]))
           if "threads" in data else "") + "`.",
        "",
        "Ours: each form tuned with that many real measurements, the tuned "
        "kernel timed by `tuner-run` (median of 10, checked against the "
        "untransformed program). *AMX*: AMX tile kernels "
        "(`cpu.contraction_amx`, `tdpbf16ps`) where the host has AMX-BF16; "
        "*bf16 dot*: AVX512-BF16 `vdpbf16ps` kernels "
        "(`cpu.contraction_bf16_dot`) on B packed once in K pairs and "
        "blocks of 16 columns (`[N/16, K/2, 16, 2]`, the layout "
        "`tuner-prepare` gives constant weights on targets without AMX; "
        "oneDNN reorders its weights to its own blocked layout once too), "
        "tuned for this host without AMX "
        "(`target=cpu:+avx512bf16:-amx-bf16`); *f32*: "
        "the same product on f32 inputs (the path `tuner-prepare` takes for "
        "bf16 where dot products do not pay). oneDNN: its matmul primitive "
        "(median of 30), with the implementation it picked.",
        "",
        "| M x N x K | threads | AMX GFLOP/s | bf16 dot GFLOP/s "
        "| f32 GFLOP/s | oneDNN bf16 GFLOP/s | oneDNN f32 GFLOP/s "
        "| best bf16 / f32 | best bf16 / oneDNN bf16 |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in data["rows"]:
        m, n, k = r["shape"]
        flops = 2 * m * n * k

        def g(seconds):
            return flops / seconds / 1e9

        amx, dot = r.get("amx"), r.get("bf16_dot")
        f32 = r["f32"]["median_s"]
        dn_bf16 = r["onednn_bf16"]["seconds"]
        dn_f32 = r["onednn_f32"]["seconds"]
        amx_text = f"{g(amx['median_s']):.0f}" if amx else "-"
        dot_text = f"{g(dot['median_s']):.0f}" if dot else "-"
        best = min([x["median_s"] for x in (amx, dot) if x], default=None)
        ratio = f"{f32 / best:.2f}x" if best else "-"
        vs = f"{dn_bf16 / best:.2f}x" if best else "-"
        lines.append(
            f"| {m} x {n} x {k} | {r.get('threads', 'all')} | {amx_text} "
            f"| {dot_text} | {g(f32):.0f} "
            f"| {g(dn_bf16):.0f} ({r['onednn_bf16']['impl']}) "
            f"| {g(dn_f32):.0f} ({r['onednn_f32']['impl']}) | {ratio} "
            f"| {vs} |")
    return "\n".join(lines) + "\n"


def section_mpi_scaling(data):
    t = data["simulated_seconds"]
    lines = [
        "## Distributed measurement (workers=mpi)",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        "`bench/mpi_scaling.py`; workload "
        f"`{data['workload']}`, evolutionary policy, XGBoost cost model.",
        "",
        f"Simulation: N serving ranks whose every measurement sleeps {t:g} s "
        "(`mpirun -np N+1 tuner-test-opt --tuner-tune=\"measure=fake "
        "workers=mpi ...\"` with `TUNER_FAKE_MEASURE_SECONDS`), so N reaches "
        "64 on this machine; rank 0 runs the real search, with real features "
        "(its own builder processes). Ideal is N/T candidates/s. *Search* is "
        "the share of rank 0's wall time not spent waiting for measurements "
        "(proposals, featurizing, training); while it is below one half, the "
        "ranks wait for the search less than the search waits for them.",
        "",
        "| ranks | batch | candidates/s | ideal | efficiency | search share "
        "| featurize s | wall s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in data["simulation"]:
        lines.append(
            f"| {r['ranks']} | {r['batch']} | {r['candidates_per_s']:.1f} "
            f"| {r['ideal_per_s']:.1f} | {r['efficiency']:.0%} "
            f"| {r['search_share']:.0%} | {r['featurize_s']:.2f} "
            f"| {r['seconds']:.1f} |")
    if data.get("real"):
        lines += [
            "",
            "Real measurements on this machine (64 trials, batch 16): the "
            "1-process driver with 2 builders against 3 MPI ranks (2 serving, "
            "1 builder each). On 2 cores, the serving ranks' runners time "
            "kernels at the same time and share the cores with each other's "
            "builders and rank 0's featurizing builders: this measures the "
            "protocol's cost on one machine, not what more machines give.",
            "",
            "| run | candidates/s | wall s | best GFLOP/s |",
            "|---|---|---|---|",
        ]
        for name, r in data["real"].items():
            best = r.get("best_gflops")
            best_text = f"{best:.0f}" if best else "-"
            lines.append(f"| {name} | {r['candidates_per_s']:.2f} "
                         f"| {r['seconds']:.1f} | {best_text} |")
    return "\n".join(lines) + "\n"


# Policies whose runs depend on the budget (one run per budget).
PER_BUDGET = {"storm-raindrop"}


def section_policies(data):
    budgets = data["budgets"]
    longest = max(budgets)
    lines = [
        "## Search policies",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        f"`{data['command']}` (about an hour from scratch; a resumed run keeps the runs measured before and measures the rest). Every policy tunes "
        f"the workload on this CPU (both cores) with real measurements, "
        f"{data['seeds']} seeds each; the reference is one evolutionary run "
        f"of {data['reference_trials']} trials. *best @N*: the best GFLOP/s "
        "among the first N trials, median over seeds (min..max); "
        "*to 95%*: trials and seconds until the run first reached 95% of "
        "the reference's best, median over the seeds that reached it "
        "(`k/n` seeds did); *model s/batch*: featurizing, training and "
        "predicting per measured batch. Storm-raindrop runs once per "
        "budget (its storm is half of it); the other policies' smaller "
        "budgets are prefixes of their longest run.",
        "",
    ]
    hits = {}
    for entry in data["workloads"]:
        ref = entry["reference"]
        ref_best = max(common.best_curve(ref))
        target = 0.95 * ref_best
        ref_reach = common.reach(ref, target)
        lines += [
            f"### {entry['workload']}",
            "",
            f"Reference: {ref_best:.1f} GFLOP/s after {ref['trials']} "
            f"trials ({ref['seconds']:.0f} s); its 95% mark "
            f"({target:.1f} GFLOP/s) came at trial "
            f"{ref_reach[0] if ref_reach else '-'}. Default schedule: "
            f"{ref['flops'] / ref['default_s'] / 1e9:.1f} GFLOP/s. "
            "The same default config, measured first in each of the "
            f"{len(entry['runs'])} runs: "
            f"{common.spread([r['flops'] / r['default_s'] / 1e9 for r in entry['runs']])}"
            " GFLOP/s, the measurement noise against which the 95% mark "
            "is judged.",
            "",
            f"![convergence](images/policies-{entry['workload']}.png)",
            "",
            "| policy | " + " | ".join(f"best @{b}" for b in budgets) +
            " | to 95%: trials | to 95%: s | model s/batch |",
            "|---|" + "---|" * (len(budgets) + 3),
        ]
        policies = list(dict.fromkeys(r["policy"] for r in entry["runs"]))
        for policy in policies:
            runs = [r for r in entry["runs"] if r["policy"] == policy]
            cells = []
            for b in budgets:
                if any("budget" in r and r["budget"] == b for r in runs) \
                        and any(r["budget"] != longest for r in runs):
                    sel = [r for r in runs if r["budget"] == b]
                    vals = [max(common.best_curve(r)) for r in sel]
                else:
                    sel = [r for r in runs if r.get("budget") == longest]
                    vals = [common.best_within(r, b) for r in sel]
                cells.append(common.spread(vals))
            longest_runs = [r for r in runs if r.get("budget") == longest]
            reached = [common.reach(r, target) for r in longest_runs]
            got = [x for x in reached if x]
            trials = common.spread([x[0] for x in got]) if got else "-"
            secs = common.spread([x[1] for x in got]) if got else "-"
            model = [r["model_s"] / r["model_updates"] for r in longest_runs
                     if r["model_updates"]]
            model_text = f"{common.median(model):.2f}" if model else "-"
            lines.append(
                f"| {policy} | " + " | ".join(cells) +
                f" | {trials} ({len(got)}/{len(longest_runs)}) | {secs} "
                f"| {model_text} |")
            # Within 64 trials (the target) in most seeds; a policy
            # that splits its budget is judged on its 64-trial runs.
            judged = [r for r in runs if r.get("budget") == 64] \
                if policy in PER_BUDGET else longest_runs
            within = [r for r in judged
                      if (common.reach(r, target) or (65,))[0] <= 64]
            hits.setdefault(policy, []).append(
                (entry["workload"], len(within) * 2 > len(judged)))
        lines.append("")
    lines += ["Within 64 trials, 95% of the reference reached by the majority "
              "of seeds (storm-raindrop: its 64-trial runs):", ""]
    for policy, results in hits.items():
        ok = [w for w, hit in results if hit]
        lines.append(f"- {policy}: {len(ok)} of {len(results)} workloads"
                     + (f" ({', '.join(ok)})" if ok else ""))
    lines.append("")

    warm_starts = data.get("warm_starts", [])
    if warm_starts:
        lines += [
            "### Warm start of the cost model",
            "",
            "The cost model saved by the reference run of a source workload "
            "starts evolutionary runs on a target workload (the same op, "
            "another shape), against cold runs with the same seeds. *to "
            "95%*: trials until 95% of the target's reference, median over "
            "the seeds that got there (`k/n`); *all seeds*: the median over "
            "every seed, one that never got there counted as its budget + 1.",
            "",
        ]
    for warm in warm_starts:
        ref_best = max(common.best_curve(warm["reference"]))
        target = 0.95 * ref_best
        lines += [
            f"#### {warm['source']} -> {warm['target']}",
            "",
            f"The target's reference: {ref_best:.1f} GFLOP/s after "
            f"{warm['reference']['trials']} trials.",
            "",
            f"![warm start](images/warm-start-{warm['target']}.png)",
            "",
            "| cost model | best @16 | best @32 | best @64 | to 95%: trials "
            "| to 95%, all seeds |",
            "|---|---|---|---|---|---|",
        ]
        for mode in ("cold", "warm"):
            runs = [r for r in warm["runs"] if r["mode"] == mode]
            reached = [common.reach(r, target) for r in runs]
            got = [x for x in reached if x]
            trials = common.spread([x[0] for x in got]) if got else "-"
            # A seed that never got there counts as one trial past its run.
            censored = [x[0] if x else r["trials"] + 1
                        for x, r in zip(reached, runs)]
            lines.append(
                f"| {mode} | " + " | ".join(
                    common.spread([common.best_within(r, b) for r in runs])
                    for b in (16, 32, 64)) +
                f" | {trials} ({len(got)}/{len(runs)}) "
                f"| {common.median(censored):.0f} |")
        lines.append("")
    return "\n".join(lines)


def section_task_scheduler(data):
    lines = [
        "## Task scheduler",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        f"`{data['command']}`. Each model is tuned with the evolutionary "
        "policy (batches of 8) and the same total budget under each task "
        f"scheduler, {data['seeds']} seeds each; the objective is the "
        "end-to-end estimate, the sum over the tasks of weight x best "
        "latency (lower is better). Median over the seeds (min..max); "
        "*rounds*: rounds per task, in the order of the tasks, for the "
        "first seed.",
        "",
    ]
    for entry in data["models"]:
        lines += [
            f"### {os.path.basename(entry['model'])}",
            "",
            f"{entry['trials']} trials in all, "
            f"{len(entry['runs'][0]['tasks'])} tasks.",
            "",
            "| scheduler | default µs | tuned µs | speedup | rounds |",
            "|---|---|---|---|---|",
        ]
        for scheduler in dict.fromkeys(r["scheduler"] for r in entry["runs"]):
            runs = [r for r in entry["runs"] if r["scheduler"] == scheduler]
            best = [r["best_latency_s"] * 1e6 for r in runs]
            default = [r["default_latency_s"] * 1e6 for r in runs]
            speedup = [d / b for d, b in zip(default, best)]
            rounds = " ".join(str(t["rounds"]) for t in runs[0]["tasks"])
            lines.append(
                f"| {scheduler} | {common.spread(default)} "
                f"| {common.spread(best)} "
                f"| {common.median(speedup):.2f}x | {rounds} |")
        lines.append("")
    return "\n".join(lines)


def section_transfer(data):
    src = data["source_tuning"]
    lines = [
        "## Transfer-tuning across shapes",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        f"`{data['command']}`. Source: {data['source']}, tuned with "
        f"`{src['command']}` ({src['seconds']:.0f} s; estimate "
        f"{src['default_latency_s'] * 1e3:.2f} ms default -> "
        f"{src['best_latency_s'] * 1e3:.2f} ms tuned). Its records are "
        "applied to the layer at other sequence lengths with zero new "
        "measurements: *default* (`sched-apply-default`), *transfer* "
        "(`sched-apply-best transfer=true use-model=true`: adaptations of the "
        "nearest tasks' best configs ranked with the default by the "
        "database's cost model), *transfer, no model* (`transfer=true`, "
        "`use-model=false`, the default: the nearest task's best config "
        "adapted). Each program is materialized, lowered and run "
        "end to end by `tuner-run` (checked against the reference), medians "
        "of the runs' medians (min..max), variants interleaved per round.",
        "",
        "| sequence | default ms | transfer ms | transfer, no model ms | "
        "vs default | no model vs default | model kept the default |",
        "|---|---|---|---|---|---|---|",
    ]
    for t in data["targets"]:
        e2e = {k: [x * 1e3 for x in v] for k, v in t["end_to_end_s"].items()}
        kept = sum("kept the default" in c for c in t["choices"]["transfer"])
        total = len(t["choices"]["transfer"])
        ratio = common.median(e2e["default"]) / common.median(e2e["transfer"])
        plain = (common.median(e2e["default"]) /
                 common.median(e2e["transfer_no_model"]))
        lines.append(
            f"| {t['sequence']} | {common.spread(e2e['default'])} "
            f"| {common.spread(e2e['transfer'])} "
            f"| {common.spread(e2e['transfer_no_model'])} "
            f"| {ratio:.2f}x | {plain:.2f}x | {kept} of {total} tasks |")
    lines += [
        "",
        "Small-budget tuning of each new shape (the estimate, sum of weight x "
        "best latency), from scratch and seeded with `transfer-from` (the "
        "first adaptations, nearest task first, measured right after each "
        "default; the run used the database's cost model to order them):",
        "",
        "| sequence | trials | default ms | scratch ms | transfer-from ms | "
        "transfer before the search ms |",
        "|---|---|---|---|---|---|",
    ]
    for t in data["targets"]:
        small = t["small_tuning"]
        seeded = small["transfer_from"]
        before = seeded.get("transfer_latency_s")
        trials = re.search(r"trials=(\d+)", small["scratch"]["command"])
        lines.append(
            f"| {t['sequence']} | {trials.group(1) if trials else '-'} "
            f"| {small['scratch']['default_latency_s'] * 1e3:.2f} "
            f"| {small['scratch']['best_latency_s'] * 1e3:.2f} "
            f"| {seeded['best_latency_s'] * 1e3:.2f} "
            f"| {before * 1e3:.2f} |" if before else
            f"| {t['sequence']} | - | - | - | - | - |")
    lines.append("")
    return "\n".join(lines)


def section_model_report(data):
    lines = [
        "## Model-level report",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        f"`{data['command']}`. Each model is tuned once (evolutionary, "
        "gradient task scheduler); per task: weight, trials, one call of the "
        "untuned task (its naive lowering, the reference of the result "
        "check), the default and the best config's median, and the task's "
        "share of the tuned estimate. Then the estimate (sum of weight x "
        "latency) beside the programs run end to end by `tuner-run` "
        "(materialized, lowered, checked against the reference; medians of "
        "the runs' medians, min..max; untuned: one call).",
        "",
    ]
    ms = lambda v: f"{v * 1e3:.3f}" if v is not None else "-"  # noqa: E731
    for m in data["models"]:
        lines += [
            f"### {os.path.basename(m['model'])}",
            "",
            f"`{m['command']}` ({m['trials']} trials, {m['seconds']:.0f} s).",
            "",
            "| task | weight | trials | untuned ms | default ms | best ms "
            "| share |",
            "|---|---|---|---|---|---|---|",
        ]
        for t in m["tasks"]:
            share = f"{t['share'] * 100:.0f}%" if t["share"] else "-"
            lines.append(
                f"| {t['name']} | {t['weight']} | {t['trials']} "
                f"| {ms(t['untuned_s'])} | {ms(t['default_s'])} "
                f"| {ms(t['best_s'])} | {share} |")
        est, e2e = m["estimate_s"], m["end_to_end"]
        lines += [
            "",
            "| program | estimate ms | end to end ms | matches the reference |",
            "|---|---|---|---|",
        ]
        for name in ("untuned", "default", "tuned"):
            run = e2e[name]
            times = [x * 1e3 for x in run["medians_s"]]
            spread = (f"{common.median(times):.3f}" if len(times) == 1 else
                      f"{common.median(times):.3f} "
                      f"({min(times):.3f}..{max(times):.3f})")
            lines.append(
                f"| {name} | {ms(est.get(name))} | {spread} "
                f"| {'yes' if run['match'] else 'NO'} |")
        lines.append("")
    return "\n".join(lines)


def fmt_ms(seconds):
    """Milliseconds with about three significant digits."""
    ms = seconds * 1e3
    return (f"{ms:.0f}" if ms >= 100 else f"{ms:.1f}" if ms >= 10 else
            f"{ms:.2f}" if ms >= 1 else f"{ms:.3f}")


def fmt_time(rec):
    """A program's median time with min..max over the rounds, or why not."""
    if rec is None:
        return "-"
    if "time" not in rec:
        return "failed" if rec.get("error") else "-"
    t = rec["time"]
    if len(t["rounds_s"]) == 1:
        return fmt_ms(t["median_s"])
    return (f"{fmt_ms(t['median_s'])} ({fmt_ms(t['min_s'])}.."
            f"{fmt_ms(t['max_s'])})")


IREE_NAMES = {"plain": "plain", "data-tiling": "data tiling + ukernels"}


def section_models(data):
    s = data["settings"]
    iree = data.get("iree")
    versions = data["versions"]
    lines = [
        "## Models against IREE",
        "",
        f"Machine: {fmt_machine(data['machine'])}. Command: "
        f"`{data['command']}` ({data['wall_s'] / 60:.1f} min). "
        f"{versions['tuner']}"
        + (f"; IREE {versions['iree-base-compiler']} (iree-base-compiler, "
           f"iree-base-runtime from PyPI)" if iree else "") + ".",
        "",
        "Each model as five programs, run on the same seeded inputs and "
        "checked against the reference (the model lowered as it is): "
        "*untuned* (`tuner-opt --tuner-lower-cpu`), *default* "
        "(`--sched-apply-default`), *tuned* (`--tuner-tune` with "
        f"{s['trials_per_task']} trials per task, evolutionary, round robin), "
        "materialized, lowered and timed by `tuner-run` (OpenMP threads: "
        f"{data['omp_threads']}); *IREE*: `iree-compile "
        + (" ".join(iree["flags"]) if iree else "") +
        "`, plain and with `--iree-dispatch-creation-data-tiling "
        "--iree-llvmcpu-enable-ukernels=all`, the faster of the two that "
        "match the reference, timed by `iree-benchmark-module "
        f"--device=local-task` ({iree['topology'] if iree else '-'}). "
        f"{s['rounds']} round{'s' if s['rounds'] != 1 else ''} interleave "
        "the programs of a model; times "
        f"are the median of the rounds' medians ({s['repeats']} repeats of "
        f"at least {s['min_repeat_ms']:g} ms each; the untuned program: 3 "
        "single calls), min..max over the rounds in parentheses. *vs IREE*: "
        "IREE's time over ours (above 1: ours is faster). *checked*: every "
        "program's outputs against the reference's (ours: `tuner-run "
        "--reference`, relative tolerance 1e-3; IREE's: max |error| within "
        "1e-3 of the largest reference magnitude, 2e-2 for f16/bf16).",
        "",
        "| model | tasks (trials, tuning s) | untuned ms | default ms "
        "| tuned ms | IREE ms | IREE flags | default vs IREE "
        "| tuned vs IREE | checked |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    failures = []
    for m in data["models"]:
        name = os.path.splitext(os.path.basename(m["model"]))[0]
        progs = m["programs"]
        best = m.get("iree_best")
        best_rec = m["iree"].get(best) if best else None

        def speedup(prog):
            ours = progs[prog].get("time")
            if not ours or not best_rec:
                return "-"
            return f"{best_rec['time']['median_s'] / ours['median_s']:.2f}x"

        flags = "-"
        if best:
            flags = IREE_NAMES.get(best, best)
            others = [f"{IREE_NAMES.get(v, v)}: {fmt_time(r)}"
                      for v, r in m["iree"].items() if v != best]
            if others:
                flags += f" ({'; '.join(others)})"
        elif m["iree"] or m.get("iree_note"):
            flags = "failed"
        wrong = [p for p in progs if progs[p].get("match") is False]
        wrong += [f"IREE {IREE_NAMES.get(v, v)}" for v, r in m["iree"].items()
                  if r.get("check", {}).get("match") is False]
        matched = [p for p in progs if progs[p].get("match")]
        unchecked = best_rec is not None and \
            best_rec["check"].get("match") is None
        checked = ("NO: " + ", ".join(wrong) if wrong else
                   "-" if not matched else
                   "ours yes, IREE no reference" if unchecked else "yes")
        tuning = m.get("tuning")
        tasks = (f"{m['tasks']} ({tuning['trials']}, "
                 f"{tuning['wall_s']:.0f})" if tuning else str(m["tasks"]))
        lines.append(
            f"| {name} | {tasks} | {fmt_time(progs['untuned'])} "
            f"| {fmt_time(progs['default'])} | {fmt_time(progs['tuned'])} "
            f"| {fmt_time(best_rec)} | {flags} | {speedup('default')} "
            f"| {speedup('tuned')} | {checked} |")
        where = [(p, progs[p]) for p in ("untuned", "default", "tuned")] + \
            [(f"IREE {IREE_NAMES.get(v, v)}", r) for v, r in m["iree"].items()]
        if m.get("error"):
            where.insert(0, ("task extraction", {"error": m["error"]}))
        if m.get("iree_note"):
            where.append(("IREE", {"error": m["iree_note"]}))
        failures += [(name, p, r["error"]) for p, r in where if r.get("error")]

    kinds = list(common.OP_KINDS)
    lines += [
        "",
        "Where the tuned program's time goes: the tuning report's tasks, "
        "each weight x best latency (measured alone), summed per op kind "
        "(the task list's class, else the anchor op or its iterator types); "
        "*untasked*: the end-to-end time the tasks do not cover (ops that "
        "are not tasks, copies, and what a task measured alone hides). "
        "Shares of the larger of the end-to-end time and the sum over the "
        "tasks.",
        "",
        "| model | tuned end to end ms | sum over tasks ms | "
        + " | ".join(kinds) + " | other | untasked |",
        "|---|---|---|" + "---|" * (len(kinds) + 2),
    ]
    for m in data["models"]:
        sh = m.get("shares")
        if not sh:
            continue
        name = os.path.splitext(os.path.basename(m["model"]))[0]
        share = sh["share"]
        pct = lambda v: f"{v * 100:.0f}%" if v else "-"  # noqa: E731
        other = sum(v for k, v in share.items()
                    if k not in kinds and k != "untasked")
        lines.append(
            f"| {name} | {fmt_ms(sh['end_to_end_s'])} | {fmt_ms(sh['tasks_s'])} | "
            + " | ".join(pct(share.get(k, 0)) for k in kinds)
            + f" | {pct(other)} | {pct(share.get('untasked', 0))} |")
    if failures:
        lines += ["", "Failures (first lines of the error):", ""]
        for name, where, error in failures:
            lines += [f"- {name}, {where}:", "", "  ```"]
            lines += ["  " + line for line in error.splitlines()]
            lines += ["  ```"]
    lines.append("")
    return "\n".join(lines)


def section_tuned(data):
    threads = sorted(data["peaks"], key=int)
    peaks = "; ".join(f"{t} pinned thread(s): {data['peaks'][t]['gflops']:.1f}"
                      for t in threads)
    lines = [
        f"## Tuned against the libraries ({data['trials']} trials)",
        "",
        f"Machine: {fmt_machine(data['machine'])}. FMA peak in the same run, "
        f"GFLOP/s: {peaks}. Command: `{data['command']}`.",
        "",
        "Each workload tuned for T cores (`--tuner-tune=\"target=cpu:<T>t "
        f"trials={data['trials']}\"`, the default policy, real "
        "measurements), the tuned program timed by `tuner-run` on T threads "
        "(median, min..max, checked against the untransformed program); the "
        "library (the better of OpenBLAS sgemm and oneDNN's matmul, oneDNN "
        "for convolutions) on T threads, on the same shapes, bias and "
        "activation not included. Where the run interleaved several rounds "
        "of the two, each side is the median of its rounds and the ratio's "
        "min..max over the rounds follows it.",
        "",
        "| workload | threads | tuned GFLOP/s | library GFLOP/s | tuned / "
        "library | tuned / peak |",
        "|---|---|---|---|---|---|",
    ]
    for r in data["workloads"]:
        for t in threads:
            row = r["threads"].get(t)
            if not row:
                continue
            tuned, lib, flops = row["tuned"], row["library"], r["flops"]
            check = "" if tuned.get("match") else " **(mismatch!)**"
            spread = (f" ({row['ratio_min']:.2f}..{row['ratio_max']:.2f})"
                      if "ratio_min" in row else "")
            lines.append(
                f"| {r['workload']} | {t} | {tuned['gflops']:.1f} "
                f"({flops / tuned['max_s'] / 1e9:.1f}.."
                f"{flops / tuned['min_s'] / 1e9:.1f}){check} "
                f"| {lib['gflops']:.1f} ({lib['name']}) "
                f"| {tuned['gflops'] / lib['gflops']:.2f}{spread} "
                f"| {tuned['gflops'] / data['peaks'][t]['gflops']:.2f} |")
    return "\n".join(lines) + "\n"


def section_gpu(data):
    """cuBLAS/cuDNN against tuned kernels on one GPU (gpu_vs_cublas.py)."""
    runs = data["runs"]
    dev = runs["main_evo"]["device"]
    us = lambda s: f"{s * 1e6:.1f}" if s else "-"  # noqa: E731
    best = lambda t: t.get("retimed_s") or t.get("best_s")  # noqa: E731
    lines = [
        "## CUDA: tuned kernels against cuBLAS and cuDNN",
        "",
        f"Device: {dev.get('name')}, driver {dev.get('driver_version')}, "
        f"SM clock up to {dev.get('clocks.max.sm')}, memory clock "
        f"{dev.get('clocks.mem')}; PyTorch {dev.get('torch')} (CUDA "
        f"{dev.get('cuda_runtime')}, cuDNN {dev.get('cudnn')}) for the "
        f"libraries. Run of {data['date']}. Command: `{data['command']}`.",
        "",
        "Kernel times are medians of CUDA-event timings around each launch "
        "(ours: the tuner's runner, every winner checked against the CPU "
        "reference; the libraries: 50 calls after 10 warm-ups, TF32 off). "
        "The library times of small ops include PyTorch's dispatch between "
        "the events (a few microseconds), so ratios under ~50 us favour us.",
        "",
        "| workload | library | library us | default us | evolutionary "
        "us | dgd us | library / best tuned | TFLOP/s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    dgd = runs["main_dgd"]["workloads"]
    for name, e in runs["main_evo"]["workloads"].items():
        lib = e.get("library", {})
        t = e["evolutionary"]["tasks"][0]
        d = (dgd.get(name, {}).get("dgd", {}).get("tasks") or [{}])[0]
        tuned = min(x for x in (best(t), best(d)) if x)
        lines.append(
            f"| {name} | {lib.get('what', '-')} | {us(lib.get('median_s'))} "
            f"| {us(t['default_s'])} | {us(best(t))} | {us(best(d))} "
            f"| {lib['median_s'] / tuned:.2f} "
            f"| {t['flops'] / tuned / 1e12:.1f} |")
    lines += [
        "",
        f"The other example workloads, {runs['rest_evo']['trials']} trials "
        "each (evolutionary), per task:",
        "",
        "| workload | task | library us | default us | tuned us | "
        "library / tuned | errors |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, e in runs["rest_evo"]["workloads"].items():
        lib = e.get("library", {}).get("median_s")
        run = e["evolutionary"]
        for t in run.get("tasks", []):
            single = len(run["tasks"]) == 1
            ratio = f"{lib / best(t):.2f}" if lib and single and best(t) \
                else "-"
            lines.append(
                f"| {name} | {t['name']} | {us(lib) if single else '-'} "
                f"| {us(t['default_s'])} | {us(best(t))} | {ratio} "
                f"| {run.get('errors')} |")
    return "\n".join(lines) + "\n"


def section_torch_compile(data):
    """PyTorch eager against torch.compile with our backend
    (torch_compile.py)."""
    ms = lambda t: (f"{t['median_s'] * 1e3:.3f} "  # noqa: E731
                    f"({t['min_s'] * 1e3:.3f}..{t['max_s'] * 1e3:.3f})")
    load = ", ".join(f"{x:.1f}" for x in data.get("load_average", []))
    lines = [
        "## torch.compile with mlir_tuner's backend against eager (CPU)",
        "",
        f"Machine: {fmt_machine(data['machine'])}; load average at the end "
        f"{load}. Command: `{data['command']}`."
        + (f" {data['note']}" if data.get("note") else ""),
        "",
        "`torch.compile(model, backend=mlir_tuner.torch.backend(target="
        "\"host\", trials=N, database=DB), dynamic=False)` on the "
        "examples' PyTorch definitions (`examples/models/gen/NAME.py`), "
        "checked against eager; milliseconds per call, median (min..max) "
        "over the repeats, eager and compiled timed in alternating blocks. "
        "*first call*: the tuning (or the records applied), import and JIT "
        "compile. On a loaded machine eager's median is inflated by "
        "torch's thread pool waiting for descheduled threads (its min.."
        "max spans two orders of magnitude): compare the min column there.",
        "",
        "| model | trials | graph | first call s | eager ms | compiled ms "
        "| eager / compiled (median) | (min) | max abs error |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for m in data["models"]:
        if "error" in m:
            lines.append(f"| {m['model']} | - | error: {m['error'][:80]} "
                         "| - | - | - | - | - | - |")
            continue
        e, c = m["eager"], m["compiled"]
        lines.append(
            f"| {m['model']} | {m['trials']} | {', '.join(m['status'])} "
            f"| {m['tune_s']:.1f} | {ms(e)} | {ms(c)} "
            f"| {e['median_s'] / c['median_s']:.2f} "
            f"| {e['min_s'] / c['min_s']:.2f} | {m['max_abs_error']:.1e} |")
    return "\n".join(lines) + "\n"


SECTIONS = [
    ("baselines", section_baselines),
    ("tuned", section_tuned),
    ("driver_throughput", section_driver_throughput),
    ("mpi_scaling", section_mpi_scaling),
    ("bf16_matmul", section_bf16_matmul),
    ("policies", section_policies),
    ("task_scheduler", section_task_scheduler),
    ("transfer", section_transfer),
    ("model_report", section_model_report),
    ("models", section_models),
    ("torch_compile", section_torch_compile),
    ("gpu", section_gpu),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(common.ROOT, "docs",
                                                  "results.md"))
    args = ap.parse_args()
    parts = [
        "# Results",
        "",
        "Generated by `bench/report.py` from `bench/results/*.json`; do not "
        "edit by hand. Each section names the script and command that "
        "produced its figures. The machines are shared and noisy: figures are "
        "medians, with the spread where it was measured.",
        "",
    ]
    for name, render in SECTIONS:
        data = load(name)
        if data is not None:
            parts.append(render(data))
    with open(args.out, "w") as f:
        f.write("\n".join(parts))
    common.log(f"wrote {os.path.relpath(args.out, common.ROOT)}")


if __name__ == "__main__":
    main()
