//===- Sketch.h - schedule templates with tunable knobs ---------*- C++ -*-===//
//
// A sketch is a schedule template for a kind of op (Ansor's sketches): given
// a fused group (an anchor op and the elementwise ops around it) and a target,
// it decides whether it applies, defines knobs with their legal values and the
// constraints between them, gives a heuristic default, and emits a transform
// script (a `transform.named_sequence`) whose numeric choices are
// `transform.tune.knob` / `transform.tune.alternatives` ops.
//
// The search space of a task is the union of the spaces of the sketches that
// match it. docs/Sketches.md describes each sketch.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SKETCH_SKETCH_H
#define TUNER_TUNER_SKETCH_SKETCH_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/Sketch/Knob.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include <memory>
#include <string>

namespace mlir::tuner {

class Sketch;

/// A sketch bound to one fused group and one target: its search space.
class SketchInstance {
public:
  SketchInstance(const Sketch &sketch, SmallVector<Knob> knobs)
      : sketch(sketch), knobs(std::move(knobs)) {}
  virtual ~SketchInstance();

  const Sketch &getSketch() const { return sketch; }
  StringRef getName() const;
  ArrayRef<Knob> getKnobs() const { return knobs; }
  /// The knob called `name` (which must exist), and its position.
  const Knob &getKnob(StringRef name) const;
  unsigned getKnobIndex(StringRef name) const;
  /// The position of the knob called `name`, if there is one.
  std::optional<unsigned> findKnobIndex(StringRef name) const;
  /// The integer options of knob `name`.
  SmallVector<int64_t> getIntOptions(StringRef name) const;

  /// Checks the constraints between knobs that option lists cannot express
  /// (a register tile divides the cache tile, a vector fits the registers).
  /// Runs before a candidate is built; a point that fails is never measured.
  virtual LogicalResult verify(const KnobValues &values,
                               std::string &whyNot) const {
    return success();
  }

  /// The transform script of this space, built in `ctx`: a module holding
  /// one `transform.named_sequence` called `symName` taking (%scope,
  /// %anchor), where %scope is the function holding the anchor op. Knob ops
  /// carry no `selected` value.
  virtual OwningOpRef<ModuleOp> buildScript(MLIRContext *ctx,
                                            StringRef symName) const = 0;

  /// The default configuration: the sketch's heuristic choice when it
  /// passes verify(), else the valid point nearest to it (one knob moved,
  /// then two, then the nearest of a fixed-seed random sample). Only when
  /// the space has no valid point found that way is the heuristic returned
  /// as it is (instantiateSketches drops such an instance).
  KnobChoice getDefault() const;

  /// A few more points worth measuring right after the default, where the
  /// heuristic cannot tell which suits the machine (tile shapes whose
  /// balance of bandwidth and occupancy only a measurement settles).
  /// tuner-tune measures the valid ones with the default's neighbours
  /// (`default-neighbours`). None unless a sketch overrides it.
  virtual SmallVector<KnobChoice> getSuggestions() const { return {}; }

  /// Whether this space comes first in the list instantiateSketches
  /// returns, so that its default becomes the group's: a sketch registered
  /// late (after the fallback) joins the search beside the others, and
  /// takes the default only where it says it is the better one.
  virtual bool isPreferred() const { return false; }

  /// Converts a point to a #sched.config.
  sched::ConfigAttr toConfig(MLIRContext *ctx, ArrayRef<unsigned> choice) const;
  /// Converts a #sched.config to a point; fails (with a message) if a knob is
  /// unknown or missing, or a value is not among its knob's options.
  FailureOr<KnobChoice> fromConfig(sched::ConfigAttr config,
                                   std::string &error) const;
  /// Adapts a config of this sketch made for another shape (transfer):
  /// every knob takes the legal option nearest to the config's value (the
  /// same option for a string knob, when it exists), a knob the config
  /// lacks its default; fails (with a message) for another sketch, or when
  /// the result violates the constraints.
  FailureOr<KnobChoice> adaptConfig(sched::ConfigAttr config,
                                    std::string &error) const;
  /// verify() on a choice.
  LogicalResult verify(ArrayRef<unsigned> choice, std::string &whyNot) const {
    return verify(KnobValues(knobs, choice), whyNot);
  }

protected:
  /// The sketch's heuristic choice for the shape and target. It should be
  /// valid; getDefault() repairs it where it is not (odd shapes).
  virtual KnobChoice getHeuristicDefault() const = 0;

