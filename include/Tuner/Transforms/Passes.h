//===- Passes.h - mlir-tuner pipelines and driver passes --------*- C++ -*-===//

#ifndef TUNER_TRANSFORMS_PASSES_H
#define TUNER_TRANSFORMS_PASSES_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>

namespace mlir::tuner {

#define GEN_PASS_DECL
#include "Tuner/Transforms/Passes.h.inc"

/// How scf.forall is run after lowering.
enum class ParallelRuntime { OpenMP, None };

struct LowerCPUOptions {
  ParallelRuntime parallel = ParallelRuntime::OpenMP;
  bool outParams = false;
  bool cInterface = false;
  /// Lower bf16 contractions in the packed (VNNI) form of AMX tile shapes to
  /// AMX tile operations (upstream convert-vector-to-amx); only for targets
  /// with amx-bf16.
  bool amx = false;
  /// Expand f32 <-> bf16 conversions into integer arithmetic
  /// (tuner-expand-math's expand-bf16): for targets without AVX512-BF16.
  bool expandBF16 = true;
};

/// The x86 ISA extensions (LLVM feature names) that schedules and their
/// lowering may use, and that a CPU target's `features` may list.
ArrayRef<StringLiteral> getCPUExtensions();

/// The LLVM target-feature flags of code for `target`: "+f" for each of
/// getCPUExtensions() (and `avx`) the target has, listed or implied by its
/// vector width, "-f" for the others, and "+f" for any other extension the
/// target lists. Empty for a null or non-CPU target.
/// tuner-lower-cpu puts them on every function (LLVM's `target-features`),
/// so that the code is the target's whatever CPU compiles it.
SmallVector<std::string> getCPUFeatureFlags(sched::TargetAttr target);

/// Whether code for `target` rounds to bf16 with integer arithmetic
/// (LowerCPUOptions::expandBF16): unless it is a CPU target with
/// avx512bf16 (true for null: correct everywhere).
bool expandsBF16(sched::TargetAttr target);

/// Whether code for `target` may hold cpu.contraction_amx schedules, which
/// need LowerCPUOptions::amx: a CPU target with amx-bf16 (false for null).
/// The pass, tuner-run and the builders all decide by it.
bool lowersToAMX(sched::TargetAttr target);

/// Adds the tuner-lower-cpu pipeline to `pm` (which must run on a module).
void buildLowerCPUPipeline(OpPassManager &pm, const LowerCPUOptions &options);

/// Splits the masked vector stores of partial tiles under `root` into rows,
/// each behind a branch on the mask's row count
/// (tuner-guard-masked-rows).
void guardMaskedRows(Operation *root);

/// Carries the vectors of SCF loops (and ifs) under `root` whose innermost
/// dimension is not a power of two and which are wider than `vectorBits` as
/// several vectors of power-of-two widths (tuner-split-carried-vectors).
LogicalResult splitCarriedVectors(Operation *root, unsigned vectorBits);

/// The discardable unit attribute that marks the 16x8x16 matmuls (in warps)
/// tuner-gpu-map-forall rewrites to nvgpu.mma.sync; gpu.contraction_mma
/// puts it on.
constexpr StringLiteral kMmaSyncAttrName = "tuner.mma_sync";

/// The module attribute tuner-lower-gpu sets to the chip it compiled for
/// (a string, "sm_90"): the module runs on a GPU, with or without kernels.
constexpr llvm::StringLiteral kGPUChipAttrName = "tuner.gpu_chip";

/// Binary format of the kernels of tuner-lower-gpu.
/// `LLVM` is the kernels' LLVM bitcode (NVPTX triple) in LLVM's bitcode
/// wrapper, which records its size: no device runs it, tools do (the test
/// tree's CUDA emulator).
enum class GPUBinaryFormat { PTX, Cubin, Fatbin, LLVM };

struct LowerGPUOptions {
  std::string chip = "sm_90";
  /// PTX features; the default +ptx80 becomes +ptx83 for an sm_XYa chip.
  std::string features = "+ptx80";
  GPUBinaryFormat format = GPUBinaryFormat::PTX;
  int optLevel = 3;
  bool outParams = false;
  bool cInterface = false;
  /// A remark per function counting the host ops that touch tensor data
  /// (tuner-gpu-device-memory's report).
  bool reportHostOps = false;
};

/// Adds the tuner-lower-gpu pipeline to `pm` (which must run on a module).
void buildLowerGPUPipeline(OpPassManager &pm, const LowerGPUOptions &options);

/// Parses the `format=` option of tuner-lower-gpu ("isa", "bin", "fatbin",
/// "llvm").
std::optional<GPUBinaryFormat> parseGPUBinaryFormat(StringRef name);

/// A step of both pipelines, before buffer-results-to-out-params: a buffer
/// returned more than once gets a copy for each later result.
std::unique_ptr<Pass> createCopyDuplicateResultsPass();

/// Upstream's buffer-results-to-out-params (static allocations hoisted,
/// public functions too), on the functions whose results all have static
/// shapes only.
std::unique_ptr<Pass> createResultsToOutParamsPass();

/// Erases the program's memref.dealloc ops of memref.alloc buffers, which
/// the CPU pipeline's ownership-based deallocation, run next, frees itself
/// (it rejects a program that frees some already).
std::unique_ptr<Pass> createDropProgramDeallocsPass();

/// The first step of both pipelines: records the tensor-level signature of
/// every public function (a `tuner.kernel` attribute), optionally asks for C
/// interfaces, and drops the `sched.*` annotations. With `rejectNarrowFloats`
/// (the CPU pipeline), floats of 8 bits or fewer (f8E4M3FN, f4E2M1FN), which
/// LLVM has no type for, are errors at the first op that uses one.
std::unique_ptr<Pass> createPrepareKernelsPass(bool outParams, bool cInterface,
                                               bool rejectNarrowFloats = false);

#define GEN_PASS_REGISTRATION
#include "Tuner/Transforms/Passes.h.inc"

} // namespace mlir::tuner

#endif // TUNER_TRANSFORMS_PASSES_H
