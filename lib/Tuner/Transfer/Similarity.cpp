//===- Similarity.cpp - which recorded tasks are like a new one -----------===//
//
// The similarity of tasks that transfer-tuning ranks its sources by: a
// log-shape distance between the workloads of records. It is transfer
// policy, kept out of the records library (Database only reads and writes).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Transfer/Similarity.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>
#include <optional>

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// The operands of a record's workload: (shape, element type) each.
std::optional<std::vector<std::pair<std::vector<int64_t>, std::string>>>
getOperands(const llvm::json::Object &workload) {
  const llvm::json::Array *operands = workload.getArray("operands");
  if (!operands)
    return std::nullopt;
  std::vector<std::pair<std::vector<int64_t>, std::string>> result;
  for (const llvm::json::Value &v : *operands) {
    const llvm::json::Object *o = v.getAsObject();
    const llvm::json::Array *shape = o ? o->getArray("shape") : nullptr;
    std::optional<StringRef> type =
        o ? o->getString("element_type") : std::nullopt;
    if (!shape || !type)
      return std::nullopt;
    std::vector<int64_t> dims;
    for (const llvm::json::Value &d : *shape) {
      std::optional<int64_t> dim = d.getAsInteger();
      if (!dim || *dim <= 0)
        return std::nullopt;
      dims.push_back(*dim);
    }
    result.push_back({std::move(dims), type->str()});
  }
  return result;
}
} // namespace

std::vector<std::pair<std::string, double>>
mlir::tuner::getSimilarTasks(const Database &db,
                             const llvm::json::Object &workload,
                             StringRef taskKey, StringRef target) {
  std::vector<std::pair<std::string, double>> result;
  std::optional<StringRef> anchor = workload.getString("anchor");
  auto operands = getOperands(workload);
  if (!anchor || !operands)
    return result;
  llvm::StringSet<> seen;
  for (const Record &r : db.getRecords()) {
    if (!r.isValid() || r.target != target || r.taskKey == taskKey ||
        seen.contains(r.taskKey))
      continue;
    std::optional<StringRef> otherAnchor = r.workload.getString("anchor");
    auto other = getOperands(r.workload);
    if (!otherAnchor || *otherAnchor != *anchor || !other ||
        other->size() != operands->size())
      continue;
    double distance = 0;
    bool comparable = true;
    for (auto [a, b] : llvm::zip(*operands, *other)) {
      if (a.first.size() != b.first.size() || a.second != b.second) {
        comparable = false;
        break;
      }
      for (auto [x, y] : llvm::zip(a.first, b.first))
        distance += std::fabs(std::log2(double(x)) - std::log2(double(y)));
    }
    if (!comparable)
      continue;
    seen.insert(r.taskKey);
    result.push_back({r.taskKey, distance});
  }
  // Nearest first; ties keep the order the tasks were first recorded in.
  SmallVector<size_t> order(result.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](size_t a, size_t b) {
    return std::make_pair(result[a].second, a) <
           std::make_pair(result[b].second, b);
  });
  std::vector<std::pair<std::string, double>> sorted;
  for (size_t i : order)
    sorted.push_back(std::move(result[i]));
  return sorted;
}
