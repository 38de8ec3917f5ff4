//===- DatabaseQueries.cpp - questions asked of a database's records -----===//
//
// The queries over the records read or appended (Database.h): the best
// records of a task, and the workloads records share.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Database/Database.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace mlir::tuner;

RecordWorkload Database::internWorkload(const llvm::json::Object &workload) {
  // The JSON text, keys sorted at every level, without copying the object.
  std::string text;
  {
    llvm::raw_string_ostream os(text);
    llvm::json::OStream json(os);
    std::vector<const llvm::json::Object::value_type *> members;
    for (const auto &member : workload)
      members.push_back(&member);
    llvm::sort(members, [](const auto *a, const auto *b) {
      return a->first < b->first;
    });
    json.object([&] {
      for (const auto *member : members)
        json.attribute(member->first, member->second);
    });
  }
  auto it = workloads.find(text);
  if (it != workloads.end())
    return it->second;
  RecordWorkload shared(workload);
  workloads.try_emplace(text, shared);
  return shared;
}

std::vector<const Record *>
Database::getBest(StringRef taskKey, StringRef target, size_t limit) const {
  // (median, record): each median computed once; ties keep file order (the
  // records are contiguous, so their addresses are in file order).
  std::vector<std::pair<double, const Record *>> ranked;
  for (const Record &r : records)
    if (r.isValid() && r.taskKey == taskKey && r.target == target)
      ranked.push_back({r.median(), &r});
  llvm::sort(ranked);
  if (limit && ranked.size() > limit)
    ranked.resize(limit);
  std::vector<const Record *> result;
  for (const auto &[median, record] : ranked)
    result.push_back(record);
  return result;
}
