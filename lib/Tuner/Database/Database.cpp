//===- Database.cpp - the records of every measurement --------------------===//

#include "Tuner/Tuner/Database/Database.h"

#include "Tuner/Config.h"
#include "Tuner/Revision.h"
#include "Tuner/Support/Median.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <system_error>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::tuner;

std::string mlir::tuner::getToolVersionString() {
  std::string v = std::string("mlir-tuner ") + TUNER_VERSION;
  if (*TUNER_GIT_REVISION)
    v += std::string(" (") + TUNER_GIT_REVISION + ")";
  return v;
}

std::string mlir::tuner::getLLVMVersionString() { return LLVM_VERSION_STRING; }

//===----------------------------------------------------------------------===//
// RecordKnobs, RecordWorkload
//===----------------------------------------------------------------------===//

namespace {
void putU32(std::string &out, uint32_t v) {
  out.append(reinterpret_cast<const char *>(&v), sizeof(v));
}
uint32_t getU32(const char *p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}
} // namespace

SmallVector<RecordKnobs::Entry> RecordKnobs::getEntries() const {
  SmallVector<Entry> entries;
  const char *p = data.data(), *end = p + data.size();
  while (p < end) {
    Entry e;
    uint32_t n = getU32(p);
    p += 4;
    e.name = StringRef(p, n);
    p += n;
    e.isString = *p++ != 0;
    if (e.isString) {
      uint32_t m = getU32(p);
      p += 4;
      e.string = StringRef(p, m);
      p += m;
    } else {
      std::memcpy(&e.integer, p, sizeof(int64_t));
      p += sizeof(int64_t);
    }
    entries.push_back(e);
  }
  return entries;
}

size_t RecordKnobs::size() const { return getEntries().size(); }

void RecordKnobs::assign(ArrayRef<Entry> entries) {
  // Name order; of equal names the last wins.
  SmallVector<size_t> order(entries.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](size_t a, size_t b) {
    return std::make_pair(entries[a].name, a) <
           std::make_pair(entries[b].name, b);
  });
  std::string out;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() &&
        entries[order[i + 1]].name == entries[order[i]].name)
      continue;
    const Entry &e = entries[order[i]];
    putU32(out, e.name.size());
    out += e.name;
    out += e.isString ? '\1' : '\0';
    if (e.isString) {
      putU32(out, e.string.size());
      out += e.string;
    } else {
      out.append(reinterpret_cast<const char *>(&e.integer), sizeof(int64_t));
    }
  }
  // `entries` may view `data`: replace it only now.
  data = std::move(out);
}

void RecordKnobs::set(StringRef name, int64_t value) {
  SmallVector<Entry> entries = getEntries();
  Entry e;
  e.name = name;
  e.integer = value;
  entries.push_back(e);
  assign(entries);
}

void RecordKnobs::set(StringRef name, StringRef value) {
  SmallVector<Entry> entries = getEntries();
  Entry e;
  e.name = name;
  e.isString = true;
  e.string = value;
  entries.push_back(e);
  assign(entries);
}

std::optional<RecordKnobs::Entry> RecordKnobs::find(StringRef name) const {
  for (const Entry &e : getEntries())
    if (e.name == name)
      return e;
  return std::nullopt;
}

std::optional<int64_t> RecordKnobs::getInteger(StringRef name) const {
  std::optional<Entry> e = find(name);
  if (!e || e->isString)
    return std::nullopt;
  return e->integer;
}

std::optional<StringRef> RecordKnobs::getString(StringRef name) const {
  std::optional<Entry> e = find(name);
  if (!e || !e->isString)
    return std::nullopt;
  return e->string;
}

const llvm::json::Object &RecordWorkload::getEmpty() {
  static const llvm::json::Object empty;
  return empty;
}

//===----------------------------------------------------------------------===//
// Record
//===----------------------------------------------------------------------===//

double Record::median() const {
  if (!isValid())
    return std::numeric_limits<double>::infinity();
  return tuner::median(seconds);
}

