#!/usr/bin/env python3
"""Sends one build job to a `tuner-opt --tuner-worker=builder` process, as the
tuning driver does, and prints the outcome (JSON).

usage: build_candidate.py TUNER_OPT TASK_MODULE TARGET CONFIG OBJECT
"""
import json
import subprocess
import sys

tuner_opt, module, target, config, obj = sys.argv[1:6]
job = {"id": 1, "kind": "build",
       "job": {"module": open(module).read(), "target": target,
               "config": config, "object": obj}}
proc = subprocess.run([tuner_opt, "--tuner-worker=builder"],
                      input=json.dumps(job) + "\n", capture_output=True,
                      text=True, timeout=300)
replies = [json.loads(line) for line in proc.stdout.splitlines() if line]
print("exit", proc.returncode)
for reply in replies:
    if "result" in reply:
        print(json.dumps(reply["result"], sort_keys=True))
sys.stderr.write(proc.stderr)
