#!/usr/bin/env python3
"""Checks the final validation in a tuner-tune report and the tuned module:
every task was validated with its default among the candidates, the chosen
candidate is the fastest re-timed one and never slower than the default,
and the module's annotation is the chosen config. Prints one line per task.
"""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
module = open(sys.argv[2]).read()
run = report["final_validation"]
assert run and run["candidates"] >= 1 and run["rounds"] >= 1, run
for task in report["tasks"]:
    v = task["final_validation"]
    assert v is not None, task["name"]
    candidates = v["candidates"]
    assert any(c["default"] for c in candidates), "the default is re-timed"
    for c in candidates:
        for field in ("config", "search_s", "retimed_s", "search_rank"):
            assert field in c, field
    timed = [c for c in candidates if c["retimed_s"] is not None]
    chosen = candidates[v["chosen"]]
    fastest = min(timed, key=lambda c: c["retimed_s"])
    assert chosen["retimed_s"] == fastest["retimed_s"], (chosen, fastest)
    default = next(c for c in candidates if c["default"])
    assert default["retimed_s"] is None or \
        chosen["retimed_s"] <= default["retimed_s"], (chosen, default)
    assert v["chosen_retimed_s"] == chosen["retimed_s"]
    assert v["default_retimed_s"] == default["retimed_s"]
    assert task["config"] == chosen["config"], (task["config"], chosen)
    assert "sched.config = " + chosen["config"] in module, chosen["config"]
    print(f"{task['name']}: {len(candidates)} candidates re-timed, "
          f"chosen is the fastest")
