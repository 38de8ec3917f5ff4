#!/usr/bin/env python3
"""Appends to a tuning database the lines a hostile or careless user can
write: JSON nested past any sane depth, a line longer than the reader's
limit, records that parse but make no sense (zero, negative or infinite
timings, knobs of the wrong type, missing fields, an unknown error code or
sketch, an unknown knob), and finally a record cut off without its newline.

The records are copies of the worst valid record already in DB (written by
a fake-measured tuning run), so that any of them that a reader accepted
would change which config is best.

usage: hostile_db.py DB

Prints, one per line, "LINE: WHAT" for each appended line (for people
reading a failing test; the tests check the reader's warnings)."""
import json
import sys

db = sys.argv[1]
with open(db) as f:
    records = [json.loads(line) for line in f if line.strip()]
valid = [r for r in records if r["error"] == 0 and r["times_s"]]
if len(valid) < 2:
    sys.exit("the database needs at least two valid records")


def median(r):
    s = sorted(r["times_s"])
    n = len(s)
    return s[n // 2] if n % 2 else 0.5 * (s[n // 2 - 1] + s[n // 2])


worst = max(valid, key=median)
best = min(valid, key=median)


def variant(**changes):
    r = json.loads(json.dumps(worst))
    for key, value in changes.items():
        if value is None:
            del r[key]
        else:
            r[key] = value
    return json.dumps(r, sort_keys=True)


def with_knob(name, value):
    knobs = dict(worst["knobs"])
    knobs[name] = value
    return knobs


first_knob = sorted(worst["knobs"])[0]
lines = [
    ("nesting bomb (arrays)", "[" * 100000),
    ("nesting bomb (objects)", '{"a":' * 50000),
    ("longer than 1 MiB", variant(message="x" * (1 << 21))),
    ("zero timing", variant(times_s=[0.0])),
    ("negative timing", variant(times_s=[-1e-3, 2e-3])),
    # JSON has no infinity; a number too large for a double parses as one.
    ("infinite timing", variant(times_s=[1.5]).replace("1.5", "1e999")),
    ("float knob", variant(knobs=with_knob(first_knob, 1.5))),
    ("boolean knob", variant(knobs=with_knob(first_knob, True))),
    ("no times_s", variant(times_s=None)),
    ("no workload", variant(workload=None)),
    ("error code 42", variant(error=42)),
    ("task not a string", variant(task=5)),
    ("build_s not a number", variant(build_s="fast")),
    # Structurally sound: only the sketch registry can reject these two.
    ("unknown sketch", variant(sketch="cpu.magic", times_s=[1e-9])),
    ("unknown knob", variant(knobs=with_knob("zz", 3), times_s=[1e-9])),
]

with open(db) as f:
    start = sum(1 for _ in f) + 1
with open(db, "a") as f:
    for i, (what, text) in enumerate(lines):
        f.write(text + "\n")
        print(f"{start + i}: {what}")
    # A run killed while writing: half a record, no newline.
    cut = json.dumps(best, sort_keys=True)
    f.write(cut[: len(cut) // 2])
    print(f"{start + len(lines)}: truncated")
