//===- FeatureJob.cpp - features computed in a worker process -------------===//

#include "Tuner/Tuner/CostModel/FeatureJob.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/CostModel/Features.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"

#include <chrono>

using namespace mlir;
using namespace mlir::tuner;

namespace {
using Clock = std::chrono::steady_clock;
} // namespace

FeatureOutcome mlir::tuner::featurizeCandidates(MLIRContext &ctx,
                                                const FeatureRequest &request) {
  auto start = Clock::now();
  FeatureOutcome out;
  out.features.resize(request.configs.size());
  // Failures only mean "no features": keep their diagnostics quiet.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(request.module, &ctx);
  auto target =
      dyn_cast_or_null<sched::TargetAttr>(parseAttribute(request.target, &ctx));
  if (module && target) {
    for (auto [i, text] : llvm::enumerate(request.configs)) {
      auto config =
          dyn_cast_or_null<sched::ConfigAttr>(parseAttribute(text, &ctx));
      std::string error;
      if (config)
        out.features[i] = featurizeConfig(*module, target, config, error);
    }
  }
  out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

llvm::json::Value mlir::tuner::runFeatureJob(MLIRContext &ctx,
                                             const llvm::json::Value &job) {
  FeatureRequest request;
  FeatureOutcome outcome;
  if (fromJSON(job, request))
    outcome = featurizeCandidates(ctx, request);
  return toJSON(outcome);
}

//===----------------------------------------------------------------------===//
// Wire format
//===----------------------------------------------------------------------===//

llvm::json::Value mlir::tuner::toJSON(const FeatureRequest &r) {
  llvm::json::Array configs;
  for (const std::string &c : r.configs)
    configs.push_back(c);
  return llvm::json::Object{{"module", r.module},
                            {"target", r.target},
                            {"configs", std::move(configs)}};
}

llvm::json::Value mlir::tuner::toJSON(const FeatureOutcome &r) {
  llvm::json::Array features;
  for (const std::vector<float> &f : r.features) {
    llvm::json::Array values;
    for (float x : f)
      values.push_back(double(x));
    features.push_back(std::move(values));
  }
  return llvm::json::Object{{"features", std::move(features)},
                            {"seconds", r.seconds}};
}

bool mlir::tuner::fromJSON(const llvm::json::Value &v, FeatureRequest &r) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return false;
  std::optional<StringRef> module = o->getString("module");
  std::optional<StringRef> target = o->getString("target");
  const llvm::json::Array *configs = o->getArray("configs");
  if (!module || !target || !configs)
    return false;
  r.module = module->str();
  r.target = target->str();
  r.configs.clear();
  for (const llvm::json::Value &c : *configs) {
    std::optional<StringRef> text = c.getAsString();
    if (!text)
      return false;
    r.configs.push_back(text->str());
  }
  return true;
}

bool mlir::tuner::fromJSON(const llvm::json::Value &v, FeatureOutcome &r) {
  const llvm::json::Object *o = v.getAsObject();
  const llvm::json::Array *features = o ? o->getArray("features") : nullptr;
  if (!features)
    return false;
  r.features.clear();
  for (const llvm::json::Value &f : *features) {
    const llvm::json::Array *values = f.getAsArray();
    if (!values)
      return false;
    std::vector<float> vector;
    for (const llvm::json::Value &x : *values)
      vector.push_back(float(x.getAsNumber().value_or(0)));
    r.features.push_back(std::move(vector));
  }
  r.seconds = o->getNumber("seconds").value_or(0);
  return true;
}
