#!/bin/bash
# Times one scheduled program under several knob sets, interleaved, in one
# run: the ratio of two defaults (or of a default and a hand-picked point)
# on the machine at hand, which single timed runs on a shared VM cannot give.
#
#   bench/ab_knobs.sh SCHEDULED.mlir ROUNDS 'KNOBS A' 'KNOBS B' ...
#
# SCHEDULED.mlir: a program with one #sched.config (tuner-opt
# --sched-apply-default=target=host -o SCHEDULED.mlir); each KNOBS string
# replaces its knobs dictionary's contents ('k1 = 256, k2 = 1, ...'), or,
# starting with `sketch =`, the whole config ('sketch = "cpu.contraction",
# knobs = {...}': another sketch of the same op). Each
# knob set is materialized and lowered once, checked against the program
# (tuner-run --reference), then the sets are timed in turn, ROUNDS times
# (tuner-run --repeats=30 --warmup=3, OMP threads: $THREADS, default 1).
# Prints, per knob set, the median GFLOP/s over the rounds and every round.
# Environment: BUILD (default: build), THREADS.
set -euo pipefail
build=${BUILD:-build}
src=$1 rounds=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
reference=$work/reference.mlir
sed -E 's/( attrs = *)?\{sched\.config = #sched\.config<[^>]*>\}//' "$src" > "$reference"
i=0
for knobs in "$@"; do
  if [[ $knobs == sketch* ]]; then
    sed -E "s/#sched\.config<[^>]*>/#sched.config<$knobs>/" "$src"
  else
    sed -E "s/knobs = \{[^}]*\}/knobs = {$knobs}/" "$src"
  fi > "$work/$i.mlir"
  "$build/bin/tuner-opt" "$work/$i.mlir" --sched-materialize --tuner-lower-cpu \
    -o "$work/$i.ll.mlir"
  "$build/bin/tuner-run" "$work/$i.ll.mlir" --reference="$reference" \
    --repeats=1 --warmup=0 | grep -q "reference: match" ||
    { echo "knob set $i does not match the program: $knobs" >&2; exit 1; }
  i=$((i + 1))
done
for _ in $(seq "$rounds"); do
  for j in $(seq 0 $((i - 1))); do
    "$build/bin/tuner-run" "$work/$j.ll.mlir" --repeats=30 --warmup=3 \
      --omp-threads="${THREADS:-1}" | awk '/GFLOP\/s/ {print $1}' \
      >> "$work/$j.res"
  done
done
j=0
for knobs in "$@"; do
  sort -n "$work/$j.res" | awk -v k="$knobs" '{a[NR] = $1}
    END {printf "median %.1f GFLOP/s [", a[int((NR + 1) / 2)];
         for (x = 1; x <= NR; x++) printf "%s%s", a[x], x < NR ? " " : "";
         printf "]  %s\n", k}'
  j=$((j + 1))
done
