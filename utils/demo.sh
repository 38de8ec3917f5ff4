#!/usr/bin/env bash
#===- demo.sh - the main job: tune an example on this CPU ----------------===//
#
# usage: utils/demo.sh BUILD_DIR   (utils/setup.sh demo calls it)
#
# 1. Lists the tuning tasks of a small model.
# 2. Tunes a 500x500x500 matmul (an odd size: no vector-friendly tile
#    divides it) on this machine's CPU (real builds and
#    measurements in worker processes), writing the database and a report.
# 3. Shows the #sched.config the tuner chose.
# 4. Lowers the default and the tuned program, times both with tuner-run and
#    checks both against the untransformed program.
#
# Environment: TUNER_DEMO_TRIALS (default 64), TUNER_DEMO_POLICY (default
# evolutionary), TUNER_DEMO_OUT (keep the outputs there instead of a temporary
# directory).
#
#===----------------------------------------------------------------------===//
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$1
opt=$build/bin/tuner-opt
run=$build/bin/tuner-run
trials=${TUNER_DEMO_TRIALS:-64}
policy=${TUNER_DEMO_POLICY:-evolutionary}
if [ -n "${TUNER_DEMO_OUT:-}" ]; then
  out=$TUNER_DEMO_OUT
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
heading() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

model=examples/workloads/mlp_3layer.mlir
heading "1. The tuning tasks of $model"
"$opt" "$root/$model" --sched-extract-tasks="task-list=$out/tasks.json" \
  -o /dev/null
python3 - "$out/tasks.json" <<'PY'
import json, sys
tasks = json.load(open(sys.argv[1]))["tasks"]
print(f"{'key':16}  {'task':34} {'weight':>6} {'MFLOP':>9}  fused")
for t in tasks:
    print(f"{t['key']:16}  {t['name']:34} {t['weight']:>6} "
          f"{t['flops']/1e6:9.2f}  {', '.join(t['fused'])}")
print(f"{len(tasks)} tasks, {sum(t['weight'] for t in tasks)} anchor ops")
PY

kernel=examples/workloads/matmul_odd_500.mlir
heading "2. Tuning $kernel: $trials trials, policy $policy, on this CPU"
options="target=host policy=$policy trials=$trials database=$out/tuning.db"
options+=" report=$out/report.json progress=on"
echo "tuner-opt $kernel --tuner-tune=\"$options\" -o tuned.mlir"
"$opt" "$root/$kernel" --tuner-tune="$options" -o "$out/tuned.mlir"

heading "3. The schedule it chose"
grep -o 'linalg\.[a-z_]* {sched.config = [^}]*}' "$out/tuned.mlir" | sed 's/^/  /'
echo "  ($(wc -l < "$out/tuning.db") measurements in the database)"

heading "4. Default vs tuned schedule, timed by tuner-run and checked against the untransformed program"
"$opt" "$root/$kernel" --sched-apply-default --sched-materialize \
  --tuner-lower-cpu -o "$out/default.ll.mlir"
"$opt" "$out/tuned.mlir" --sched-materialize --tuner-lower-cpu \
  -o "$out/tuned.ll.mlir"
for which in default tuned; do
  "$run" "$out/$which.ll.mlir" --reference="$root/$kernel" --json \
    > "$out/$which.run.json"
done
python3 - "$out/default.run.json" "$out/tuned.run.json" <<'PY'
import json, sys
runs = [json.load(open(p)) for p in sys.argv[1:]]
print(f"{'schedule':10} {'median ms':>10} {'spread':>7} {'GFLOP/s':>9}  reference")
for name, r in zip(["default", "tuned"], runs):
    spread = (r['max_s'] - r['min_s']) / r['median_s'] * 100
    check = ("match" if r['match'] else "MISMATCH") + \
        f" (max error {r['max_error']:.1e})"
    print(f"{name:10} {r['median_s']*1e3:10.3f} {spread:6.1f}% "
          f"{r['gflops']:9.1f}  {check}")
print(f"speedup of the tuned schedule over the default: "
      f"{runs[0]['median_s'] / runs[1]['median_s']:.2f}x")
PY
if [ -n "${TUNER_DEMO_OUT:-}" ]; then
  echo "outputs in $out"
fi
