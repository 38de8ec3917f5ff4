"""Records analysis on a database written here (pure Python)."""

import json
import math

import mlir_tuner.records as rec


def write_db(path, entries):
    with open(path, "w") as f:
        for task, name, times, err in entries:
            f.write(json.dumps({
                "version": 1, "task": task, "target": "t", "sketch": "s",
                "knobs": {"m1": 1}, "times_s": times, "error": err,
                "workload": {"name": name, "flops": 2e6, "bytes": 1e5}}) + "\n")
        f.write("{not json\n")


def test_rows_best_convergence(tmp_path):
    db = tmp_path / "db.jsonl"
    write_db(db, [("a", "mm", [4e-3], 0), ("a", "mm", [], 3),
                  ("b", "add", [1e-3, 3e-3, 2e-3], 0), ("a", "mm", [1e-3], 0),
                  ("a", "mm", [2e-3], 0)])
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        table = rec.rows(db)
    assert any(":6: skipped" in str(w.message) for w in caught)
    assert len(table) == 5 and [r["trial"] for r in table] == [1, 2, 1, 3, 4]
    assert math.isinf(table[1]["median_s"]) and not table[1]["valid"]
    best = {b["name"]: b for b in rec.best_per_task(table)}
    assert best["mm"]["median_s"] == 1e-3 and best["mm"]["trials"] == 4
    assert best["mm"]["errors"] == 1 and best["add"]["median_s"] == 2e-3
    assert best["mm"]["gflops"] == 2.0
    assert rec.convergence(table)["mm"] == [4e-3, 4e-3, 1e-3, 1e-3]
    assert math.isclose(rec.end_to_end(table, {"a": 2}), 2 * 1e-3 + 2e-3)
    share = rec.shares(table)
    assert math.isclose(sum(share.values()), 1.0)
    cmp = rec.compare({"x": table, "y": table[:1]})
    assert cmp["tasks"][0] == {"task": "mm", "x": 1e-3, "y": 4e-3}
    assert "mm" in rec.format_table(table)


def test_report_helpers():
    run = {"flops": 2e9, "trace": [[0.1, None], [0.2, 2.0], [0.3, 0.5],
                                   [0.4, 1.0]]}
    assert rec.best_curve(run) == [0.0, 1.0, 4.0, 4.0]
    assert rec.reach(run, 3.0) == (3, 0.3)
    assert rec.reach(run, 5.0) is None
    assert rec.best_within(run, 2) == 1.0
    assert rec.task_class({"anchor": "linalg.conv_2d_nhwc_hwcf"}) == "conv"
