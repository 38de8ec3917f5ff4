#!/usr/bin/env bash
# utils/gpu-check.sh - the GPU checks of issue 32 in one run (<= 8 minutes).
#
# On a machine with an NVIDIA GPU (H100/H200) and its driver, the CUDA
# toolkit (ptxas, libdevice, compute-sanitizer) and PyTorch, from the
# repository root:
#
#   OUT=DIR utils/gpu-check.sh        (OUT defaults to ./gpu-check-out)
#
# Tools: .device/bin/tuner-opt.xz and .device/bin/tuner-run.xz, static builds
# (configure with -DTUNER_LINK_MLIR_DYLIB=OFF, `ninja tuner-opt-xz
# tuner-run-xz`, copy build/bin/*.xz), with the shared libraries they load in
# .device/lib (libomp.so.5, libxgboost.so.0 and its dependencies). With
# TUNER_BIN=DIR the unpacked tools of DIR are used instead (a local build: the
# script then also runs where there is no GPU, its GPU steps failing with
# their diagnostics).
#
# GPU_CHECK_EXTRA=DIR adds the programs DIR/*.mlir to the lower, run and
# ptxas steps.
#
# Steps, in order of importance; each has a timeout and a status of its own,
# a failed step does not stop the others, and a step is skipped once the
# budget (GPU_CHECK_BUDGET seconds, default 480) is nearly spent:
#   setup     unpack the tools, record the machine (nvidia-smi, PyTorch)
#   lower     every program of examples/models, the two constant-weight
#             cases (test/Integration/GPU/Inputs) and the JAX models
#             (test/Integration/Inputs/jax) with default cuda:sm_90
#             schedules, tuner-lower-gpu with out-parameters; the host ops
#             touching tensor data per program; no launch may take a host
#             global's address (utils/check-gpu-launch-args.py)
#   sanitize  compute-sanitizer (memcheck) on tuner-run of the reduced case
#             (256x1024x1024 matmul, constant B) and of the constant-filter
#             convolution: 0 errors expected
#   run       tuner-run of every lowered program on the GPU, checked against
#             the untransformed program on the CPU, CUDA-event timings
#   elementwise, reductions, vector-products
#             each function of test/Integration/GPU/Inputs/elementwise_ops.mlir,
#             reduction_forms.mlir and named_vector_products.mlir on the GPU,
#             checked (run/elementwise_ops.txt, run/reduction_forms.txt,
#             run/named_vector_products.txt)
#   variants  per program, back to back: the defaults, the defaults without
#             gpu.reduction, gpu.reduction wherever it applies (each
#             checked; run/variants.txt)
#   eager     PyTorch eager timings (TF32 off) of the models whose generator
#             defines them (bench/torch_eager.py)
#   tune      tuner-tune target=cuda:sm_90 trials=12 on torch_mlp and
#             torch_resnet_block: RUNTIME_DEVICE records in the database
#             (0 expected), then tuner-run of the tuned program
#   inductor  torch.compile (Inductor) timings of the same models
#   ptxas     ptxas -v of every kernel (utils/check-gpu-ptxas.py)
#
# Writes $OUT/gpu-check.log (everything printed), $OUT/gpu-check.json (the
# summary, utils/gpu-check-summary.py) and $OUT/details.tar.xz (per-step
# outputs: tuner-run JSON, sanitizer reports, databases, tuning reports).

set -u -o pipefail
cd "$(dirname "$0")/.." || exit 1
ROOT=$PWD
OUT=${OUT:-$ROOT/gpu-check-out}
mkdir -p "$OUT"
LOG=$OUT/gpu-check.log
: >"$LOG"
exec > >(tee -a "$LOG") 2>&1

START=$(date +%s)
BUDGET=${GPU_CHECK_BUDGET:-480}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpu-check.XXXXXX")
mkdir -p "$WORK"/{bin,lowered,run,sanitize,tune,steps}
STEPS=$WORK/steps/steps.tsv
: >"$STEPS"

log() { echo "[gpu-check $(($(date +%s) - START))s] $*"; }
remaining() { echo $((BUDGET - ($(date +%s) - START))); }

