//===- InitAll.cpp - register everything mlir-tuner provides --------------===//
//
// Implements the registration entry points of Tuner/InitAll.h.
//
//===----------------------------------------------------------------------===//

#include "Tuner/InitAll.h"

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Dialect/Sched/Transforms/Passes.h"
#include "Tuner/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void tuner::registerSchedDialect(DialectRegistry &registry) {
  registry.insert<sched::SchedDialect>();
}

void tuner::registerSchedPasses() { sched::registerSchedPasses(); }

void tuner::registerAllDialects(DialectRegistry &registry) {
  registerSchedDialect(registry);
}

void tuner::registerTunerPasses() { tuner::registerTunerTransformsPasses(); }

void tuner::registerAllPasses() {
  registerSchedPasses();
  registerTunerPasses();
}
