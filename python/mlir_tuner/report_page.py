"""A self-contained HTML page of a database: the per-task table and the
plots (convergence, share of the end-to-end time, roofline) as embedded
PNGs. ``python -m mlir_tuner report DB --html OUT`` writes it."""

import base64
import html
import io
import math
import os

from . import machine, records


def _png(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    import matplotlib.pyplot as plt
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _table(table, weights):
    share = records.shares(table, weights)
    head = ("task", "weight", "trials", "errors", "best (ms)", "GFLOP/s",
            "share", "sketch")
    out = ["<table><tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
    for b in records.best_per_task(table):
        ms = (f"{b['median_s'] * 1e3:.4f}" if math.isfinite(b["median_s"])
              else "-")
        w = weights.get(b["task"], weights.get(b["name"], 1))
        cells = (b["name"], w, b["trials"], b["errors"], ms,
                 f"{b['gflops']:.1f}", f"{share.get(b['name'], 0) * 100:.1f}%",
                 b["sketch"] if b["valid"] else "-")
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>"
                                    for c in cells) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def write(database, out, tasks=None, peak_gflops=None, bandwidth_gbs=None,
          title=None):
    """Writes the page for `database` to `out`; `tasks` is a task list
    (weights); the roofline uses the machine's estimates (mlir_tuner.machine)
    unless given. Returns the paths of what was written (the page)."""
    from . import plots
    table = records.rows(database)
    if not table:
        raise ValueError(f"{database} has no records")
    weights = records.weights_from_tasks(tasks) if tasks else {}
    peak = peak_gflops or machine.peak_gflops() or 100.0
    bw = bandwidth_gbs or machine.bandwidth_gbs() or 20.0
    title = title or f"mlir-tuner: {os.path.basename(os.fspath(database))}"
    figures = [
        ("Convergence", plots.convergence(table)),
        ("Share of the end-to-end time", plots.task_share(table, weights)),
        ("Roofline", plots.roofline(table, peak, bw)),
    ]
    total = records.end_to_end(table, weights)
    parts = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;"
        "margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid "
        "#ccc;padding:2px 8px;text-align:right}}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        f"<p>{len(table)} records, {len(records.best_per_task(table))} tasks; "
        f"end-to-end estimate (sum of weight x best): {total * 1e3:.4f} ms. "
        f"Roofline: {peak:.1f} GFLOP/s peak, {bw:.1f} GB/s"
        f"{' (estimates of this machine)' if not peak_gflops else ''}.</p>",
        _table(table, weights)]
    for name, fig in figures:
        parts.append(f"<h2>{name}</h2><img alt='{name}' "
                     f"src='data:image/png;base64,{_png(fig)}'>")
    parts.append("</body></html>")
    with open(out, "w") as f:
        f.write("\n".join(parts))
    return out
