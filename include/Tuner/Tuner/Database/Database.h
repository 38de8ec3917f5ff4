//===- Database.h - the records of every measurement ------------*- C++ -*-===//
//
// One JSON object per line, appended and flushed per measurement, never
// rewritten (design.md §6): what was measured (task key, workload, target,
// sketch, knobs), what came out (every timing, an error code and message),
// when and with what (wall-clock time, tool and LLVM versions). Reading skips
// a corrupt or truncated line and reports it; a run killed at any moment
// loses at most the line being written. docs/Database.md gives the format.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DATABASE_DATABASE_H
#define TUNER_TUNER_DATABASE_DATABASE_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/Measure/MeasureError.h"

#include "mlir/Support/LLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::tuner {

/// Version of the record format written and read by this tuner.
constexpr int64_t kDatabaseFormatVersion = 1;

/// One measurement.
struct Record {
  int64_t version = kDatabaseFormatVersion;
  std::string taskKey;
  /// What the task computes: name, anchor op, FLOPs, shapes (free form).
  llvm::json::Object workload;
  /// The printed #sched.target.
  std::string target;
  std::string sketch;
  /// Knob values: integers or strings.
  llvm::json::Object knobs;
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

  bool isValid() const {
    return error == MeasureError::None && !seconds.empty();
  }
  /// Median of `seconds` (Tuner/Support/Median.h; infinity when invalid).
  double median() const;
  /// The configuration as an attribute (null if a knob has another type).
  sched::ConfigAttr getConfig(MLIRContext *ctx) const;
  /// The config's identity: sketch and knobs, in knob-name order.
  std::string getConfigKey() const;
};

/// Fills sketch and knobs from a config.
void setRecordConfig(Record &record, sched::ConfigAttr config);

llvm::json::Value recordToJSON(const Record &record);
/// Parses one line's object; fails with a message on a malformed record.
FailureOr<Record> recordFromJSON(const llvm::json::Value &value,
                                 std::string &error);

/// A database file: its records, and appending new ones.
class Database {
public:
  ~Database();

  /// Reads `path` (a missing file is an empty database when opening for
  /// appending, an error otherwise). Malformed lines are
  /// skipped and reported through `warn`; a file written only in another
  /// format version is an error. With `forAppend`, the file is also opened
  /// (created) for appending, which fails for an unwritable path.
  static FailureOr<std::unique_ptr<Database>>
  open(StringRef path, bool forAppend,
       function_ref<void(unsigned line, StringRef message)> warn,
       std::string &error);
  /// open() reporting each skipped line as a warning at `loc` (what the
  /// passes reading a database do).
  static FailureOr<std::unique_ptr<Database>>
  openWithDiagnostics(StringRef path, bool forAppend, Location loc,
                      std::string &error);

  /// Appends a record and flushes it to the file.
  LogicalResult append(const Record &record, std::string &error);

  StringRef getPath() const { return path; }
  ArrayRef<Record> getRecords() const { return records; }
  /// Number of lines skipped while reading.
  unsigned getNumSkipped() const { return skipped; }

  /// The valid records of a task on a target, fastest (lowest median) first,
  /// at most `limit` of them (0 = all).
  std::vector<const Record *> getBest(StringRef taskKey, StringRef target,
                                      size_t limit = 1) const;

  /// Tasks recorded on `target` whose workload has the same anchor op and
  /// operands of the same ranks and element types as `workload` (the
  /// `workload` object of a record), other than `taskKey` itself, nearest
  /// first: (task key, distance), the distance being the sum over the
  /// operands' dimensions of |log2(a) - log2(b)|. Only tasks with a valid
  /// record count.
  std::vector<std::pair<std::string, double>>
  getSimilarTasks(const llvm::json::Object &workload, StringRef taskKey,
                  StringRef target) const;

private:
  Database() = default;

  std::string path;
  std::vector<Record> records;
  unsigned skipped = 0;
  std::unique_ptr<llvm::raw_fd_ostream> out;
};

/// The `tool` and `llvm` fields of records written by this build.
std::string getToolVersionString();
std::string getLLVMVersionString();

} // namespace mlir::tuner

#endif // TUNER_TUNER_DATABASE_DATABASE_H