  /// The valid point nearest to `start` (see getDefault), if one is found.
  std::optional<KnobChoice> findValidNear(const KnobChoice &start) const;

  /// Fails, writing why to `os`, when `config` names another sketch.
  LogicalResult checkSketch(sched::ConfigAttr config,
                            llvm::raw_ostream &os) const;

  const Sketch &sketch;
  SmallVector<Knob> knobs;
};

/// A schedule template. Stateless; registered once in the SketchRegistry.
class Sketch {
public:
  virtual ~Sketch();

  /// The name used in #sched.config, e.g. "cpu.contraction".
  virtual StringRef getName() const = 0;
  /// One paragraph on the schedule it builds.
  virtual StringRef getDescription() const = 0;
  virtual sched::TargetKind getTargetKind() const = 0;
  /// A fallback sketch joins a search space only when no other sketch of the
  /// target applies (it stays available by name, e.g. `sketches=`).
  virtual bool isFallback() const { return false; }

  /// Returns the sketch's space for `group` on `target`, or null with the
  /// reason in `whyNot` when the sketch does not apply.
  virtual std::unique_ptr<SketchInstance>
  instantiate(const FusedGroup &group, sched::TargetAttr target,
              std::string &whyNot) const = 0;
};

/// The sketches of this tool: the built-in ones, in order of preference for
/// defaults, then the ones registered with registerSketch().
class SketchRegistry {
public:
  static const SketchRegistry &get();

  /// Adds a sketch (a tool or a test library extending the tuner; the
  /// installed tools register none). Call it at start-up, before the
  /// registry is used from another thread. A sketch named like a registered
  /// one replaces nothing and is dropped; returns whether it was added.
  static bool registerSketch(std::unique_ptr<Sketch> sketch);

  /// The sketch called `name`, or null.
  const Sketch *lookup(StringRef name) const;
  /// All sketches for a target kind, in preference order, except the
  /// test-only sketches (named "test.*"), which lookup() still finds.
  SmallVector<const Sketch *> getSketches(sched::TargetKind kind) const;

private:
  SketchRegistry();
  static SketchRegistry &getMutable();
  SmallVector<std::unique_ptr<Sketch>> sketches;
};

/// Every sketch of the registry that applies to `group` on `target`, in
/// preference order. `whyNot` collects the reasons of the others.
SmallVector<std::unique_ptr<SketchInstance>>
instantiateSketches(const FusedGroup &group, sched::TargetAttr target,
                    std::string *whyNot = nullptr);

/// The instances, for `group` on `target`, of the fallback sketches that are
/// not among `instances` (instantiateSketches leaves the fallbacks out once
/// another sketch applies; they are the last resort when that sketch's
/// schedules do not apply after all).
SmallVector<std::unique_ptr<SketchInstance>>
instantiateFallbacks(const FusedGroup &group, sched::TargetAttr target,
                     ArrayRef<std::unique_ptr<SketchInstance>> instances);

/// Factories of the built-in sketches (one file each under lib/Tuner/Sketch).
std::unique_ptr<Sketch> createCPUContractionAMXSketch();
std::unique_ptr<Sketch> createCPUContractionBF16DotSketch();
std::unique_ptr<Sketch> createCPUContractionSketch();
std::unique_ptr<Sketch> createCPUContractionPaddedSketch();
std::unique_ptr<Sketch> createCPUConvolutionSketch();
std::unique_ptr<Sketch> createCPUElementwiseSketch();
std::unique_ptr<Sketch> createCPUFallbackSketch();
std::unique_ptr<Sketch> createCPUReductionSketch();
std::unique_ptr<Sketch> createGPUContractionMMASketch();
std::unique_ptr<Sketch> createGPUContractionSimtSketch();
std::unique_ptr<Sketch> createGPUContractionSketch();
std::unique_ptr<Sketch> createGPUContractionWgmmaSketch();
std::unique_ptr<Sketch> createGPUConvolutionSketch();
std::unique_ptr<Sketch> createGPUElementwiseSketch();
std::unique_ptr<Sketch> createGPUFallbackSketch();
std::unique_ptr<Sketch> createGPUReductionSketch();

} // namespace mlir::tuner

#endif // TUNER_TUNER_SKETCH_SKETCH_H
