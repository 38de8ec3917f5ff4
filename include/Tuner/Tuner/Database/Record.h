//===- Record.h - one measurement of the database ---------------*- C++ -*-===//
//
// The schema of a database record (one JSON object per line, Database.h):
// its fields, the limits on a line, and its conversion from and to JSON,
// which rejects a record that is malformed or makes no sense. docs/Tuning.md
// gives the format, the limits and the rules.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DATABASE_RECORD_H
#define TUNER_TUNER_DATABASE_RECORD_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/PTXAS.h"
#include "Tuner/Tuner/Database/RecordKnobs.h"
#include "Tuner/Tuner/Measure/MeasureError.h"

#include "mlir/Support/LLVM.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner {

/// Version of the record format written and read by this tuner.
constexpr int64_t kDatabaseFormatVersion = 1;

/// Limits on one line of a database, checked before it is parsed (a record
/// is normally under 10 KiB and nests 5 deep). A longer line is skipped
/// without being kept in memory; a deeper one would overflow the stack of
/// the recursive JSON parser; each JSON object costs the parser ~4 KiB, so
/// the number of objects and arrays is bounded too.
constexpr size_t kDatabaseMaxLineBytes = 1 << 20;
constexpr unsigned kDatabaseMaxNesting = 32;
constexpr unsigned kDatabaseMaxContainers = 4096;

/// A record's workload description (free-form JSON: name, anchor op, FLOPs,
/// operand shapes), immutable and shared: the records of a task read from a
/// database share one copy. Converts from and to a llvm::json::Object, and
/// has its accessors.
class RecordWorkload {
public:
  RecordWorkload() = default;
  RecordWorkload(llvm::json::Object object)
      : object(std::make_shared<const llvm::json::Object>(std::move(object))) {}

  const llvm::json::Object &getJSON() const {
    return object ? *object : getEmpty();
  }
  operator const llvm::json::Object &() const { return getJSON(); }

  const llvm::json::Value *get(StringRef key) const {
    return getJSON().get(key);
  }
  std::optional<StringRef> getString(StringRef key) const {
    return getJSON().getString(key);
  }
  std::optional<int64_t> getInteger(StringRef key) const {
    return getJSON().getInteger(key);
  }
  std::optional<double> getNumber(StringRef key) const {
    return getJSON().getNumber(key);
  }
  const llvm::json::Array *getArray(StringRef key) const {
    return getJSON().getArray(key);
  }
  const llvm::json::Object *getObject(StringRef key) const {
    return getJSON().getObject(key);
  }

private:
  static const llvm::json::Object &getEmpty();
  std::shared_ptr<const llvm::json::Object> object;
};

/// One measurement.
struct Record {
  int64_t version = kDatabaseFormatVersion;
  std::string taskKey;
  /// What the task computes: name, anchor op, FLOPs, shapes (free form).
  RecordWorkload workload;
  /// The printed #sched.target.
  std::string target;
  std::string sketch;
  /// Knob values: integers or strings.
  RecordKnobs knobs;
  /// Time per call of every repeat, in seconds.
  std::vector<double> seconds;
  MeasureError error = MeasureError::None;
  std::string message;
  double buildSeconds = 0;
  double runSeconds = 0;
  /// Seconds since the epoch when the measurement finished.
  double timestamp = 0;
  std::string tool;
  std::string llvm;
  /// The host that measured it, and the worker there when it was not the
  /// tuning process's own ("mpi rank 2"); absent in older records.
  std::string host;
  std::string worker;
  /// The kernels' resources (`ptxas -v`) of a CUDA candidate built where the
  /// toolkit exists; absent otherwise (and in older records).
  std::optional<cuda::KernelResources> resources;
  /// The line of the database file it was read from (1-based), for
  /// messages; 0 for a record not read from a file.
  unsigned line = 0;

  bool isValid() const {
    return error == MeasureError::None && !seconds.empty();
  }
  /// Median of `seconds` (Tuner/Support/Median.h; infinity when invalid).
  double median() const;
  /// The configuration as an attribute. Whether the sketch exists and the
  /// knobs fit it is not checked (the database does not depend on the
  /// sketches): a caller that turns it into a candidate
  /// (SketchInstance::fromConfig) must skip, with a warning, a record it
  /// rejects, as sched-apply-best does.
  sched::ConfigAttr getConfig(MLIRContext *ctx) const;
  /// The config's identity: sketch and knobs, in knob-name order.
  std::string getConfigKey() const;
};

/// Fills sketch and knobs from a config.
void setRecordConfig(Record &record, sched::ConfigAttr config);

llvm::json::Value recordToJSON(const Record &record);
/// Parses one line's object; fails with a message on a record that is
/// malformed or makes no sense: a required field missing or of the wrong
/// type (version, task, workload, target, sketch, knobs, times_s, error), an
/// empty task, target or sketch, a knob neither an integer nor a string, a
/// timing that is not a positive finite number, an unknown error code, an
/// optional field of the wrong type (message, error_name, tool, llvm: string;
/// build_s, run_s, timestamp: finite non-negative number), another format
/// version.
FailureOr<Record> recordFromJSON(const llvm::json::Value &value,
                                 std::string &error);
/// Parses and checks one line of a database (without its newline): the
/// limits on length and nesting, then JSON, then recordFromJSON. This is
/// what Database::open does with each line (and what the fuzzer drives).
FailureOr<Record> parseRecordLine(StringRef line, std::string &error);

/// The `tool` and `llvm` fields of records written by this build.
std::string getToolVersionString();
std::string getLLVMVersionString();

} // namespace mlir::tuner

#endif // TUNER_TUNER_DATABASE_RECORD_H
