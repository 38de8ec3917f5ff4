#!/usr/bin/env python3
"""Appends to database argv[1] a WRONG_ANSWER record of the best config of
each task (as a run with verify-all=true that caught it would), and prints
`wrong <sketch> <knobs>` for each, knobs as `k=v` sorted."""
import json
import sys

best = {}
with open(sys.argv[1]) as f:
    for line in f:
        r = json.loads(line)
        if r["error"] != 0 or not r["times_s"]:
            continue
        t = sorted(r["times_s"])[len(r["times_s"]) // 2]
        if r["task"] not in best or t < best[r["task"]][0]:
            best[r["task"]] = (t, r)
with open(sys.argv[1], "a") as f:
    for _, r in best.values():
        wrong = dict(r, error=5, error_name="WRONG_ANSWER", times_s=[],
                     message="the outputs differ from the reference's")
        f.write(json.dumps(wrong) + "\n")
        knobs = " ".join(f"{k}={v}" for k, v in sorted(r["knobs"].items()))
        print(f"wrong {r['sketch']} {knobs}")