# step NAME TIMEOUT CMD...: runs CMD with `timeout`, at most until the budget
# is spent; records NAME, status and seconds in $STEPS. Status: ok, failed
# (exit code), timeout or skipped (no time left).
step() {
  local name=$1 limit=$2
  shift 2
  local left
  left=$(($(remaining) - 10))
  ((left < limit)) && limit=$left
  if ((limit < 15)); then
    log "SKIP $name (budget spent)"
    printf '%s\tskipped\t0\n' "$name" >>"$STEPS"
    return 0
  fi
  log "BEGIN $name (timeout ${limit}s): $1"
  local t0=$(date +%s) rc
  # The steps are exported shell functions, run by a child bash.
  timeout -k 5 "$limit" bash -o pipefail -c '"$@"' step "$@"
  rc=$?
  local status=ok
  if ((rc == 124 || rc == 137)); then
    status=timeout
  elif ((rc != 0)); then
    status="failed($rc)"
  fi
  log "END $name: $status"
  printf '%s\t%s\t%s\n' "$name" "$status" "$(($(date +%s) - t0))" >>"$STEPS"
  return 0
}

#===--------------------------------------------------------------------===#
# setup
#===--------------------------------------------------------------------===#

unpack() {
  local tool
  for tool in tuner-opt tuner-run; do
    if [[ -n ${TUNER_BIN:-} ]]; then
      ln -sf "$(cd "$TUNER_BIN" && pwd)/$tool" "$WORK/bin/$tool" || return 1
    else
      python3 -c 'import lzma, shutil, sys
shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
        ".device/bin/$tool.xz" "$WORK/bin/$tool" || return 1
      chmod +x "$WORK/bin/$tool"
    fi
    "$WORK/bin/$tool" --version || return 1
  done
}

machine() {
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm \
    --format=csv || true
  python3 -c 'import torch; print("torch", torch.__version__, "cuda",
torch.version.cuda, "device", torch.cuda.is_available() and
torch.cuda.get_device_name())' || true
  echo "ptxas: ${TUNER_PTXAS:-none}; compute-sanitizer: $(command -v compute-sanitizer || echo none)"
  nproc
}

if [[ -d $ROOT/.device/lib ]]; then
  export LD_LIBRARY_PATH=$ROOT/.device/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  [[ -e $ROOT/.device/lib/libomp.so.5 ]] &&
    export TUNER_OPENMP_LIB=$ROOT/.device/lib/libomp.so.5
fi
for dir in "${CUDA_HOME:-}" /usr/local/cuda /usr/local/cuda-13.0 /usr/local/cuda-12; do
  if [[ -n $dir && -x $dir/bin/ptxas ]]; then
    export TUNER_PTXAS=$dir/bin/ptxas CUDA_HOME=$dir
    export PATH=$dir/bin:$PATH
    break
  fi
done
[[ -z ${TUNER_PTXAS:-} ]] && command -v ptxas >/dev/null &&
  export TUNER_PTXAS=$(command -v ptxas)
[[ -d /usr/local/cuda/compute-sanitizer ]] &&
  export PATH=$PATH:/usr/local/cuda/compute-sanitizer

