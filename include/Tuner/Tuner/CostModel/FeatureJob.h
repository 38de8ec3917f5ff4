//===- FeatureJob.h - features computed in a worker process -----*- C++ -*-===//
//
// Featurizing a candidate applies its sketch with the transform interpreter,
// which may crash or hang like a build. The tuner does it in the measurer's
// builder processes (Measurer::runOnBuilders) as jobs of kind `features`: a
// FeatureRequest (the task module, its target and a chunk of configs, all
// printed) answered by a FeatureOutcome. The cost model owns the job; the
// measurer only carries it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_COSTMODEL_FEATUREJOB_H
#define TUNER_TUNER_COSTMODEL_FEATUREJOB_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace mlir::tuner {

/// The kind of the builder job that featurizes candidates.
constexpr StringLiteral kFeatureJobKind = "features";

/// A features job: apply each config to the task module and extract the
/// cost model's features.
struct FeatureRequest {
  std::string module;
  std::string target;
  /// Printed #sched.config of each candidate.
  std::vector<std::string> configs;
};

struct FeatureOutcome {
  /// One vector per config; empty where the sketch failed to apply.
  std::vector<std::vector<float>> features;
  double seconds = 0;
};

/// Computes the features of every config of `request` in `ctx`.
FeatureOutcome featurizeCandidates(MLIRContext &ctx,
                                   const FeatureRequest &request);

/// The worker's side of a features job (registered with registerWorkerJob
/// under kFeatureJobKind): a FeatureRequest in, a FeatureOutcome out; a
/// malformed request gets an outcome without features.
llvm::json::Value runFeatureJob(MLIRContext &ctx, const llvm::json::Value &job);

/// JSON wire format of the job.
llvm::json::Value toJSON(const FeatureRequest &r);
llvm::json::Value toJSON(const FeatureOutcome &r);
bool fromJSON(const llvm::json::Value &v, FeatureRequest &r);
bool fromJSON(const llvm::json::Value &v, FeatureOutcome &r);

} // namespace mlir::tuner

#endif // TUNER_TUNER_COSTMODEL_FEATUREJOB_H
