//===- TestSchedTransformOps.td - test-only transform ops --*- tablegen -*-===//
//
// Transform ops that exist only to test the tuner's error paths. They are
// registered by the test library (test/lib), which only tuner-test-opt and
// the unit tests link: the installed tuner-opt cannot parse them.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TEST_LIB_DIALECT_SCHED_TESTSCHEDTRANSFORMOPS_TD
#define TUNER_TEST_LIB_DIALECT_SCHED_TESTSCHEDTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

def TestFaultOp : Op<Transform_Dialect, "sched.test_fault", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Test only: make building or running a candidate fail";
  let description = [{
    Exists so that the error paths of the tuning driver can be tested with
    real worker processes (it is used by the `test.fault` sketch only). The
    `kind` says what goes wrong:

    * `build_crash`: the process interpreting the script crashes (SIGSEGV);
    * `build_hang`: it never finishes;
    * `build_oom`: it allocates memory until the allocation fails;
    * `run_crash`: a call to `abort` is inserted at the start of the function
      holding each payload op, so the compiled kernel crashes when it runs;
    * `run_hang`: an infinite loop is inserted there instead;
    * `wrong_result`: 1 is added to every element of each payload op's first
      result (an elementwise linalg.generic after it), so the kernel runs but
      computes something else;
    * `wrong_small`: every element of the first result is multiplied by
      1 + 2^-12 instead (float results only): an error of 0.024%, far beyond
      an f32 rounding, within the relative tolerance of 1e-3 the result
      check had;
    * `none`: nothing.

    ```mlir
    transform.sched.test_fault %matmul kind = "run_crash" : !transform.any_op
    ```

    #### Return modes

    Fails definitely (after doing the damage) for the `build_*` kinds that
    return at all; succeeds otherwise. Only reads its operand handle; the
    payload is modified.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target, StrAttr:$kind);
  let results = (outs);
  let assemblyFormat = "$target `kind` `=` $kind attr-dict `:` type($target)";
  let hasVerifier = 1;
  let cppNamespace = "::mlir::sched::test";
}

#endif // TUNER_TEST_LIB_DIALECT_SCHED_TESTSCHEDTRANSFORMOPS_TD
