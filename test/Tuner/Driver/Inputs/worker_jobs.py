#!/usr/bin/env python3
"""Sends jobs to one `TOOL --tuner-worker=builder` process, as the tuning
driver does, and prints each answer's id and result (or protocol error) as
JSON, one line each.

usage: worker_jobs.py TOOL TASK_MODULE TARGET CONFIG...

Job 1 is a `features` job over the CONFIGs, job 2 a job of a kind no
component registered.
"""
import json
import subprocess
import sys

tool, module, target = sys.argv[1:4]
configs = sys.argv[4:]
jobs = [
    {"id": 1, "kind": "features",
     "job": {"module": open(module).read(), "target": target,
             "configs": configs}},
    {"id": 2, "kind": "no_such_job", "job": {}},
]
proc = subprocess.run([tool, "--tuner-worker=builder"],
                      input="".join(json.dumps(j) + "\n" for j in jobs),
                      capture_output=True, text=True, timeout=300)
print("exit", proc.returncode)
for line in proc.stdout.splitlines():
    reply = json.loads(line)
    if "result" in reply:
        result = reply["result"]
        sizes = [len(f) for f in result.get("features", [])]
        print(json.dumps({"id": reply["id"], "feature_lengths": sizes}))
    elif "protocol_error" in reply:
        print(json.dumps({"id": reply["id"],
                          "protocol_error": reply["protocol_error"]}))
sys.stderr.write(proc.stderr)
