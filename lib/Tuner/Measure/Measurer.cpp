//===- Measurer.cpp - the registry of measurers ---------------------------===//
//
// Measurers by name: `real` (the local measurer, LocalMeasurer.cpp) is built
// in; tools and test libraries register others.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Measure/Measurer.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <mutex>

using namespace mlir;
using namespace mlir::tuner;

Measurer::~Measurer() = default;

std::vector<BuilderJobResult>
Measurer::runOnBuilders(StringRef kind, ArrayRef<llvm::json::Value> jobs) {
  std::vector<BuilderJobResult> results(jobs.size());
  for (BuilderJobResult &r : results)
    r.why = "this measurer has no builder processes";
  return results;
}

namespace {
struct MeasurerRegistry {
  std::mutex mutex;
  llvm::StringMap<MeasurerInfo> entries;

  MeasurerRegistry() {
    MeasurerInfo real;
    real.name = "real";
    real.description =
        "build each candidate in a worker process and time it in a runner "
        "process";
    real.factory = createLocalMeasurer;
    entries[real.name] = std::move(real);
  }
};

MeasurerRegistry &getMeasurerRegistry() {
  static MeasurerRegistry registry;
  return registry;
}
} // namespace

void mlir::tuner::registerMeasurer(MeasurerInfo info) {
  MeasurerRegistry &r = getMeasurerRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::string name = info.name;
  r.entries.try_emplace(name, std::move(info));
}

const MeasurerInfo *mlir::tuner::lookupMeasurer(StringRef name) {
  MeasurerRegistry &r = getMeasurerRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto it = r.entries.find(name);
  // Entries are never removed: the pointer stays valid.
  return it == r.entries.end() ? nullptr : &it->second;
}

std::vector<std::string> mlir::tuner::getMeasurerNames() {
  MeasurerRegistry &r = getMeasurerRegistry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<std::string> names;
  for (const auto &entry : r.entries)
    names.push_back(entry.getKey().str());
  std::sort(names.begin(), names.end());
  return names;
}
