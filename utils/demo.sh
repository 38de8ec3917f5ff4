#!/usr/bin/env bash
#===- demo.sh - the main job: what the tuner does on an example ----------===//
#
# usage: utils/demo.sh BUILD_DIR   (utils/setup.sh demo calls it)
#
# Extracts the tuning tasks of the example models and prints them.
#
#===----------------------------------------------------------------------===//
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$1
opt=$build/bin/tuner-opt
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for model in examples/workloads/mlp_3layer.mlir examples/models/mlp_5layer.mlir; do
  echo
  echo "== $model"
  "$opt" "$root/$model" --sched-extract-tasks="task-list=$out/tasks.json" -o "$out/annotated.mlir"
  python3 - "$out/tasks.json" <<'PY'
import json, sys
tasks = json.load(open(sys.argv[1]))["tasks"]
print(f"{'key':16}  {'task':34} {'weight':>6} {'MFLOP':>9}  fused")
for t in tasks:
    print(f"{t['key']:16}  {t['name']:34} {t['weight']:>6} {t['flops']/1e6:9.2f}  {', '.join(t['fused'])}")
print(f"{len(tasks)} tasks, {sum(t['weight'] for t in tasks)} anchor ops")
PY
  grep -o 'linalg\.[a-z_]* {sched.task = #sched.task<[^>]*>}' "$out/annotated.mlir" | sed 's/^/  /'
done
