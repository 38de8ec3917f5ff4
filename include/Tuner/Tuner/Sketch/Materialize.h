//===- Materialize.h - apply a sketch to an op ------------------*- C++ -*-===//
//
// Instantiating a sketch's transform script with knob values and applying it
// to an anchor op with the transform interpreter. sched-materialize and the
// tuner's builders both call these.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SKETCH_MATERIALIZE_H
#define TUNER_TUNER_SKETCH_MATERIALIZE_H

#include "Tuner/Tuner/Sketch/Sketch.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::tuner {

/// Parses the text of a sketch script (one transform.named_sequence) into a
/// module with `transform.with_named_sequence`. Returns null (and reports the
/// parse error) on failure.
OwningOpRef<ModuleOp> parseScript(MLIRContext *ctx, StringRef text);

/// Sets the `selected` value of every tune.knob and tune.alternatives op of
/// `script` to the option of `choice`. Fails if the script names a knob the
/// instance does not have.
LogicalResult selectKnobs(Operation *script, const SketchInstance &instance,
                          ArrayRef<unsigned> choice, std::string &error);

/// Builds the script of `instance` as the sequence `symName`, with the
/// knobs selected for `choice`: checks the sketch's constraints, parses the
/// script and selects its knobs. On failure returns null and `error` says
/// why. sched-materialize applies the result (applySketch);
/// sched-export-transform rewrites it into upstream ops.
OwningOpRef<ModuleOp> buildSelectedScript(MLIRContext *ctx,
                                          const SketchInstance &instance,
                                          ArrayRef<unsigned> choice,
                                          StringRef symName,
                                          std::string &error);

/// Applies `instance` with `choice` to `anchor`. The script runs on a copy of
/// the function holding the anchor, which replaces the function's body only
/// if every transform succeeded: on failure the IR is left as it was and
/// `error` says why. The ops derived from the anchor group lose their
/// `sched.task`/`sched.config` annotations.
LogicalResult applySketch(const SketchInstance &instance,
                          ArrayRef<unsigned> choice, Operation *anchor,
                          std::string &error);

/// Whether applySketch would succeed: applies `instance` with `choice` to a
/// copy of the function holding `anchor` and drops the copy; the IR does not
/// change. On failure `error` says why.
LogicalResult checkSketchApplies(const SketchInstance &instance,
                                 ArrayRef<unsigned> choice, Operation *anchor,
                                 std::string &error);

/// `instances` less those whose default config does not apply to the
/// group's anchor (checkSketchApplies; `onFailure` hears of each), or, where
/// none is left, the fallback sketches' instances whose default applies.
SmallVector<std::unique_ptr<SketchInstance>> keepApplicableInstances(
    SmallVector<std::unique_ptr<SketchInstance>> instances,
    const FusedGroup &group, sched::TargetAttr target,
    function_ref<void(const SketchInstance &, StringRef error)> onFailure);

/// A #sched.config resolved against its anchor op: the sketch's space for
/// the anchor's fused group and the point the config names.
struct ResolvedConfig {
  std::unique_ptr<SketchInstance> instance;
  KnobChoice choice;
};

/// Resolves the #sched.config of `anchor` for `target`: rebuilds the
/// anchor's fused group, finds the sketch and checks the config against its
/// knobs. Reports failures as errors on the anchor op.
FailureOr<ResolvedConfig> resolveConfig(Operation *anchor,
                                        sched::ConfigAttr config,
                                        sched::TargetAttr target);

/// Materializes the #sched.config of `anchor` for `target`: rebuilds the
/// anchor's fused group, finds the sketch, checks the config against its
/// knobs and constraints, and applies it. Reports failures as errors on the
/// anchor op.
LogicalResult materializeConfig(Operation *anchor, sched::ConfigAttr config,
                                sched::TargetAttr target);

/// Applies every #sched.config in `func` (walk order) to one copy of it,
/// which replaces the function's body if all of them applied and the result
/// verifies: linear in the function's size, where materializeConfig, a
/// copy per config, is quadratic (a model of thousands of ops took minutes).
/// On failure `func` is left as it was and nothing is reported: applying
/// the configs one at a time (materializeConfig) then says which fails.
LogicalResult materializeAllInOneCopy(FunctionOpInterface func,
                                      sched::TargetAttr target);

/// Builds the space of `group` for the sketch called `sketchName`, or fails
/// with the reason.
FailureOr<std::unique_ptr<SketchInstance>>
instantiateSketch(StringRef sketchName, const FusedGroup &group,
                  sched::TargetAttr target, std::string &error);

/// Registers what applying sketch scripts needs: the transform dialect and
/// its extensions for linalg, scf, tensor, vector, loops and tuning, and the
/// tiling, bufferization and value-bounds interfaces of the payload dialects.
/// Passes that apply sketches call it from getDependentDialects.
void registerSketchDependencies(DialectRegistry &registry);

} // namespace mlir::tuner

#endif // TUNER_TUNER_SKETCH_MATERIALIZE_H
