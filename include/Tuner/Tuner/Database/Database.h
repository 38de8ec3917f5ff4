//===- Database.h - the records of every measurement ------------*- C++ -*-===//
//
// One JSON object per line, appended and flushed per measurement, never
// rewritten (design.md §6): what was measured (task key, workload, target,
// sketch, knobs), what came out (every timing, an error code and message),
// when and with what (wall-clock time, tool and LLVM versions). Reading skips
// a line that cannot be a measurement (corrupt, truncated, too long or too
// deeply nested, or a record that makes no sense) and reports it; a run
// killed at any moment loses at most the line being written; concurrent
// writers append whole lines (one write(2) per record under an advisory
// lock). docs/Tuning.md gives the format, the limits and the rules.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DATABASE_DATABASE_H
#define TUNER_TUNER_DATABASE_DATABASE_H

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/PTXAS.h"
#include "Tuner/Tuner/Measure/MeasureError.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

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

/// The knob values of a record: (name, integer or string) pairs in name
/// order, kept compactly in one buffer (a llvm::json::Object per record cost
/// ~4 KiB). `knobs["m1"] = 64` and `knobs.getInteger("m1")` work as they did
/// on the llvm::json::Object this replaces.
class RecordKnobs {
public:
  /// One knob, viewing the buffer (valid until the knobs change).
  struct Entry {
    StringRef name;
    bool isString = false;
    int64_t integer = 0;
    StringRef string;
  };

  /// Sets (adds or replaces) a knob.
  void set(StringRef name, int64_t value);
  void set(StringRef name, StringRef value);
  /// The value of knob `name`, if it is one of that type.
  std::optional<int64_t> getInteger(StringRef name) const;
  std::optional<StringRef> getString(StringRef name) const;
  bool contains(StringRef name) const { return find(name).has_value(); }
  /// The knobs in name order.
  SmallVector<Entry> getEntries() const;
  size_t size() const;
  bool empty() const { return data.empty(); }
  void clear() { data.clear(); }
  bool operator==(const RecordKnobs &other) const { return data == other.data; }

  /// `knobs[name] = value`, as on a llvm::json::Object.
  class Assignment {
  public:
    Assignment &operator=(int64_t value) {
      knobs.set(name, value);
      return *this;
    }
    Assignment &operator=(StringRef value) {
      knobs.set(name, value);
      return *this;
    }

  private:
    friend class RecordKnobs;
    Assignment(RecordKnobs &knobs, StringRef name)
        : knobs(knobs), name(name.str()) {}
    RecordKnobs &knobs;
    std::string name;
  };
  Assignment operator[](StringRef name) { return Assignment(*this, name); }

  /// Replaces all knobs (any order; a repeated name keeps its last value).
  void assign(ArrayRef<Entry> entries);

private:
  std::optional<Entry> find(StringRef name) const;
  /// Per knob in name order: u32 name size, name, u8 kind (0 integer,
  /// 1 string), then an int64 or a u32 size and the string.
  std::string data;
};

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

/// A database file: its records, and appending new ones.
class Database {
public:
  ~Database();

  /// Reads `path` (a missing file is an empty database when opening for
  /// appending, an error otherwise); anything but a regular file (a device,
  /// a FIFO, a directory) is an error. Lines that are not records
  /// (parseRecordLine) are skipped and reported through `warn` with their
  /// number and why; a file written only in another format version is an
  /// error. With `forAppend`, the file is also opened (created) for
  /// appending, which fails for an unwritable path. Reading holds a shared
  /// advisory lock (flock), so that a line being appended by another
  /// process is not mistaken for a truncated one.
  static FailureOr<std::unique_ptr<Database>>
  open(StringRef path, bool forAppend,
       function_ref<void(unsigned line, StringRef message)> warn,
       std::string &error);
  /// open() reporting each skipped line as a warning at `loc` (what the
  /// passes reading a database do).
  static FailureOr<std::unique_ptr<Database>>
  openWithDiagnostics(StringRef path, bool forAppend, Location loc,
                      std::string &error);

  /// Reads records from `text` as open() reads a file's contents, with no
  /// file behind them (append() fails). For tests and the fuzzer.
  static FailureOr<std::unique_ptr<Database>>
  parse(StringRef text,
        function_ref<void(unsigned line, StringRef message)> warn,
        std::string &error);

  /// Appends a record: one write(2) of the whole line on the O_APPEND
  /// descriptor under an exclusive advisory lock (flock), so that
  /// concurrent writers produce whole lines; a line left without its
  /// newline (a writer killed mid-line) is ended first. Fails for a record
  /// that the reader would skip (its message is shortened to keep the line
  /// under kDatabaseMaxLineBytes), or when the write fails.
  LogicalResult append(const Record &record, std::string &error);

  StringRef getPath() const { return path; }
  ArrayRef<Record> getRecords() const { return records; }
  /// Number of lines skipped while reading.
  unsigned getNumSkipped() const { return skipped; }

  /// The valid records of a task on a target, fastest (lowest median) first,
  /// at most `limit` of them (0 = all).
  std::vector<const Record *> getBest(StringRef taskKey, StringRef target,
                                      size_t limit = 1) const;

private:
  friend class DatabaseReader;
  Database() = default;
  /// `workload`, shared with the equal workloads of records already read.
  RecordWorkload internWorkload(const llvm::json::Object &workload);

  std::string path;
  std::vector<Record> records;
  unsigned skipped = 0;
  /// The descriptor appended to (O_APPEND), or -1.
  int fd = -1;
  /// Workloads by their JSON text: each distinct one is kept once.
  llvm::StringMap<RecordWorkload> workloads;
};

/// The `tool` and `llvm` fields of records written by this build.
std::string getToolVersionString();
std::string getLLVMVersionString();

} // namespace mlir::tuner

#endif // TUNER_TUNER_DATABASE_DATABASE_H
