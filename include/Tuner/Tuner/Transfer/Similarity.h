//===- Similarity.h - which recorded tasks are like a new one ---*- C++ -*-===//
//
// Transfer-tuning's notion of similar tasks (Transfer.h): it owns the
// distance between workloads; the database only stores and queries records.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_TRANSFER_SIMILARITY_H
#define TUNER_TUNER_TRANSFER_SIMILARITY_H

#include "Tuner/Tuner/Database/Database.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir::tuner {

/// Tasks recorded in `db` on `target` whose workload has the same anchor op
/// and operands of the same ranks and element types as `workload` (the
/// `workload` object of a record), other than `taskKey` itself, nearest
/// first: (task key, distance), the distance being the sum over the
/// operands' dimensions of |log2(a) - log2(b)|. Only tasks with a valid
/// record count.
std::vector<std::pair<std::string, double>>
getSimilarTasks(const Database &db, const llvm::json::Object &workload,
                StringRef taskKey, StringRef target);

} // namespace mlir::tuner

#endif // TUNER_TUNER_TRANSFER_SIMILARITY_H
