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
# 4. Lowers the default and the tuned program, times both with tuner-run in
#    interleaved rounds and checks both against the untransformed program.
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
"$opt" "$root/$kernel" --sched-apply-default -o "$out/default.mlir"
for which in default tuned; do
  "$opt" "$out/$which.mlir" --sched-materialize --tuner-lower-cpu \
    -o "$out/$which.ll.mlir"
done
# Interleaved rounds: on a shared machine one run each can differ by 20%.
rounds=5
for round in $(seq "$rounds"); do
  for which in default tuned; do
    "$run" "$out/$which.ll.mlir" --reference="$root/$kernel" --json \
      > "$out/$which.run$round.json"
  done
done
same=no
if cmp -s <(grep -o 'sched.config = [^}]*}' "$out/default.mlir") \
          <(grep -o 'sched.config = [^}]*}' "$out/tuned.mlir"); then
  same=yes
fi
python3 - "$out" "$rounds" "$same" <<'PY'
import json, statistics, sys
out, rounds, same = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "yes"
medians = {}
print(f"{'schedule':10} {'median ms':>10} {'rounds min..max':>17} {'GFLOP/s':>9}  reference")
for name in ["default", "tuned"]:
    runs = [json.load(open(f"{out}/{name}.run{i}.json"))
            for i in range(1, rounds + 1)]
    times = [r["median_s"] * 1e3 for r in runs]
    medians[name] = statistics.median(times)
    gflops = runs[0]["flops"] / (medians[name] * 1e-3) / 1e9
    ok = all(r["match"] for r in runs)
    check = ("match" if ok else "MISMATCH") + \
        f" (max abs error {max(r['max_abs_error'] for r in runs):.1e})"
    print(f"{name:10} {medians[name]:10.3f} {min(times):8.3f}..{max(times):.3f}"
          f" {gflops:9.1f}  {check}")
print(f"speedup of the tuned schedule over the default: "
      f"{medians['default'] / medians['tuned']:.2f}x (median of {rounds} "
      f"interleaved rounds)")
if same:
    print("the tuner kept the default schedule: the two programs are the "
          "same, any difference above is noise")
PY
if [ -n "${TUNER_DEMO_OUT:-}" ]; then
  echo "outputs in $out"
fi