export -f log remaining unpack machine
export ROOT WORK START BUDGET
export OPT=$WORK/bin/tuner-opt RUN=$WORK/bin/tuner-run
export INPUTS=$ROOT/test/Integration/GPU/Inputs
# The JAX models of test/Integration/Inputs/jax (IREE's StableHLO import:
# scans, branches, while loops, gathers, grouped and transposed
# convolutions) run on the device too.
PROGRAMS=("$ROOT"/examples/models/*.mlir "$INPUTS/matmul_const_b.mlir"
  "$INPUTS/conv_const_filter.mlir" "$ROOT"/test/Integration/Inputs/jax/*.mlir
  "$INPUTS/torch_conv_bias_bf16.mlir"
  "$ROOT/bench/gpu_workloads/resnet_conv3x3_bf16.mlir")
# GPU_CHECK_EXTRA=DIR: more programs (e.g. bench/model_zoo.py's exports,
# /tmp/model-zoo/*/NAME.mlir copied into DIR), lowered, run and checked
# like the examples.
if [[ -n ${GPU_CHECK_EXTRA:-} ]]; then
  PROGRAMS+=("$GPU_CHECK_EXTRA"/*.mlir)
fi
step setup 120 unpack
step machine 30 machine

#===--------------------------------------------------------------------===#
# lower
#===--------------------------------------------------------------------===#

# lower_one FILE: default cuda:sm_90 schedules, lowered with out-parameters;
# the remark counting host ops goes to lowered/NAME.log.
lower_one() {
  local name
  name=$(basename "$1" .mlir)
  # Locations printed: tuner-run --kernel-times names each kernel's op.
  timeout -k 5 150 "$OPT" "$1" --sched-apply-default=target=cuda:sm_90 \
    --sched-materialize \
    --tuner-lower-gpu="out-params=true report-host-ops=true" \
    --mlir-print-debuginfo \
    -o "$WORK/lowered/$name.mlir" >"$WORK/lowered/$name.log" 2>&1
  local rc=$?
  echo "$name: lowering exit $rc; $(grep -o 'host ops touching tensor data: .*' \
    "$WORK/lowered/$name.log" | head -1)"
  ((rc == 0)) || rm -f "$WORK/lowered/$name.mlir"
  return $rc
}

# lower_all FILE...: all in parallel, then the launch-argument check.
lower_all() {
  printf '%s\n' "$@" | xargs -P "$(nproc)" -I{} bash -c 'lower_one "$1"' _ {}
  python3 utils/check-gpu-launch-args.py "$WORK"/lowered/*.mlir |
    tee "$WORK/run/launch-args.txt"
}
export -f lower_one lower_all
step lower 170 lower_all "${PROGRAMS[@]}"

#===--------------------------------------------------------------------===#
# sanitize
#===--------------------------------------------------------------------===#

sanitize() {
  local name=$1 source=$2
  [[ -f $WORK/lowered/$name.mlir ]] || { echo "$name was not lowered"; return 1; }
  command -v compute-sanitizer >/dev/null || { echo "no compute-sanitizer"; return 1; }
  compute-sanitizer --tool memcheck --target-processes all \
    "$RUN" "$WORK/lowered/$name.mlir" --reference="$source" --json \
    --warmup=0 --repeats=1 >"$WORK/sanitize/$name.out" 2>&1
  local rc=$?
  cat "$WORK/sanitize/$name.out" | tail -20
  grep -q "ERROR SUMMARY: 0 errors" "$WORK/sanitize/$name.out" && ((rc == 0))
}
export -f sanitize
step sanitize-matmul_const_b 120 sanitize matmul_const_b "$INPUTS/matmul_const_b.mlir"
step sanitize-conv_const_filter 90 sanitize conv_const_filter "$INPUTS/conv_const_filter.mlir"

#===--------------------------------------------------------------------===#
# run
#===--------------------------------------------------------------------===#

run_one() {
  local name=$1 source=$2
  [[ -f $WORK/lowered/$name.mlir ]] || { echo "$name was not lowered"; return 1; }
  "$RUN" "$WORK/lowered/$name.mlir" --reference="$source" --json \
    --kernel-times --warmup=5 --repeats=20 --min-repeat-ms=5 \
    >"$WORK/run/$name.json" \
    2>"$WORK/run/$name.err"
  local rc=$?
  cat "$WORK/run/$name.json"
  tail -5 "$WORK/run/$name.err"
  return $rc
}
export -f run_one
for source in "${PROGRAMS[@]}"; do
  name=$(basename "$source" .mlir)
  step "run-$name" 60 run_one "$name" "$source"
done

#===--------------------------------------------------------------------===#
# elementwise, reductions: each function of a file of forms on the device,
# checked: gpu.elementwise's thread mappings and 16-byte accesses, which the
# CPU check of the same schedules (gpu-elementwise.test) drops; the
# reductions CUDA preparation brings to gpu.reduction (reduction-forms.test
# checks them only as PTX: warp shuffles do not run on the CPU)
#===--------------------------------------------------------------------===#

# run_forms NAME: every function of $INPUTS/NAME.mlir, one line each, in
# run/NAME.txt; fails unless all match.
run_forms() {
  local source=$INPUTS/$1.mlir f
  lower_one "$source" || return 1
  for f in $(grep -o '^func.func @[a-z0-9_]*' "$source" | cut -d@ -f2); do
    echo "$f: $("$RUN" "$WORK/lowered/$1.mlir" --entry="$f" \
      --reference="$source" --warmup=2 --repeats=5 2>&1 |
      grep -o 'reference: [A-Za-z]*\|^[a-z0-9_]*: median [0-9.]* ms\|error: .*' |
      tr '\n' ' ')"
  done | tee "$WORK/run/$1.txt"
  ! grep -qv 'reference: match' "$WORK/run/$1.txt"
}
export -f run_forms
step elementwise 60 run_forms elementwise_ops
step reductions 60 run_forms reduction_forms
step vector-products 60 run_forms named_vector_products

# named_forms DIR...: every program of test/Integration/Inputs/named (one
# per structured op of MLIR 22's linalg and per scalar op of math and arith)
# and of Inputs/buffers (linalg on memrefs), the hostile inputs of the CPU
# and GPU tests (strided copies as copy kernels), and the frontend inputs
# (tm_tensor, ONNX and TOSA: the kernels of a thread per line of scans,
# merge sorts and top-k, per column of row scatters), lowered in parallel,
# then run
# once each on the device against the CPU; one line per program in
# run/named-forms.txt, failures first in the step's output.
named_forms() {
  local dir out=$WORK/named
  mkdir -p "$out"
  for dir in "$@"; do ls "$dir"/*.mlir; done |
    xargs -P "$(nproc)" -I{} bash -c '
      n=$(basename "$(dirname "$1")")_$(basename "$1" .mlir)
      timeout -k 5 60 "$OPT" "$1" --sched-apply-default=target=cuda:sm_90 \
        --sched-materialize --tuner-lower-gpu=out-params=true \
        -o "'"$out"'/$n.mlir" 2>"'"$out"'/$n.log" || echo "$n: lowering failed"' _ {}
  for dir in "$@"; do
    for source in "$dir"/*.mlir; do
      local n
      n=$(basename "$dir")_$(basename "$source" .mlir)
      [[ -f $out/$n.mlir ]] || continue
      echo "$n: $(timeout -k 5 30 "$RUN" "$out/$n.mlir" --reference="$source" \
        --warmup=0 --repeats=1 2>&1 |
        grep -o 'reference: [A-Za-z]*\|error: .*' | head -1)"
    done
  done >"$WORK/run/named-forms.txt"
  grep -v 'reference: match' "$WORK/run/named-forms.txt"
  echo "named forms: $(grep -c 'reference: match' "$WORK/run/named-forms.txt") of $(wc -l <"$WORK/run/named-forms.txt") match"
  ! grep -qv 'reference: match' "$WORK/run/named-forms.txt"
}
export -f named_forms
step named-forms 240 named_forms test/Integration/Inputs/named test/Integration/Inputs/buffers \
  test/Integration/CPU/Inputs/hostile test/Integration/GPU/Inputs/hostile \
  test/Integration/Inputs/tm_tensor test/Integration/Inputs/onnx \
  test/Integration/Inputs/tosa

#===--------------------------------------------------------------------===#
# variants
#===--------------------------------------------------------------------===#

# variants FILE...: per program, back to back on the GPU, each checked:
# the default schedules, the defaults without gpu.reduction (what they
# were before it became one), gpu.reduction wherever it applies, and the
# bf16/f16 convolutions on gpu.conv2d instead of im2col windows and
# gpu.contraction_mma (a variant that lowers to the same module as an
# earlier one is not rerun).
# One line per run in run/variants.txt; what decides gpu.reduction's
# default (GPUReductionSketch.cpp, isPreferred).
variant_one() {
  local name=$1 source=$2 mode=$3 opts="target=cuda:sm_90"
  case $mode in
  noreduction)
    opts="$opts sketches=gpu.contraction_mma,gpu.contraction,gpu.contraction_simt,gpu.conv2d,gpu.fallback" ;;
  reduction) opts="$opts sketches=gpu.reduction" ;;
  esac
  local out=$WORK/variants/$name.$mode
  if [[ $mode == conv2d ]]; then
    # The CUDA preparation (getPrepareOptions for cuda:sm_90) without
    # tuner-im2col-convolutions: 16-bit convolutions on gpu.conv2d.
    timeout -k 5 60 "$OPT" "$source" --tuner-prepare="$CUDA_PREPARE" \
      2>"$out.err" | timeout -k 5 60 "$OPT" \
      --sched-apply-default="$opts prepare=false" --sched-materialize \
      --tuner-lower-gpu=out-params=true -o "$out.mlir" 2>>"$out.err" ||
      { echo "$name $mode: lowering failed"; return 0; }
  else
    timeout -k 5 60 "$OPT" "$source" --sched-apply-default="$opts" \
      --sched-materialize --tuner-lower-gpu=out-params=true -o "$out.mlir" \
      2>"$out.err" || { echo "$name $mode: lowering failed"; return 0; }
  fi
  local prev
  for prev in default noreduction reduction; do
    [[ $prev == "$mode" ]] && break
    # The same module but for the compile time gpu.binary records.
    if cmp -s <(sed 's/LLVMIRToISATimeInMs = [0-9]* : i64, //' \
      "$WORK/variants/$name.$prev.mlir") \
      <(sed 's/LLVMIRToISATimeInMs = [0-9]* : i64, //' "$out.mlir"); then
      echo "$name $mode: same as $prev"
      return 0
    fi
  done
  timeout -k 5 40 "$RUN" "$out.mlir" --reference="$source" --json \
    --warmup=3 --repeats=15 --min-repeat-ms=2 >"$out.json" 2>"$out.rerr"
  echo "$name $mode rc=$? $(python3 -c 'import json, sys
try:
    j = json.load(open(sys.argv[1]))
    print("median_us=%.1f stddev_us=%.1f match=%s" % (j["median_s"] * 1e6,
          j["stddev_s"] * 1e6, j.get("match")))
except Exception as e:
    print("no result:", e)' "$out.json")"
}
variants() {
  mkdir -p "$WORK/variants"
  local source name mode
  for source in "$@"; do
    name=$(basename "$source" .mlir)
    for mode in default noreduction reduction conv2d; do
      variant_one "$name" "$source" "$mode"
    done
  done | tee "$WORK/run/variants.txt"
}
# getPrepareOptions(cuda:sm_90) spelled out, but for im2col (off): the same
# module as the default preparation for programs without 16-bit
# convolutions.
export CUDA_PREPARE="widen-inputs=false widen-contraction-accumulators=false promote-scalars=true collapse-reductions=true split-reduction-blocks=132 pad-contractions=true narrow-inputs=true transpose-matvec-b=true"
export -f variant_one variants
step variants 150 variants "${PROGRAMS[@]}"

#===--------------------------------------------------------------------===#
# eager
#===--------------------------------------------------------------------===#

eager() {
  python3 bench/torch_eager.py --repeats 20 | tee "$WORK/run/torch_eager.jsonl"
}
export -f eager
step eager 120 eager

#===--------------------------------------------------------------------===#
# tune
#===--------------------------------------------------------------------===#

tune() {
  local name=$1 source=$ROOT/examples/models/$1.mlir
  rm -f "$WORK/tune/$name.db"
  "$OPT" "$source" -o "$WORK/tune/$name.tuned.mlir" --mlir-print-debuginfo \
    --tuner-tune="target=cuda:sm_90 trials=12 time-budget=100 progress=off database=$WORK/tune/$name.db report=$WORK/tune/$name.report.json"
  local rc=$?
  [[ -f $WORK/tune/$name.db ]] || return 1
  python3 - "$WORK/tune/$name.db" <<'EOF'
import collections, json, sys
counts = collections.Counter()
for line in open(sys.argv[1]):
    try:
        counts[json.loads(line).get("error_name", "?")] += 1
    except ValueError:
        counts["corrupt line"] += 1
print("records by outcome:", dict(counts))
print("RUNTIME_DEVICE:", counts["RUNTIME_DEVICE"])
EOF
  return $rc
}
tuned_run() {
  local name=$1
  [[ -f $WORK/tune/$name.tuned.mlir ]] || { echo "no tuned $name"; return 1; }
  "$OPT" "$WORK/tune/$name.tuned.mlir" --sched-materialize \
    --tuner-lower-gpu=out-params=true --mlir-print-debuginfo \
    -o "$WORK/tune/$name.tuned.gpu.mlir" || return 1
  "$RUN" "$WORK/tune/$name.tuned.gpu.mlir" \
    --reference="$ROOT/examples/models/$name.mlir" --json --kernel-times \
    --warmup=5 \
    --repeats=20 --min-repeat-ms=5 | tee "$WORK/run/$name.tuned.json"
}
export -f tune tuned_run
for name in torch_mlp torch_resnet_block; do
  step "tune-$name" 150 tune "$name"
  step "tuned-run-$name" 60 tuned_run "$name"
done

#===--------------------------------------------------------------------===#
# inductor
#===--------------------------------------------------------------------===#

# torch.compile (Inductor) of the same models: compiles take tens of seconds
# each, so this step comes late and stops at its timeout.
inductor() {
  python3 bench/torch_eager.py --compile --repeats 20 |
    tee "$WORK/run/torch_compile.jsonl"
}
export -f inductor
step inductor 150 inductor

#===--------------------------------------------------------------------===#
# ptxas
#===--------------------------------------------------------------------===#

ptxas_all() {
  [[ -n ${TUNER_PTXAS:-} ]] || { echo "no ptxas"; return 1; }
  python3 utils/check-gpu-ptxas.py --tuner-opt "$OPT" --ptxas "$TUNER_PTXAS" \
    --work "$WORK/ptxas" "$@" | tee "$WORK/run/ptxas.txt"
}
export -f ptxas_all
step ptxas 120 ptxas_all "${PROGRAMS[@]}"

#===--------------------------------------------------------------------===#
# summary
#===--------------------------------------------------------------------===#

python3 utils/gpu-check-summary.py "$WORK" >"$OUT/gpu-check.json"
cat "$OUT/gpu-check.json"
tar -C "$WORK" -cJf "$OUT/details.tar.xz" steps run sanitize \
  $(cd "$WORK" && ls lowered/*.log tune/*.db tune/*.json 2>/dev/null) 2>/dev/null
log "done in $(($(date +%s) - START))s; work files in $WORK"
