//===- Featurizer.h - the cost model's features of candidates ---*- C++ -*-===//
//
// The tuner scores candidates with the cost model, which sees each one as a
// feature vector (CostModel/Features.h). Computing it applies the
// candidate's sketch, which may crash or hang, so the default featurizer
// sends `features` jobs (CostModel/FeatureJob.h) to the measurer's builder
// processes (Measurer::runOnBuilders): the cost model owns the job, the
// measurer only carries it, and the driver joins the two here.
//
// A measurer that builds nothing (the test library's `fake`) registers a
// featurizer of its own under its name.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DRIVER_FEATURIZER_H
#define TUNER_TUNER_DRIVER_FEATURIZER_H

#include "Tuner/Tuner/CostModel/CostModel.h"
#include "Tuner/Tuner/Measure/Measurer.h"

#include <functional>
#include <memory>
#include <vector>

namespace mlir::tuner {

class Featurizer {
public:
  virtual ~Featurizer();
  /// The cost model's feature vectors of `inputs`, one per input; empty
  /// where the sketch did not apply or featurizing failed (`warn` says why).
  virtual std::vector<FeatureVector> featurize(MeasureTask &task,
                                               ArrayRef<MeasureInput> inputs,
                                               const MeasureWarnFn &warn) = 0;
  /// Length of the vectors featurize() returns.
  virtual unsigned getNumFeatures() const = 0;
};

using FeaturizerFactory =
    std::function<std::unique_ptr<Featurizer>(Measurer &measurer)>;

/// Registers the featurizer to use with the measurer registered as
/// `measurerName`. Call it at start-up; a name already registered is kept.
void registerFeaturizer(StringRef measurerName, FeaturizerFactory factory);

/// The featurizer of the measurer `measurerName`: the one registered for it,
/// else createBuilderFeaturizer(measurer).
std::unique_ptr<Featurizer> createFeaturizer(StringRef measurerName,
                                             Measurer &measurer);

/// Features computed by `features` jobs on the builders of `measurer`, in
/// chunks of a few dozen candidates (a builder that crashes or hangs costs
/// its chunk's features only).
std::unique_ptr<Featurizer> createBuilderFeaturizer(Measurer &measurer);

/// Registers the builder jobs tuner-tune sends (`features`). Tools call it
/// before maybeRunWorker; tuner::registerAllPasses (InitAll.h) does.
void registerTunerWorkerJobs();

} // namespace mlir::tuner

#endif // TUNER_TUNER_DRIVER_FEATURIZER_H
