#!/usr/bin/env bash
# utils/gpu-hopper-check.sh - device run 9: the first run of the wgmma (TMA)
# and tf32 kernels on an H100/H200, then utils/gpu-check.sh with the time
# left (<= 9 minutes in all by default).
#
#   OUT=DIR utils/gpu-hopper-check.sh        (OUT defaults to ./gpu-hopper-out)
#
# Tools as utils/gpu-check.sh takes them: .device/bin/tuner-opt.xz and
# tuner-run.xz (static builds: `ninja tuner-opt-xz tuner-run-xz`) with their
# libraries in .device/lib, or TUNER_BIN=DIR (unpacked tools).
#
# Steps (each with its timeout; a failure does not stop the others):
#   cases     bench/gpu_wgmma_cases.py: every kind of gpu.contraction_wgmma
#             config pinned (1, 2 and 4 warpgroups, 2 to 6 stages, bf16 and
#             f16, a constant weight with bias + ReLU + bf16 result, an
#             accumulating matmul) and an f32 matmul on tf32 tensor cores;
#             each lowered and run with tuner-run against its unscheduled
#             reference on the CPU (cases.txt: a JSON line per case;
#             cases.tar.xz: the lowered programs and their diagnostics)
#   sanitize  compute-sanitizer memcheck and racecheck on the first case
#   tc        bench/gpu_tc.py --target cuda:sm_90a on bf16 and f16 4096^3
#             and bf16 8192^3 (gpu.contraction_wgmma), then --target
#             cuda:sm_90 on bf16 4096^3, a bf16 3x3 convolution as im2col
#             windows and a matmul (against cuDNN), a split-K projection
#             (16 x 1024 x 8192), a bf16 batch matmul (12 x 512 x 512 x 64)
#             and tf32, against cuBLAS
#   check     utils/gpu-check.sh with the rest of HOPPER_BUDGET (default 540 s)
set -u -o pipefail
cd "$(dirname "$0")/.." || exit 1
ROOT=$PWD
OUT=${OUT:-$ROOT/gpu-hopper-out}
mkdir -p "$OUT"
exec > >(tee -a "$OUT/gpu-hopper-check.log") 2>&1
START=$(date +%s)
BUDGET=${HOPPER_BUDGET:-540}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpu-hopper.XXXXXX")
log() { echo "[gpu-hopper $(($(date +%s) - START))s] $*"; }
left() { echo $((BUDGET - ($(date +%s) - START))); }

# The tools, unpacked once; gpu-check.sh and gpu_tc.py reuse them.
BIN=$WORK/bin
mkdir -p "$BIN"
for tool in tuner-opt tuner-run; do
  if [[ -n ${TUNER_BIN:-} ]]; then
    ln -sf "$(cd "$TUNER_BIN" && pwd)/$tool" "$BIN/$tool"
  elif ! xz -dc "$ROOT/.device/bin/$tool.xz" >"$BIN/$tool"; then
    log "no $tool: set TUNER_BIN or put .device/bin/$tool.xz"; exit 1
  fi
  chmod +x "$BIN/$tool"
done
export LD_LIBRARY_PATH=$ROOT/.device/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export TUNER_BIN=$BIN
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv || true

log "cases"
CASES=$WORK/cases
python3 bench/gpu_wgmma_cases.py "$CASES" >"$WORK/names.txt"
: >"$OUT/cases.txt"
while read -r n; do
  if ! timeout 60 "$BIN/tuner-opt" "$CASES/$n.mlir" --sched-materialize \
      --tuner-lower-gpu=out-params=true -o "$CASES/$n.l.mlir" \
      2>"$CASES/$n.err"; then
    echo "{\"case\": \"$n\", \"error\": \"lowering\"}" >>"$OUT/cases.txt"
    continue
  fi
  r=$(timeout 120 "$BIN/tuner-run" "$CASES/$n.l.mlir" \
        --reference="$CASES/$n.ref.mlir" --repeats=5 --json 2>"$CASES/$n.err")
  echo "{\"case\": \"$n\", \"rc\": $?, \"run\": ${r:-null}}" >>"$OUT/cases.txt"
done <"$WORK/names.txt"
cat "$OUT/cases.txt"
# The lowered programs and every diagnostic, for a case that failed.
tar -C "$WORK" -cJf "$OUT/cases.tar.xz" cases

log "sanitize"
first=$(head -1 "$WORK/names.txt")
for tool in memcheck racecheck; do
  timeout 120 compute-sanitizer --tool "$tool" --target-processes all \
    "$BIN/tuner-run" "$CASES/$first.l.mlir" --repeats=1 --warmup=0 \
    >"$OUT/sanitize-$tool.txt" 2>&1
  echo "$tool rc=$?: $(grep -c 'ERROR SUMMARY: 0 errors' \
    "$OUT/sanitize-$tool.txt") clean summaries"
done

log "tc"
OUT=$OUT/tc-sm90a timeout 220 python3 bench/gpu_tc.py --target cuda:sm_90a \
  --only bf16,f16,bf16_8192 --budget 200
OUT=$OUT/tc-sm90 timeout 200 python3 bench/gpu_tc.py --target cuda:sm_90 \
  --only bf16,conv_bf16,splitk_bf16,bmm_bf16,tf32 --budget 180

if (($(left) > 60)); then
  log "check ($(left) s left)"
  OUT=$OUT/gpu-check GPU_CHECK_BUDGET=$(left) utils/gpu-check.sh
fi
log "done; results in $OUT"
