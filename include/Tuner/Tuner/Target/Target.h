//===- Target.h - tuning targets --------------------------------*- C++ -*-===//
//
// Building #sched.target attributes: from the machine the tuner runs on, from
// a chip name, or from the `target=` option string of the passes.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_TARGET_TARGET_H
#define TUNER_TUNER_TARGET_TARGET_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/CUDARuntime.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Support/LLVM.h"

namespace mlir::tuner {

/// The CPU this process runs on: LLVM's host CPU name, the CPUs this process
/// may run on (its affinity mask), the widest vector unit among AVX-512, AVX
/// and SSE, and the data cache sizes from sysfs (0 when unknown).
///
/// The environment variable TUNER_HOST_TARGET replaces the detected CPU with
/// a `cpu:` spec of parseTargetOption applied to it (`cpu:avx2:l2=512k`) or
/// a `#sched.target<kind = cpu, ...>` attribute, so that one machine can
/// stand in for a smaller one: everything that says `host` (the `target=`
/// options, the sched.target of unannotated modules, the JIT) then means
/// that CPU. An invalid value is reported on stderr and ignored.
sched::TargetAttr getHostCPUTarget(MLIRContext *ctx);

/// How the JIT compiles host code for a CPU target: the host's CPU model
/// with every ISA extension the target lacks turned off (LLVM feature
/// edits such as "-avx512f"), so that the code that runs is the code the
/// target would run.
struct HostCodegen {
  std::string cpu;
  SmallVector<std::string> features;
};

/// The HostCodegen of `target` on this machine: its getCPUFeatureFlags (none
/// for a null or CUDA target). Fails, with `error` saying which, when the
/// target has an ISA extension this machine does not: its code could not
/// run here.
FailureOr<HostCodegen> getHostCodegen(sched::TargetAttr target,
                                      std::string &error);

/// Fails, with `error` ("<what> asks for f; this host (cpu) lacks it"), when
/// one of the LLVM feature flags `flags` turns on ("+f") an extension this
/// machine does not have.
LogicalResult checkHostFeatures(ArrayRef<std::string> flags, StringRef what,
                                std::string &error);

/// A CUDA target for a chip `sm_XY` with the published limits of that
/// architecture (the device's own values when one is queried at run time
/// replace these), or `sm_XYa` (XY >= 90: the architecture-specific
/// features, wgmma and its descriptors on sm_90a). Fails for chips older
/// than sm_70.
FailureOr<sched::TargetAttr> getCUDATarget(MLIRContext *ctx, StringRef chip);

/// The CUDA target of a device the driver reports (its chip and limits);
/// `chip`, when given, replaces the device's chip name (sm_90a on an
/// sm_90 device).
sched::TargetAttr getCUDATarget(MLIRContext *ctx, const cuda::DeviceInfo &d,
                                StringRef chip = "");

/// `target` (CUDA) allowed to compute in `precision`: "tf32" (f32 matmuls
/// on tensor cores with inputs rounded to tf32, a target feature) or
/// "f32"/"" (the target as it is).
sched::TargetAttr withCUDAPrecision(sched::TargetAttr target,
                                    StringRef precision);

/// Whether code for the CUDA chip `targetChip` runs on a device of chip
/// `deviceChip`: the same chip, or its architecture-specific variant
/// (sm_90a on sm_90).
bool runsOnChip(StringRef targetChip, StringRef deviceChip);

/// Parses the `target=` option of the tuner passes:
///   `host` or `cpu`     the CPU this runs on (getHostCPUTarget)
///   `cpu:<N>t`          the host CPU restricted to N threads, e.g. `cpu:1t`
///   `cpu:avx512`, `cpu:avx2`, `cpu:sse` a generic x86-64 level (vector width
///                       512/256/128 bits, caches unknown), combinable with a
///                       thread count: `cpu:avx512:2t`
///   `cpu:...:l1=S`, `l2=S`, `l3=S` the data cache sizes in bytes, or with a
///                       `k`/`m` suffix: `cpu:avx2:l1=32k:l2=512k:l3=8m`
///   `cpu:...:+f`, `-f`  the target's `features` with feature f added or
///                       removed, e.g. `cpu:avx512:+avx512bf16` (the parts
///                       apply left to right; a name LLVM's x86 target does
///                       not know is an error)
///   `cuda:sm_XY`        a CUDA GPU (getCUDATarget); `cuda:sm_XY:tf32`
///                       also lets f32 matmuls use tf32 tensor cores
///   `#sched.target<...>` an explicit attribute.
/// Reports a diagnostic at `loc` and fails on anything else.
FailureOr<sched::TargetAttr> parseTargetOption(StringRef option, Location loc);

/// The target named by a pass option, or, when the option is empty, the
/// `sched.target` attribute of `op` or its ancestors, or the host CPU.
FailureOr<sched::TargetAttr> resolveTarget(StringRef option, Operation *op);

/// How tuner-prepare prepares a program for `target`: everything, except
/// that on a CUDA target contractions keep their bf16/f16 inputs
/// (gpu.contraction_mma takes them to tensor cores; widening them once is
/// for the CPU's FMAs). Every pass that prepares uses this, so that the task
/// keys of one program and target agree between them.
PrepareOptions getPrepareOptions(sched::TargetAttr target);

/// resolveTarget(option, op), then prepareForScheduling(op) for that target.
FailureOr<sched::TargetAttr>
resolveTargetAndPrepare(StringRef option, Operation *op, bool prepare);

} // namespace mlir::tuner

#endif // TUNER_TUNER_TARGET_TARGET_H
