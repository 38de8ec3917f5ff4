//===- Database.cpp - the database file: reading and appending -----------===//
//
// Reading a database file in bounded chunks (skipping and reporting the lines
// that are not records) and appending records to it whole, under advisory
// locks. The records' schema is in Record.cpp, the queries in
// DatabaseQueries.cpp.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Database/Database.h"

#include "RecordParser.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/JSON.h"

#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tuner;

namespace {
std::string errnoMessage(int err) {
  return std::error_code(err, std::generic_category()).message();
}

/// flock() that retries on EINTR. Locks are advisory and best-effort: a
/// filesystem without them (some network filesystems) reads and appends
/// unlocked.
void lockFile(int fd, int operation) {
  while (::flock(fd, operation) != 0 && errno == EINTR) {
  }
}

/// What a file that is not a regular one is.
std::string describeFileType(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a plain file";
}
} // namespace

namespace mlir::tuner {
/// Splits what is read into lines (bounding each without keeping an
/// over-long one), parses them into a database, and counts what was
/// skipped.
class DatabaseReader {
public:
  DatabaseReader(Database &db, function_ref<void(unsigned, StringRef)> warn)
      : db(db), warn(warn) {}

  void feed(StringRef chunk) {
    while (!chunk.empty()) {
      size_t newline = chunk.find('\n');
      StringRef piece = chunk.substr(0, newline);
      if (newline != StringRef::npos && pending.empty() && !overlong) {
        // The whole line is in this chunk: no copy.
        endLine(piece, /*complete=*/true);
      } else {
        if (!overlong &&
            pending.size() + piece.size() > kDatabaseMaxLineBytes) {
          overlong = true;
          pending.clear();
        }
        if (!overlong)
          pending.append(piece.begin(), piece.end());
        if (newline == StringRef::npos)
          return;
        endLine(pending, /*complete=*/true);
      }
      chunk = chunk.drop_front(newline + 1);
    }
  }

  /// Ends the last line (one without a newline) and checks the version.
  LogicalResult finish(StringRef path, std::string &error) {
    if (!pending.empty() || overlong)
      endLine(pending, /*complete=*/false);
    if (parsed == 0 && otherVersion > 0) {
      error = "database '" + path.str() + "' was written in format version " +
              std::to_string(seenVersion) + "; this tuner reads version " +
              std::to_string(kDatabaseFormatVersion);
      return failure();
    }
    return success();
  }

private:
  void endLine(StringRef line, bool complete) {
    ++lineNumber;
    std::string why;
    if (overlong) {
      why = "longer than " + std::to_string(kDatabaseMaxLineBytes) + " bytes";
    } else if (line.trim().empty()) {
      pending.clear();
      return;
    } else {
      std::optional<int64_t> version;
      FailureOr<Record> record = detail::parseRecordLine(
          line, why, &version,
          [&](const llvm::json::Object &w) { return db.internWorkload(w); });
      if (succeeded(record)) {
        record->line = lineNumber;
        db.records.push_back(std::move(*record));
        ++parsed;
        pending.clear();
        return;
      }
      if (version) {
        ++otherVersion;
        seenVersion = *version;
      }
    }
    // A record cut short by a writer killed mid-line does not parse; a
    // complete record that only lacks its newline does, and is kept.
    if (!complete)
      why = "truncated: the file does not end with a newline (" + why + ")";
    ++db.skipped;
    if (warn)
      warn(lineNumber, why);
    pending.clear();
    overlong = false;
  }

  Database &db;
  function_ref<void(unsigned, StringRef)> warn;
  std::string pending;
  bool overlong = false;
  unsigned lineNumber = 0, parsed = 0, otherVersion = 0;
  int64_t seenVersion = 0;
};
} // namespace mlir::tuner

Database::~Database() {
  if (fd >= 0)
    ::close(fd);
}

