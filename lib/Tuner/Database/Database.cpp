//===- Database.cpp - the records of every measurement --------------------===//

#include "Tuner/Tuner/Database/Database.h"

#include "Tuner/Config.h"
#include "Tuner/Revision.h"
#include "Tuner/Support/Median.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::tuner;

std::string mlir::tuner::getToolVersionString() {
  std::string v = std::string("mlir-tuner ") + TUNER_VERSION;
  if (*TUNER_GIT_REVISION)
    v += std::string(" (") + TUNER_GIT_REVISION + ")";
  return v;
}

std::string mlir::tuner::getLLVMVersionString() { return LLVM_VERSION_STRING; }

double Record::median() const {
  if (!isValid())
    return std::numeric_limits<double>::infinity();
  return tuner::median(seconds);
}

sched::ConfigAttr Record::getConfig(MLIRContext *ctx) const {
  Builder b(ctx);
  SmallVector<NamedAttribute> values;
  for (const auto &[name, value] : knobs) {
    if (std::optional<int64_t> i = value.getAsInteger())
      values.push_back(b.getNamedAttr(name.str(), b.getI64IntegerAttr(*i)));
    else if (std::optional<StringRef> s = value.getAsString())
      values.push_back(b.getNamedAttr(name.str(), b.getStringAttr(*s)));
    else
      return {};
  }
  return sched::ConfigAttr::get(ctx, sketch, b.getDictionaryAttr(values));
}

std::string Record::getConfigKey() const {
  std::vector<std::string> names;
  for (const auto &kv : knobs)
    names.push_back(kv.first.str());
  std::sort(names.begin(), names.end());
  std::string key = sketch + "{";
  for (auto [i, name] : llvm::enumerate(names)) {
    if (i)
      key += ",";
    const llvm::json::Value *v = knobs.get(name);
    key += name + "=";
    if (std::optional<int64_t> n = v->getAsInteger())
      key += std::to_string(*n);
    else if (std::optional<StringRef> s = v->getAsString())
      key += s->str();
  }
  return key + "}";
}

void mlir::tuner::setRecordConfig(Record &record, sched::ConfigAttr config) {
  record.sketch = config.getSketch().str();
  record.knobs = llvm::json::Object();
  for (NamedAttribute knob : config.getKnobs()) {
    if (auto i = dyn_cast<IntegerAttr>(knob.getValue()))
      record.knobs[knob.getName().getValue()] = i.getInt();
    else if (auto s = dyn_cast<StringAttr>(knob.getValue()))
      record.knobs[knob.getName().getValue()] = s.getValue();
  }
}

