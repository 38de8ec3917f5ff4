//===- Passes.h - mlir-tuner pipelines and driver passes --------*- C++ -*-===//

#ifndef TUNER_TRANSFORMS_PASSES_H
#define TUNER_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tuner {

#define GEN_PASS_DECL
#include "Tuner/Transforms/Passes.h.inc"

/// How scf.forall is run after lowering.
enum class ParallelRuntime { OpenMP, None };

struct LowerCPUOptions {
  ParallelRuntime parallel = ParallelRuntime::OpenMP;
  bool outParams = false;
  bool cInterface = false;
};

/// Adds the tuner-lower-cpu pipeline to `pm` (which must run on a module).
void buildLowerCPUPipeline(OpPassManager &pm, const LowerCPUOptions &options);

#define GEN_PASS_REGISTRATION
#include "Tuner/Transforms/Passes.h.inc"

} // namespace mlir::tuner

#endif // TUNER_TRANSFORMS_PASSES_H
