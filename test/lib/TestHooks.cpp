//===- TestHooks.cpp - register the test-only extensions ------------------===//

#include "TestHooks.h"

void mlir::tuner::test::registerTestHooks(DialectRegistry &registry) {
  registerTestTransformOps(registry);
  registerTestSketches();
  registerFakeMeasurer();
}