llvm::json::Value mlir::tuner::recordToJSON(const Record &r) {
  return llvm::json::Object{
      {"version", r.version},
      {"task", r.taskKey},
      {"workload", llvm::json::Object(r.workload)},
      {"target", r.target},
      {"sketch", r.sketch},
      {"knobs", llvm::json::Object(r.knobs)},
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
}

FailureOr<Record> mlir::tuner::recordFromJSON(const llvm::json::Value &value,
                                              std::string &error) {
  const llvm::json::Object *obj = value.getAsObject();
  if (!obj) {
    error = "not a JSON object";
    return failure();
  }
  Record r;
  std::optional<int64_t> version = obj->getInteger("version");
  if (!version) {
    error = "no format version";
    return failure();
  }
  r.version = *version;
  if (r.version != kDatabaseFormatVersion) {
    error = "format version " + std::to_string(r.version);
    return failure();
  }
  auto str = [&](StringRef key, std::string &out) {
    if (std::optional<StringRef> s = obj->getString(key)) {
      out = s->str();
      return true;
    }
    error = "missing string field '" + key.str() + "'";
    return false;
  };
  if (!str("task", r.taskKey) || !str("target", r.target) ||
      !str("sketch", r.sketch))
    return failure();
  if (const llvm::json::Object *w = obj->getObject("workload"))
    r.workload = *w;
  const llvm::json::Object *knobs = obj->getObject("knobs");
  const llvm::json::Array *times = obj->getArray("times_s");
  std::optional<int64_t> code = obj->getInteger("error");
  if (!knobs || !times || !code || *code < 0 || *code > 8) {
    error = "missing or invalid knobs, times_s or error";
    return failure();
  }
  r.knobs = *knobs;
  for (const llvm::json::Value &t : *times) {
    std::optional<double> d = t.getAsNumber();
    if (!d) {
      error = "a timing is not a number";
      return failure();
    }
    r.seconds.push_back(*d);
  }
  r.error = static_cast<MeasureError>(*code);
  if (std::optional<StringRef> m = obj->getString("message"))
    r.message = m->str();
  r.buildSeconds = obj->getNumber("build_s").value_or(0);
  r.runSeconds = obj->getNumber("run_s").value_or(0);
  r.timestamp = obj->getNumber("timestamp").value_or(0);
  if (std::optional<StringRef> t = obj->getString("tool"))
    r.tool = t->str();
  if (std::optional<StringRef> l = obj->getString("llvm"))
    r.llvm = l->str();
  return r;
}

Database::~Database() = default;

FailureOr<std::unique_ptr<Database>>
Database::open(StringRef path, bool forAppend,
               function_ref<void(unsigned, StringRef)> warn,
               std::string &error) {
  std::unique_ptr<Database> db(new Database());
  db->path = path.str();
  bool endsWithNewline = true;
  if (!forAppend && !llvm::sys::fs::exists(path)) {
    error = "database '" + path.str() + "' does not exist";
    return failure();
  }
  if (llvm::sys::fs::exists(path)) {
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    if (!buffer) {
      error = "cannot read database '" + path.str() +
              "': " + buffer.getError().message();
      return failure();
    }
    StringRef text = (*buffer)->getBuffer();
    endsWithNewline = text.empty() || text.back() == '\n';
    SmallVector<StringRef> lines;
    text.split(lines, '\n');
    unsigned otherVersion = 0, parsed = 0;
    int64_t seenVersion = 0;
    for (auto [i, line] : llvm::enumerate(lines)) {
      if (line.trim().empty())
        continue;
      llvm::Expected<llvm::json::Value> value = llvm::json::parse(line);
      std::string why;
      if (!value) {
        why = "not valid JSON (" + llvm::toString(value.takeError()) + ")";
      } else {
        FailureOr<Record> record = recordFromJSON(*value, why);
        if (succeeded(record)) {
          db->records.push_back(std::move(*record));
          ++parsed;
          continue;
        }
        if (const llvm::json::Object *o = value->getAsObject())
          if (std::optional<int64_t> v = o->getInteger("version");
              v && *v != kDatabaseFormatVersion) {
            ++otherVersion;
            seenVersion = *v;
          }
      }
      ++db->skipped;
      if (warn)
        warn(i + 1, why);
    }
    if (parsed == 0 && otherVersion > 0) {
      error = "database '" + path.str() + "' was written in format version " +
              std::to_string(seenVersion) + "; this tuner reads version " +
              std::to_string(kDatabaseFormatVersion);
      return failure();
    }
  }
  if (forAppend) {
    std::error_code ec;
    db->out = std::make_unique<llvm::raw_fd_ostream>(
        path, ec, llvm::sys::fs::OF_Append | llvm::sys::fs::OF_Text);
    if (ec) {
      error = "cannot open database '" + path.str() +
              "' for writing: " + ec.message();
      return failure();
    }
    // A run killed mid-line leaves no newline: start on a fresh line.
    if (!endsWithNewline) {
      *db->out << "\n";
      db->out->flush();
    }
  }
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
  if (!out) {
    error = "database '" + path + "' is not open for writing";
    return failure();
  }
  std::string line;
  llvm::raw_string_ostream os(line);
  os << recordToJSON(record) << "\n";
  // One write per record: a kill leaves whole lines, or one truncated line.
  out->write(line.data(), line.size());
  out->flush();
  if (out->has_error()) {
    error = "cannot write database '" + path + "': " + out->error().message();
    out->clear_error();
    return failure();
  }
  records.push_back(record);
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
Database::getSimilarTasks(const llvm::json::Object &workload, StringRef taskKey,
                          StringRef target) const {
  std::vector<std::pair<std::string, double>> result;
  std::optional<StringRef> anchor = workload.getString("anchor");
  auto operands = getOperands(workload);
  if (!anchor || !operands)
    return result;
  llvm::StringSet<> seen;
  for (const Record &r : records) {
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