sched::ConfigAttr Record::getConfig(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<NamedAttribute> values;
  for (const RecordKnobs::Entry &knob : knobs.getEntries()) {
    if (knob.isString)
      values.push_back(b.getNamedAttr(knob.name, b.getStringAttr(knob.string)));
    else
      values.push_back(
          b.getNamedAttr(knob.name, b.getI64IntegerAttr(knob.integer)));
  }
  return sched::ConfigAttr::get(ctx, sketch, b.getDictionaryAttr(values));
}

std::string Record::getConfigKey() const {
  std::string key = sketch + "{";
  for (auto [i, knob] : llvm::enumerate(knobs.getEntries())) {
    if (i)
      key += ",";
    key += knob.name.str() + "=";
    key += knob.isString ? knob.string.str() : std::to_string(knob.integer);
  }
  return key + "}";
}

void mlir::tuner::setRecordConfig(Record &record, sched::ConfigAttr config) {
  record.sketch = config.getSketch().str();
  SmallVector<RecordKnobs::Entry> entries;
  for (NamedAttribute knob : config.getKnobs()) {
    RecordKnobs::Entry e;
    e.name = knob.getName().getValue();
    if (auto i = dyn_cast<IntegerAttr>(knob.getValue())) {
      e.integer = i.getInt();
    } else if (auto s = dyn_cast<StringAttr>(knob.getValue())) {
      e.isString = true;
      e.string = s.getValue();
    } else {
      continue;
    }
    entries.push_back(e);
  }
  record.knobs.assign(entries);
}

llvm::json::Value mlir::tuner::recordToJSON(const Record &r) {
  llvm::json::Object knobs;
  for (const RecordKnobs::Entry &knob : r.knobs.getEntries()) {
    if (knob.isString)
      knobs[knob.name] = knob.string;
    else
      knobs[knob.name] = knob.integer;
  }
  llvm::json::Object object{
      {"version", r.version},
      {"task", r.taskKey},
      {"workload", llvm::json::Object(r.workload.getJSON())},
      {"target", r.target},
      {"sketch", r.sketch},
      {"knobs", std::move(knobs)},
      {"times_s", llvm::json::Array(r.seconds)},
      {"error", static_cast<int64_t>(r.error)},
      {"error_name", stringifyMeasureError(r.error)},
      {"message", r.message},
      {"build_s", r.buildSeconds},
      {"run_s", r.runSeconds},
      {"timestamp", r.timestamp},
      {"tool", r.tool},
      {"llvm", r.llvm},
  };
  if (!r.host.empty())
    object["host"] = r.host;
  if (!r.worker.empty())
    object["worker"] = r.worker;
  if (r.resources)
    object["resources"] =
        llvm::json::Object{{"registers", r.resources->registers},
                           {"spill_stores", r.resources->spillStores},
                           {"spill_loads", r.resources->spillLoads},
                           {"shared_bytes", r.resources->sharedBytes},
                           {"stack_bytes", r.resources->stackBytes},
                           {"threads", r.resources->threadsPerBlock}};
  return object;
}

