//===- DatabaseFuzzer.cpp - libFuzzer target for database lines -----------===//
//
// Feeds arbitrary bytes to the database reader, as single lines
// (parseRecordLine) and as a whole file (Database::parse), and checks what
// holds for every input: nothing crashes, hangs or overflows; a skipped line
// has a reason; a record accepted has positive finite timings and a known
// error code, and survives a round trip through the writer's JSON unchanged.
// Built with -fsanitize=fuzzer,address,undefined when the compiler can
// (TUNER_HAS_LIBFUZZER); test/Fuzz runs it for a few seconds on the seed
// corpus there.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Database/Database.h"
#include "Tuner/Tuner/Transfer/Similarity.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::tuner;

namespace {
[[noreturn]] void fail(const char *what, StringRef detail) {
  std::fprintf(stderr, "database fuzzer: %s: %.*s\n", what,
               static_cast<int>(std::min<size_t>(detail.size(), 2000)),
               detail.data());
  std::abort();
}

std::string serialize(const Record &r) {
  std::string line;
  llvm::raw_string_ostream(line) << recordToJSON(r);
  return line;
}

/// What must hold of a record the reader accepted.
void checkRecord(const Record &r, StringRef line) {
  for (double s : r.seconds)
    if (!std::isfinite(s) || s <= 0)
      fail("accepted a timing that is not positive and finite", line);
  int error = static_cast<int>(r.error);
  if (error < 0 || error > kMaxMeasureError)
    fail("accepted an unknown error code", line);
  if (r.taskKey.empty() || r.target.empty() || r.sketch.empty())
    fail("accepted an empty task, target or sketch", line);
  if (r.isValid() && !std::isfinite(r.median()))
    fail("a valid record has no finite median", line);
  // What the writer writes of it, the reader reads back the same.
  std::string again = serialize(r);
  if (again.size() > kDatabaseMaxLineBytes)
    return; // numbers may print longer than they were written
  std::string why;
  FailureOr<Record> reread = parseRecordLine(again, why);
  if (failed(reread))
    fail(("the writer's line is rejected: " + why).c_str(), again);
  if (reread->getConfigKey() != r.getConfigKey())
    fail("the config key changes in a round trip", again);
  if (reread->seconds != r.seconds || reread->error != r.error ||
      reread->taskKey != r.taskKey || reread->target != r.target)
    fail("a record changes in a round trip", again);
  // The free-form workload may print differently once (a double -0 is
  // written "-0" and read back as the integer 0); then it must be stable.
  std::string third = serialize(*reread);
  if (third != again) {
    FailureOr<Record> fourth = parseRecordLine(third, why);
    if (failed(fourth) || serialize(*fourth) != third)
      fail("a record does not settle in round trips", again);
  }
}

MLIRContext &getContext() {
  static MLIRContext *ctx = [] {
    auto *c = new MLIRContext(MLIRContext::Threading::DISABLED);
    c->loadDialect<sched::SchedDialect>();
    return c;
  }();
  return *ctx;
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  StringRef text(reinterpret_cast<const char *>(data), size);

  // Each line on its own.
  bool configChecked = false;
  StringRef rest = text;
  while (!rest.empty()) {
    auto [line, tail] = rest.split('\n');
    rest = tail;
    std::string why;
    FailureOr<Record> record = parseRecordLine(line, why);
    if (failed(record)) {
      if (why.empty())
        fail("a line is skipped without a reason", line);
      continue;
    }
    checkRecord(*record, line);
    // Attributes live as long as the context: one config per input.
    if (!configChecked) {
      configChecked = true;
      sched::ConfigAttr config = record->getConfig(&getContext());
      if (!config || config.getSketch() != record->sketch)
        fail("a record has no config", line);
    }
  }

  // The whole input as a database file.
  unsigned warnings = 0;
  std::string error;
  auto db = Database::parse(
      text,
      [&](unsigned, StringRef why) {
        if (why.empty())
          fail("a line is skipped without a reason", text);
        ++warnings;
      },
      error);
  if (failed(db)) {
    if (error.empty())
      fail("a database is refused without a reason", text);
    return 0;
  }
  if (warnings != (*db)->getNumSkipped())
    fail("skipped lines and warnings disagree", text);
  ArrayRef<Record> records = (*db)->getRecords();
  if (!records.empty()) {
    const Record &first = records.front();
    std::vector<const Record *> best =
        (*db)->getBest(first.taskKey, first.target, /*limit=*/0);
    for (size_t i = 1; i < best.size(); ++i)
      if (best[i - 1]->median() > best[i]->median())
        fail("getBest is not sorted", text);
    (void)getSimilarTasks(**db, first.workload, "", first.target);
  }
  return 0;
}
