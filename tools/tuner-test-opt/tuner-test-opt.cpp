//===- tuner-test-opt.cpp - tuner-opt with the test hooks -----------------===//
//
// tuner-opt plus the test library (test/lib/TestHooks.h): the
// `transform.sched.test_fault` op, the `test.*` sketches and the `fake`
// measurer. Built with the tests, never installed; the lit tests that drive
// error paths or the driver without hardware run it. Its workers are
// tuner-test-opt too, so they know the test sketches and ops.
//
//===----------------------------------------------------------------------===//

#include "TestHooks.h"
#include "TunerOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::tuner::test::registerTestHooks(registry);
  return mlir::tuner::tunerOptMain(
      argc, argv, registry,
      "mlir-tuner optimizer driver with the test hooks (tests only)\n");
}
