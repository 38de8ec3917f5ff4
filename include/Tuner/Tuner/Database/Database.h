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
// A record and its schema are in Record.h, its knobs' encoding in
// RecordKnobs.h; this header is the file and the queries over its records.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DATABASE_DATABASE_H
#define TUNER_TUNER_DATABASE_DATABASE_H

#include "Tuner/Tuner/Database/Record.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir::tuner {

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
} // namespace mlir::tuner

#endif // TUNER_TUNER_DATABASE_DATABASE_H
