//===- Features.h - features of a scheduled candidate -----------*- C++ -*-===//
//
// The cost model sees a candidate through a fixed-length feature vector
// computed from its scheduled IR: the task after the candidate's sketch was
// applied with the transform interpreter, before lowering (loops, vector
// ops, slices and pads on tensors). The features describe the loop nest of
// the hottest computation (trip counts, parallel extent, vector width,
// FMAs per innermost iteration), the bytes each loop level touches and
// reuses, the arithmetic intensity per level, the footprint against the
// target's caches, whole-function totals (work, padding waste, packing
// traffic, code size), and the raw knob values. docs/CostModel.md lists
// every feature with its definition.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_COSTMODEL_FEATURES_H
#define TUNER_TUNER_COSTMODEL_FEATURES_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/PTXAS.h"
#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Sketch/Sketch.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <string>

namespace mlir::tuner {

/// Number of loop levels (from the innermost loop around the hottest
/// computation outwards) that get memory features.
constexpr unsigned kFeatureLoopLevels = 5;
/// Knob value slots (knobs beyond this many are not featurized).
constexpr unsigned kFeatureKnobSlots = 12;

/// The feature names, in vector order.
ArrayRef<std::string> getFeatureNames();
unsigned getNumFeatures();

/// Features of `func`, a task function after a candidate's sketch was
/// applied. `sketch` and `choice` give the knob features; `taskFlops` is the
/// task's useful work (to measure the waste of padding).
FeatureVector extractFeatures(FunctionOpInterface func,
                              sched::TargetAttr target,
                              const SketchInstance &sketch,
                              ArrayRef<unsigned> choice, int64_t taskFlops);

/// Applies `config` to a copy of `taskModule` (a module built by
/// buildTaskModule) and extracts the features of the result. Returns an
/// empty vector with the reason in `error` when the sketch does not apply.
FeatureVector featurizeConfig(ModuleOp taskModule, sched::TargetAttr target,
                              sched::ConfigAttr config, std::string &error);

/// Replaces the estimated GPU resource features of `f` (registers per
/// thread, spills, occupancy, waves, shared memory) with what ptxas reported
/// for the built candidate, and sets `gpu_resources_measured`. The tuner
/// does this for every measured CUDA candidate before the model learns from
/// it. No-op on CPU targets or vectors of another length.
void applyMeasuredResources(FeatureVector &f, sched::TargetAttr target,
                            const cuda::KernelResources &r);

} // namespace mlir::tuner

#endif // TUNER_TUNER_COSTMODEL_FEATURES_H