FailureOr<std::unique_ptr<Database>>
Database::open(StringRef path, bool forAppend,
               function_ref<void(unsigned, StringRef)> warn,
               std::string &error) {
  std::unique_ptr<Database> db(new Database());
  db->path = path.str();
  auto notRegular = [&](mode_t mode) {
    error = "database '" + path.str() + "' is not a regular file (" +
            describeFileType(mode) + ")";
    return failure();
  };
  // Look before opening: opening a device or a FIFO can block or have
  // effects, and reading one may never end.
  struct stat st;
  if (::stat(db->path.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode))
      return notRegular(st.st_mode);
  } else if (int err = errno; err != ENOENT || !forAppend) {
    error = err == ENOENT ? "database '" + path.str() + "' does not exist"
                          : "cannot read database '" + path.str() +
                                "': " + errnoMessage(err);
    return failure();
  }
  // O_NONBLOCK: should the path have become a FIFO since, opening it does
  // not wait for a peer; fstat then refuses it.
  int flags = O_CLOEXEC | O_NONBLOCK |
              (forAppend ? O_RDWR | O_APPEND | O_CREAT : O_RDONLY);
  int fd;
  do {
    fd = ::open(db->path.c_str(), flags, 0666);
  } while (fd < 0 && errno == EINTR);
  if (fd < 0) {
    int err = errno;
    error = forAppend ? "cannot open database '" + path.str() +
                            "' for writing: " + errnoMessage(err)
                      : "cannot read database '" + path.str() +
                            "': " + errnoMessage(err);
    return failure();
  }
  db->fd = fd; // closed by the destructor
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    error = "cannot read database '" + path.str() + "': " + errnoMessage(err);
    return failure();
  }
  if (!S_ISREG(st.st_mode))
    return notRegular(st.st_mode);
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);

  // Read in chunks: memory stays bounded by the records kept, not by the
  // file (or by one over-long line).
  DatabaseReader reader(*db, warn);
  lockFile(fd, LOCK_SH);
  std::vector<char> buffer(1 << 16);
  while (true) {
    ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      int err = errno;
      error = "cannot read database '" + path.str() + "': " + errnoMessage(err);
      lockFile(fd, LOCK_UN);
      return failure();
    }
    if (n == 0)
      break;
    reader.feed(StringRef(buffer.data(), n));
  }
  lockFile(fd, LOCK_UN);
  if (failed(reader.finish(path, error)))
    return failure();
  db->records.shrink_to_fit();
  if (!forAppend) {
    ::close(db->fd);
    db->fd = -1;
  }
  return db;
}

FailureOr<std::unique_ptr<Database>>
Database::parse(StringRef text, function_ref<void(unsigned, StringRef)> warn,
                std::string &error) {
  std::unique_ptr<Database> db(new Database());
  db->path = "<text>";
  DatabaseReader reader(*db, warn);
  reader.feed(text);
  if (failed(reader.finish(db->path, error)))
    return failure();
  return db;
}

FailureOr<std::unique_ptr<Database>>
Database::openWithDiagnostics(StringRef path, bool forAppend, Location loc,
                              std::string &error) {
  return open(
      path, forAppend,
      [&](unsigned line, StringRef why) {
        emitWarning(loc) << "database '" << path << "', line " << line << ": "
                         << why << "; the line is skipped";
      },
      error);
}

LogicalResult Database::append(const Record &record, std::string &error) {
  if (fd < 0) {
    error = "database '" + path + "' is not open for writing";
    return failure();
  }
  auto serialize = [](const Record &r) {
    std::string line;
    llvm::raw_string_ostream(line) << recordToJSON(r);
    return line;
  };
  std::string line = serialize(record);
  if (line.size() > kDatabaseMaxLineBytes) {
    // Only the message can grow without bound (a compiler's output).
    Record shorter = record;
    size_t excess = line.size() - kDatabaseMaxLineBytes + 64;
    size_t keep =
        shorter.message.size() > excess ? shorter.message.size() - excess : 0;
    // Not inside a UTF-8 sequence.
    while (keep > 0 && (shorter.message[keep] & 0xC0) == 0x80)
      --keep;
    shorter.message.resize(keep);
    shorter.message += " ... (cut)";
    line = serialize(shorter);
  }
  // Never write what a reader would skip.
  std::string why;
  if (failed(parseRecordLine(line, why))) {
    error = "record not appended to database '" + path + "': " + why;
    return failure();
  }
  line += '\n';

  // One write(2) per record on the O_APPEND descriptor, under an exclusive
  // lock: other writers' records cannot land inside this one (also on
  // filesystems where O_APPEND writes interleave).
  lockFile(fd, LOCK_EX);
  // A writer killed mid-line left no newline: end that line first, or this
  // record would be glued to it.
  struct stat st;
  char last = '\n';
  bool sized = ::fstat(fd, &st) == 0;
  if (sized && st.st_size > 0 && ::pread(fd, &last, 1, st.st_size - 1) == 1 &&
      last != '\n')
    line.insert(line.begin(), '\n');
  const char *p = line.data();
  size_t left = line.size();
  int writeErrno = 0;
  while (left) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      writeErrno = n < 0 ? errno : EIO;
      break;
    }
    p += n;
    left -= n;
  }
  // A partial line (a full disk) is taken back, still under the lock: the
  // file ends with a whole record as before.
  if (writeErrno && sized && left < line.size())
    (void)::ftruncate(fd, st.st_size);
  lockFile(fd, LOCK_UN);
  if (writeErrno) {
    error = "cannot write database '" + path + "': " + errnoMessage(writeErrno);
    return failure();
  }
  Record copy = record;
  copy.line = 0;
  copy.workload = internWorkload(record.workload.getJSON());
  records.push_back(std::move(copy));
  return success();
}
