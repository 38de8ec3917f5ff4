//===- InitAll.cpp - register everything mlir-tuner provides --------------===//
//
// Implements the registration entry points of Tuner/InitAll.h.
//
//===----------------------------------------------------------------------===//

#include "Tuner/InitAll.h"

#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExt.h"
#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.h"
#include "Tuner/Dialect/Sched/Transforms/Passes.h"
#include "Tuner/Dialect/TMTensor/IR/TMTensor.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Tuner/Driver/Featurizer.h"
#include "Tuner/Tuner/Driver/Passes.h"
#include "Tuner/Tuner/Passes/Passes.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void tuner::registerSchedDialect(DialectRegistry &registry) {
  registry.insert<sched::SchedDialect>();
}

void tuner::registerSchedPasses() {
  sched::registerSchedPasses();
  tuner::registerTunerSchedPasses();
}

void tuner::registerSchedTransformOps(DialectRegistry &registry) {
  sched::registerTransformDialectExtension(registry);
}

void tuner::registerAllDialects(DialectRegistry &registry) {
  registerSchedDialect(registry);
  registerSchedTransformOps(registry);
  // torch-mlir's tm_tensor ops and IREE's iree_linalg_ext ones, which
  // tuner-convert-frontend-ops replaces.
  registry.insert<tm_tensor::TMTensorDialect,
                  iree_linalg_ext::IREELinalgExtDialect>();
}

void tuner::registerTunerPasses() {
  tuner::registerTunerTransformsPasses();
  tuner::registerTunerDriverPasses();
  // tuner-tune starts this tool as its worker processes.
  registerWorkerJobs();
}

void tuner::registerWorkerJobs() { tuner::registerTunerWorkerJobs(); }

void tuner::registerAllPasses() {
  registerSchedPasses();
  registerTunerPasses();
}
