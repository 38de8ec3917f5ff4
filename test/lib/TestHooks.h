//===- TestHooks.h - test-only extensions of the tuner ----------*- C++ -*-===//
//
// The test library (test/lib, target MLIRTunerTestLib) holds what exists
// only to test the tuner, upstream's test/lib pattern: the fault-injection
// transform op (`transform.sched.test_fault`), the test sketches
// (`test.fault`, `test.run_hang`, `test.fail_to_apply`) and the fake
// measurer (`measure=fake`). Only tuner-test-opt and the unit tests link it;
// the installed tools cannot reach any of it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TEST_LIB_TESTHOOKS_H
#define TUNER_TEST_LIB_TESTHOOKS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace mlir {
class DialectRegistry;
namespace tuner {
class Featurizer;
class SearchSpace;
class SketchInstance;
struct Candidate;

namespace test {

/// Registers everything below: call it in main() before anything else
/// reads the registries (and before maybeRunWorker, so that the workers of
/// a test tool know the test sketches and ops too).
void registerTestHooks(DialectRegistry &registry);

/// `transform.sched.test_fault` (a transform dialect extension).
void registerTestTransformOps(DialectRegistry &registry);
/// The test sketches, in the SketchRegistry.
void registerTestSketches();
/// The `fake` measurer, in the measurer registry, and its featurizer.
void registerFakeMeasurer();
/// The fake measurer's featurizer: the sketch's rank and the knobs' option
/// indices as features (13), nothing built.
std::unique_ptr<Featurizer> createFakeFeaturizer();

/// The fake measurer's cost (seconds) of a point of a sketch's space: a
/// separable bowl over the knobs' option indices with an optimum that
/// depends on the task, scaled by 1 + 0.5 x `sketchRank` (later sketches of a
/// space are worse, like the padded and fallback sketches are on real
/// hardware). The best point of the first sketch costs 1 ms.
double getFakeCost(const SketchInstance &sketch, unsigned sketchRank,
                   ArrayRef<unsigned> choice, StringRef taskKey);
/// The fake cost of a candidate of `space` (its sketch's rank is its index).
double getFakeCost(const SearchSpace &space, const Candidate &candidate,
                   StringRef taskKey);

} // namespace test
} // namespace tuner
} // namespace mlir

#endif // TUNER_TEST_LIB_TESTHOOKS_H
