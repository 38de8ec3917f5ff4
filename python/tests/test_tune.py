"""A real tuning run of a small MLP on this CPU: progress, report, records,
apply-best, a JIT run checked against the reference, the report page."""

import math
import os
import subprocess
import sys

import pytest

from conftest import workload

MLP = workload("mlp_3layer.mlir")
TRIALS = 12


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    pytest.importorskip("mlir_tuner._native")
    import mlir_tuner as mt
    db = str(tmp_path_factory.mktemp("tune") / "mlp.db")
    module = mt.Module.load(MLP)
    events = []
    report = mt.tune(module, trials=TRIALS, batch_size=4, database=db,
                     final_validation=0, repeats=2, min_repeat_ms=2,
                     progress=events.append, seed=1, drift_check=False)
    return mt, module, report, events, db


def test_report_and_progress(run):
    mt, module, report, events, _ = run
    assert report.trials == TRIALS and len(events) == TRIALS
    assert [e["trial"] for e in events] == list(range(1, TRIALS + 1))
    assert {e["task"] for e in events} == {t.name for t in report.tasks}
    assert len(report.tasks) == 3
    for t in report.tasks:
        assert t.trials == TRIALS // 3 and 0 < t.best_s <= t.default_s
        assert t.config.startswith("#sched.config")
    assert str(module).count("sched.config") >= 3
    assert "matmul_64x512x512_fused1" in report.table()


def test_records_match_the_report(run):
    mt, _, report, _, db = run
    records = mt.Database(db).records()
    assert len(records) == TRIALS
    assert all(r.valid and r.median > 0 for r in records)
    best = {b["name"]: b["median_s"] for b in mt.records.best_per_task(db)}
    for t in report.tasks:
        assert math.isclose(best[t.name], t.best_s, rel_tol=1e-9)


def test_apply_best_and_run(run):
    mt, _, report, _, db = run
    fresh = mt.apply_best(mt.Module.load(MLP), db)
    text = str(fresh)
    for t in report.tasks:
        assert t.config in text
    result = fresh.run(reference=MLP, repeats=3)
    assert result.match is True and result.median_s > 0
    assert result.flops == sum(t.flops for t in report.tasks)


def test_append(run, tmp_path):
    mt, _, _, _, db = run
    record = mt.Database(db).records()[0]
    copy = str(tmp_path / "copy.db")
    out = mt.Database(copy, create=True)
    out.append(record)
    out.append(record.to_dict())
    got = mt.Database(copy).records()
    assert len(got) == 2 and got[0].knobs == record.knobs
    assert got[1].median == record.median
    bad = record.to_dict()
    bad["times_s"] = [-1.0]
    with pytest.raises(ValueError, match="invalid record"):
        out.append(bad)
    assert len(mt.Database(copy).records()) == 2


def test_callback_exception_stops_the_run(run, tmp_path):
    mt = run[0]
    module = mt.Module.load(workload("matmul_512.mlir"))
    seen = []

    class Stop(Exception):
        pass

    def progress(event):
        seen.append(event)
        if len(seen) == 2:
            raise Stop("enough")
    with pytest.raises(Stop):
        mt.tune(module, trials=16, batch_size=2, progress=progress,
                final_validation=0, repeats=1, drift_check=False)
    assert len(seen) == 2


def test_report_page(run, tmp_path):
    pytest.importorskip("matplotlib")
    db = run[4]
    out = tmp_path / "report.html"
    env = dict(os.environ)
    r = subprocess.run([sys.executable, "-m", "mlir_tuner", "report", db,
                        "--html", str(out), "--peak-gflops", "100",
                        "--bandwidth-gbs", "20"],
                       capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert "matmul_64x128x512_fused1" in r.stdout
    page = out.read_text()
    assert page.count("data:image/png;base64,") == 3
    import base64
    import re
    for data in re.findall(r"base64,([A-Za-z0-9+/=]+)", page):
        assert base64.b64decode(data)[:4] == b"\x89PNG"
    assert "matmul_64x512x256_fused1" in page and "100.0 GFLOP/s" in page
    r = subprocess.run([sys.executable, "-m", "mlir_tuner", "report",
                        str(tmp_path / "missing.db")], capture_output=True,
                       text=True)
    assert r.returncode != 0 and "missing.db" in r.stderr


def test_callback_cannot_change_the_module(run):
    # The run keeps pointers into the module's operations: a progress
    # callback may read it, changing it is refused (and stops the run).
    mt = run[0]
    module = mt.Module.load(workload("matmul_512.mlir"))

    def progress(event):
        assert "linalg.matmul" in str(module)
        module.run_passes("canonicalize")
    with pytest.raises(RuntimeError, match="the module is being tuned"):
        mt.tune(module, trials=4, batch_size=2, progress=progress,
                final_validation=0, repeats=1, drift_check=False)
    # Once the run is over, it can be changed again.
    module.run_passes("canonicalize")
