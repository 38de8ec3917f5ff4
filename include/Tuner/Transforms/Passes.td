//===- Passes.td - mlir-tuner pipelines and driver passes --*- tablegen -*-===//
//
// The lowering pipelines from scheduled linalg to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TRANSFORMS_PASSES_TD
#define TUNER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TunerLowerCPU : Pass<"tuner-lower-cpu", "::mlir::ModuleOp"> {
  let summary = "Lower scheduled linalg on tensors to the LLVM dialect (CPU)";
  let description = [{
    A fixed pipeline from the output of `sched-materialize` (scf, vector and
    remaining linalg ops on tensors) to the LLVM dialect, accepted by
    `mlir-translate --mlir-to-llvmir`, `mlir-runner` and `tuner-run`:

    1. canonicalize, CSE, empty-tensor elimination;
    2. one-shot bufferization across function boundaries with identity
       layouts (strided layouts would keep transfers from becoming vector
       loads), then canonicalize and CSE (they remove the self-copies of
       tiles), optionally results turned into out-parameters, buffer
       deallocation;
    3. unscheduled linalg ops to loops, remaining vector transfers to 1-D;
    4. `scf.forall` to OpenMP parallel loops (`parallel=openmp`, using the
       LLVM OpenMP runtime, Debian's libomp), to sequential loops
       (`parallel=none`);
    5. affine, memref, scf, vector, math, arith, index, OpenMP, ub, func and
       cf to LLVM, in the order the OpenMP lowering needs (memref before
       scf-to-cf: `memref.alloca_scope` must be lowered first).

    Every public function also gets a `tuner.kernel` attribute recording its
    tensor-level signature and FLOP count, which `tuner-run` uses to call an
    already-lowered module. The `sched.*` annotations are dropped, so that
    tools without the sched dialect (mlir-translate, mlir-runner) read the
    result.

    ```
    tuner-opt model.mlir --sched-apply-default --sched-materialize \
        --tuner-lower-cpu | mlir-translate --mlir-to-llvmir
    ```
  }];
  let options = [
    Option<"parallel", "parallel", "std::string", /*default=*/"\"openmp\"",
           "How scf.forall runs: 'openmp' or 'none' (sequential)">,
    Option<"outParams", "out-params", "bool", /*default=*/"false",
           "Turn memref results of public functions into out-parameters "
           "(the caller provides the output buffers)">,
    Option<"cInterface", "c-interface", "bool", /*default=*/"false",
           "Emit _mlir_ciface_ wrappers for public functions">,
  ];
}

#endif // TUNER_TRANSFORMS_PASSES_TD
