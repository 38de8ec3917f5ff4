"""Plots of tuning records with matplotlib (``pip install ./python[plots]``
or Debian's python3-matplotlib): convergence curves, each task's share of
the end-to-end time, and each task's best against its roofline bound. Each
function takes a database path or rows (mlir_tuner.records) and returns a
matplotlib Figure (``fig.savefig("x.png")``).
"""

import math

from . import records


def _plt():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ImportError("mlir_tuner.plots needs matplotlib: pip install "
                          "'mlir_tuner[plots]' (Debian: python3-matplotlib)") from e
    return plt


def convergence(source, title="Convergence"):
    """Per task, the best GFLOP/s found after each of its trials."""
    plt = _plt()
    table = records._rows(source)
    fig, ax = plt.subplots(figsize=(7, 4.2))
    flops = {r["name"]: r["flops"] for r in table}
    for name, curve in records.convergence(table).items():
        gf = [flops[name] / s / 1e9 if math.isfinite(s) and s > 0 else 0.0
              for s in curve]
        ax.plot(range(1, len(gf) + 1), gf, marker="." if len(gf) < 40 else None,
                label=name)
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("trials of the task")
    ax.set_ylabel("best GFLOP/s so far")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    return fig


def task_share(source, weights=None, title="Share of the end-to-end time"):
    """Each task's weight x best time as a share of their sum."""
    plt = _plt()
    share = records.shares(source, weights)
    names = sorted(share, key=share.get)
    fig, ax = plt.subplots(figsize=(7, 1.6 + 0.35 * max(1, len(names))))
    ax.barh(names, [share[n] * 100 for n in names], color="tab:blue")
    for i, n in enumerate(names):
        ax.text(share[n] * 100, i, f" {share[n] * 100:.1f}%", va="center",
                fontsize=8)
    ax.set_xlabel("% of the end-to-end estimate (weight x best time)")
    ax.set_xlim(0, 110)
    ax.set_title(title)
    ax.tick_params(axis="y", labelsize=7)
    fig.tight_layout()
    return fig


def roofline(source, peak_gflops, bandwidth_gbs, title="Roofline"):
    """Each task's best GFLOP/s at its arithmetic intensity (flops / bytes
    of the task's inputs and result) under the roof min(peak, intensity x
    bandwidth)."""
    plt = _plt()
    best = [b for b in records.best_per_task(source)
            if b["bytes"] > 0 and b["flops"] > 0 and math.isfinite(b["median_s"])]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    intensities = [b["flops"] / b["bytes"] for b in best] or [1.0]
    lo = min(min(intensities) / 4, peak_gflops / bandwidth_gbs / 8)
    hi = max(max(intensities) * 4, peak_gflops / bandwidth_gbs * 8)
    xs = [lo * (hi / lo) ** (i / 100) for i in range(101)]
    ax.plot(xs, [min(peak_gflops, x * bandwidth_gbs) for x in xs],
            color="black", label=f"roof: {peak_gflops:.0f} GFLOP/s, "
                                 f"{bandwidth_gbs:.1f} GB/s")
    for b, x in zip(best, intensities):
        bound = min(peak_gflops, x * bandwidth_gbs)
        ax.scatter([x], [b["gflops"]], zorder=3,
                   label=f"{b['name'][:32]} ({b['gflops'] / bound * 100:.0f}% "
                         "of bound)")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("arithmetic intensity (flop / byte)")
    ax.set_ylabel("GFLOP/s (best)")
    ax.set_title(title)
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    return fig