namespace {
/// A number as the messages print it ("0", "-0.001", "inf").
std::string formatNumber(double d) {
  char text[32];
  std::snprintf(text, sizeof(text), "%g", d);
  return text;
}

/// Whether every number in `value` is finite: JSON has no infinity, but a
/// number too large for a double (1e999) parses as one, and would be
/// written back as `inf`, which no reader parses. (Recursion is bounded by
/// kDatabaseMaxNesting.)
bool allNumbersFinite(const llvm::json::Value &value) {
  if (const llvm::json::Object *o = value.getAsObject())
    return llvm::all_of(
        *o, [](const auto &member) { return allNumbersFinite(member.second); });
  if (const llvm::json::Array *a = value.getAsArray())
    return llvm::all_of(*a, allNumbersFinite);
  if (std::optional<double> d = value.getAsNumber())
    return std::isfinite(*d);
  return true;
}

/// The optional `resources` of a record (absent in records of CUDA
/// candidates built without the toolkit, of CPU ones, and of older ones):
/// an object of non-negative integers, each optional.
LogicalResult parseResources(const llvm::json::Value *value,
                             std::optional<cuda::KernelResources> &out,
                             std::string &error) {
  if (!value)
    return success();
  const llvm::json::Object *o = value->getAsObject();
  if (!o) {
    error = "field 'resources' is not an object";
    return failure();
  }
  cuda::KernelResources r;
  std::pair<StringRef, int64_t *> fields[] = {
      {"registers", &r.registers},    {"spill_stores", &r.spillStores},
      {"spill_loads", &r.spillLoads}, {"shared_bytes", &r.sharedBytes},
      {"stack_bytes", &r.stackBytes}, {"threads", &r.threadsPerBlock}};
  for (auto [key, field] : fields) {
    const llvm::json::Value *v = o->get(key);
    if (!v)
      continue;
    std::optional<int64_t> i = v->getAsInteger();
    if (!i || *i < 0) {
      error = "'resources." + key.str() + "' is not a non-negative integer";
      return failure();
    }
    *field = *i;
  }
  out = r;
  return success();
}

/// The workload maker of recordFromJSON: a copy of its own.
RecordWorkload copyWorkload(const llvm::json::Object &object) {
  return RecordWorkload(object);
}

/// recordFromJSON; `otherVersion` is set when the record is of another
/// format version; `makeWorkload` makes the record's workload (a shared
/// one, when reading a database).
FailureOr<Record> parseRecordObject(
    const llvm::json::Value &value, std::string &error,
    std::optional<int64_t> *otherVersion,
    function_ref<RecordWorkload(const llvm::json::Object &)> makeWorkload) {
  const llvm::json::Object *obj = value.getAsObject();
  if (!obj) {
    error = "not a JSON object";
    return failure();
  }
  Record r;
  std::optional<int64_t> version = obj->getInteger("version");
  if (!version) {
    error = "field 'version' is missing or not an integer";
    return failure();
  }
  r.version = *version;
  if (r.version != kDatabaseFormatVersion) {
    error = "format version " + std::to_string(r.version);
    if (otherVersion)
      *otherVersion = r.version;
    return failure();
  }
  auto requiredString = [&](StringRef key, std::string &out) {
    std::optional<StringRef> s = obj->getString(key);
    if (!s || s->empty()) {
      error = "field '" + key.str() + "' is missing or not a non-empty string";
      return false;
    }
    out = s->str();
    return true;
  };
  auto optionalString = [&](StringRef key, std::string &out) {
    const llvm::json::Value *v = obj->get(key);
    if (!v)
      return true;
    std::optional<StringRef> s = v->getAsString();
    if (!s) {
      error = "field '" + key.str() + "' is not a string";
      return false;
    }
    out = s->str();
    return true;
  };
  auto optionalSeconds = [&](StringRef key, double &out) {
    const llvm::json::Value *v = obj->get(key);
    if (!v)
      return true;
    std::optional<double> d = v->getAsNumber();
    if (!d || !std::isfinite(*d) || *d < 0) {
      error = "field '" + key.str() + "' is not a finite non-negative number";
      return false;
    }
    out = *d;
    return true;
  };
  if (!requiredString("task", r.taskKey) ||
      !requiredString("target", r.target) ||
      !requiredString("sketch", r.sketch))
    return failure();

  const llvm::json::Object *workload = obj->getObject("workload");
  if (!workload) {
    error = "field 'workload' is missing or not an object";
    return failure();
  }
  if (!allNumbersFinite(*obj->get("workload"))) {
    error = "'workload' holds a number too large for a double";
    return failure();
  }
  r.workload = makeWorkload(*workload);

  const llvm::json::Object *knobs = obj->getObject("knobs");
  if (!knobs) {
    error = "field 'knobs' is missing or not an object";
    return failure();
  }
  SmallVector<RecordKnobs::Entry> entries;
  for (const auto &[name, v] : *knobs) {
    RecordKnobs::Entry e;
    e.name = name;
    if (e.name.empty()) {
      error = "a knob has an empty name";
      return failure();
    }
    if (std::optional<int64_t> i = v.getAsInteger()) {
      e.integer = *i;
    } else if (std::optional<StringRef> s = v.getAsString()) {
      e.isString = true;
      e.string = *s;
    } else {
      error = "knob '" + name.str() + "' is neither an integer nor a string";
      return failure();
    }
    entries.push_back(e);
  }
  r.knobs.assign(entries);

  const llvm::json::Array *times = obj->getArray("times_s");
  if (!times) {
    error = "field 'times_s' is missing or not an array";
    return failure();
  }
  r.seconds.reserve(times->size());
  for (const llvm::json::Value &t : *times) {
    std::optional<double> d = t.getAsNumber();
    if (!d) {
      error = "'times_s' holds a value that is not a number";
      return failure();
    }
    // A zero, negative or infinite time would win every comparison (or
    // lose every one) without having been measured.
    if (!std::isfinite(*d) || *d <= 0) {
      error = "'times_s' holds " + formatNumber(*d) +
              ", not a positive finite number of seconds";
      return failure();
    }
    r.seconds.push_back(*d);
  }

  std::optional<int64_t> code = obj->getInteger("error");
  if (!code) {
    error = "field 'error' is missing or not an integer";
    return failure();
  }
  constexpr int64_t kLastError = kMaxMeasureError;
  if (*code < 0 || *code > kLastError) {
    error = "'error' is " + std::to_string(*code) +
            ", not an error code in [0, " + std::to_string(kLastError) + "]";
    return failure();
  }
  r.error = static_cast<MeasureError>(*code);

  std::string errorName;
  if (!optionalString("error_name", errorName) ||
      !optionalString("message", r.message) ||
      !optionalSeconds("build_s", r.buildSeconds) ||
      !optionalSeconds("run_s", r.runSeconds) ||
      !optionalSeconds("timestamp", r.timestamp) ||
      !optionalString("tool", r.tool) || !optionalString("llvm", r.llvm) ||
      !optionalString("host", r.host) || !optionalString("worker", r.worker) ||
      failed(parseResources(obj->get("resources"), r.resources, error)))
    return failure();
  return r;
}

/// The cheap check before parsing: nesting depth and number of objects and
/// arrays, counting brackets outside strings.
LogicalResult checkLineLimits(StringRef line, std::string &error) {
  if (line.size() > kDatabaseMaxLineBytes) {
    error = "longer than " + std::to_string(kDatabaseMaxLineBytes) + " bytes";
    return failure();
  }
  unsigned depth = 0, containers = 0;
  bool inString = false, escaped = false;
  for (char c : line) {
    if (inString) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        inString = false;
      continue;
    }
    switch (c) {
    case '"':
      inString = true;
      break;
    case '[':
    case '{':
      if (++depth > kDatabaseMaxNesting) {
        error = "nested deeper than " + std::to_string(kDatabaseMaxNesting) +
                " levels";
        return failure();
      }
      if (++containers > kDatabaseMaxContainers) {
        error = "more than " + std::to_string(kDatabaseMaxContainers) +
                " JSON objects and arrays";
        return failure();
      }
      break;
    case ']':
    case '}':
      // Unbalanced brackets are the JSON parser's to report.
      if (depth)
        --depth;
      break;
    default:
      break;
    }
  }
  return success();
}

FailureOr<Record> parseLine(
    StringRef line, std::string &error, std::optional<int64_t> *otherVersion,
    function_ref<RecordWorkload(const llvm::json::Object &)> makeWorkload) {
  if (failed(checkLineLimits(line, error)))
    return failure();
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
  if (!value) {
    error = "not valid JSON (" + llvm::toString(value.takeError()) + ")";
    return failure();
  }
  return parseRecordObject(*value, error, otherVersion, makeWorkload);
}

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

FailureOr<Record> mlir::tuner::recordFromJSON(const llvm::json::Value &value,
                                              std::string &error) {
  return parseRecordObject(value, error, nullptr, copyWorkload);
}

FailureOr<Record> mlir::tuner::parseRecordLine(StringRef line,
                                               std::string &error) {
  return parseLine(line, error, nullptr, copyWorkload);
}

//===----------------------------------------------------------------------===//
// Database
//===----------------------------------------------------------------------===//

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
      FailureOr<Record> record =
          parseLine(line, why, &version, [&](const llvm::json::Object &w) {
            return db.internWorkload(w);
          });
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
