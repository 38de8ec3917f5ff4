#!/usr/bin/env python3
"""Checks a tuning database: every line is a complete record, counts, no
candidate measured twice per task (unless --allow-repeats)."""
import argparse
import collections
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument("db")
ap.add_argument("--lines", type=int)
ap.add_argument("--min-lines", type=int)
ap.add_argument("--max-lines", type=int)
ap.add_argument("--tasks", type=int)
ap.add_argument("--per-task", type=int)
ap.add_argument("--valid", type=int)
ap.add_argument("--allow-repeats", action="store_true")
ap.add_argument("--workers", help="comma-separated `worker` fields that must "
                "each have measured some record, and no record from another")
args = ap.parse_args()

records = []
with open(args.db) as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError as e:
            sys.exit(f"line {n} is corrupt: {e}")
        for key in ("version", "task", "workload", "target", "sketch", "knobs",
                    "times_s", "error", "error_name", "message", "timestamp",
                    "tool", "llvm"):
            if key not in r:
                sys.exit(f"line {n} has no '{key}'")
        records.append(r)

def fail(msg):
    sys.exit(f"{args.db}: {msg}")

if args.lines is not None and len(records) != args.lines:
    fail(f"{len(records)} records, expected {args.lines}")
if args.min_lines is not None and len(records) < args.min_lines:
    fail(f"{len(records)} records, expected at least {args.min_lines}")
if args.max_lines is not None and len(records) > args.max_lines:
    fail(f"{len(records)} records, expected at most {args.max_lines}")
per_task = collections.Counter(r["task"] for r in records)
if args.tasks is not None and len(per_task) != args.tasks:
    fail(f"{len(per_task)} tasks, expected {args.tasks}")
if args.per_task is not None and any(c != args.per_task for c in per_task.values()):
    fail(f"records per task {dict(per_task)}, expected {args.per_task} each")
valid = sum(1 for r in records if r["error"] == 0 and r["times_s"])
if args.valid is not None and valid != args.valid:
    fail(f"{valid} valid records, expected {args.valid}")
if not args.allow_repeats:
    seen = collections.Counter(
        (r["task"], r["sketch"], json.dumps(r["knobs"], sort_keys=True))
        for r in records)
    repeated = [k for k, c in seen.items() if c > 1]
    if repeated:
        fail(f"measured twice: {repeated[0]}")
if args.workers is not None:
    wanted = set(args.workers.split(","))
    by_worker = collections.Counter(r.get("worker", "") for r in records)
    if set(by_worker) != wanted:
        fail(f"records by worker {dict(by_worker)}, expected from {sorted(wanted)}")
    if any(not r.get("host") for r in records):
        fail("a record names no host")
print(f"ok: {len(records)} records, {len(per_task)} tasks, {valid} valid")
