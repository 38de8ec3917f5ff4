#!/usr/bin/env python3
"""Convergence plots of bench/results/policies.json: per workload, the best
GFLOP/s found after each trial (median over seeds) for every policy, the
long evolutionary reference, and the 95% mark. Writes
docs/images/policies-<workload>.png and docs/images/warm-start-<target>.png.

usage: bench/plot_policies.py
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    # Debian's package serves Debian's python: run again under it (once)
    # when this is another one (a pyenv python, as on the bench machines).
    common.ensure_packages(["python3-matplotlib"])
    system = "/usr/bin/python3"
    if (os.path.exists(system) and
            os.path.realpath(sys.executable) != os.path.realpath(system)):
        os.execv(system, [system] + sys.argv)
    sys.exit("matplotlib was missing and is now installed (python3-matplotlib);"
             " run again")


def median_curve(runs):
    curves = [common.best_curve(r) for r in runs]
    length = max(len(c) for c in curves)
    out = []
    for i in range(length):
        values = [c[min(i, len(c) - 1)] for c in curves]
        out.append(common.median(values))
    return out


def main():
    path = os.path.join(common.RESULTS, "policies.json")
    with open(path) as f:
        data = json.load(f)
    images = os.path.join(common.ROOT, "docs", "images")
    os.makedirs(images, exist_ok=True)
    for entry in data["workloads"]:
        fig, ax = plt.subplots(figsize=(7, 4.2))
        ref = entry["reference"]
        ref_curve = common.best_curve(ref)
        ax.plot(range(1, len(ref_curve) + 1), ref_curve, color="black",
                linewidth=1, label=f"evolutionary, {len(ref_curve)} trials "
                                   "(reference)")
        ax.axhline(0.95 * max(ref_curve), color="gray", linestyle=":",
                   label="95% of the reference")
        longest = max(data["budgets"])
        for policy in dict.fromkeys(r["policy"] for r in entry["runs"]):
            runs = [r for r in entry["runs"] if r["policy"] == policy and
                    r.get("budget", longest) == longest]
            if not runs:
                continue
            curve = median_curve(runs)
            ax.plot(range(1, len(curve) + 1), curve,
                    label=f"{policy} (median of {len(runs)})")
        ax.set_xlim(1, max(longest * 1.5, 16))
        ax.set_xlabel("trials (measured candidates)")
        ax.set_ylabel("best GFLOP/s so far")
        ax.set_title(entry["workload"])
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7, loc="lower right")
        fig.tight_layout()
        out = os.path.join(images, f"policies-{entry['workload']}.png")
        fig.savefig(out, dpi=110)
        plt.close(fig)
        common.log(f"wrote {os.path.relpath(out, common.ROOT)}")

    for warm in data.get("warm_starts", []):
        fig, ax = plt.subplots(figsize=(7, 4.2))
        ref = max(common.best_curve(warm["reference"]))
        ax.axhline(0.95 * ref, color="gray", linestyle=":",
                   label="95% of the reference")
        for mode in ("cold", "warm"):
            runs = [r for r in warm["runs"] if r["mode"] == mode]
            curve = median_curve(runs)
            ax.plot(range(1, len(curve) + 1), curve,
                    label=f"{mode} cost model (median of {len(runs)})")
        ax.set_xlabel("trials")
        ax.set_ylabel("best GFLOP/s so far")
        ax.set_title(f"{warm['target']}: cost model from {warm['source']} "
                     "vs cold")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, loc="lower right")
        fig.tight_layout()
        out = os.path.join(images, f"warm-start-{warm['target']}.png")
        fig.savefig(out, dpi=110)
        plt.close(fig)
        common.log(f"wrote {os.path.relpath(out, common.ROOT)}")

if __name__ == "__main__":
    main()
