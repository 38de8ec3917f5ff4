//===- Record.cpp - one measurement of the database ----------------------===//
//
// The schema of a record (Record.h): its configuration, its JSON form, and
// the checks that reject a line that cannot be a measurement.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Database/Record.h"

#include "RecordParser.h"

#include "Tuner/Config.h"
#include "Tuner/Revision.h"
#include "Tuner/Support/Median.h"

#include "mlir/IR/Builders.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/JSON.h"

#include <cmath>
#include <cstdio>
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

/// A required non-empty string field.
bool requiredString(const llvm::json::Object &obj, StringRef key,
                    std::string &out, std::string &error) {
  std::optional<StringRef> s = obj.getString(key);
  if (!s || s->empty()) {
    error = "field '" + key.str() + "' is missing or not a non-empty string";
    return false;
  }
  out = s->str();
  return true;
}

/// An optional string field.
bool optionalString(const llvm::json::Object &obj, StringRef key,
                    std::string &out, std::string &error) {
  const llvm::json::Value *v = obj.get(key);
  if (!v)
    return true;
  std::optional<StringRef> s = v->getAsString();
  if (!s) {
    error = "field '" + key.str() + "' is not a string";
    return false;
  }
  out = s->str();
  return true;
}

/// An optional field of seconds (finite, non-negative).
bool optionalSeconds(const llvm::json::Object &obj, StringRef key, double &out,
                     std::string &error) {
  const llvm::json::Value *v = obj.get(key);
  if (!v)
    return true;
  std::optional<double> d = v->getAsNumber();
  if (!d || !std::isfinite(*d) || *d < 0) {
    error = "field '" + key.str() + "' is not a finite non-negative number";
    return false;
  }
  out = *d;
  return true;
}

/// The format version; `otherVersion` is set to another one.
LogicalResult parseVersion(const llvm::json::Object &obj, Record &r,
                           std::string &error,
                           std::optional<int64_t> *otherVersion) {
  std::optional<int64_t> version = obj.getInteger("version");
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
  return success();
}

LogicalResult parseWorkload(
    const llvm::json::Object &obj, Record &r, std::string &error,
    function_ref<RecordWorkload(const llvm::json::Object &)> makeWorkload) {
  const llvm::json::Object *workload = obj.getObject("workload");
  if (!workload) {
    error = "field 'workload' is missing or not an object";
    return failure();
  }
  if (!allNumbersFinite(*obj.get("workload"))) {
    error = "'workload' holds a number too large for a double";
    return failure();
  }
  r.workload = makeWorkload(*workload);
  return success();
}

LogicalResult parseKnobs(const llvm::json::Object &obj, Record &r,
                         std::string &error) {
  const llvm::json::Object *knobs = obj.getObject("knobs");
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
  return success();
}

LogicalResult parseTimes(const llvm::json::Object &obj, Record &r,
                         std::string &error) {
  const llvm::json::Array *times = obj.getArray("times_s");
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
  return success();
}

LogicalResult parseErrorCode(const llvm::json::Object &obj, Record &r,
                             std::string &error) {
  std::optional<int64_t> code = obj.getInteger("error");
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
  return success();
}

/// The optional fields: strings, seconds and resources.
LogicalResult parseOptionalFields(const llvm::json::Object &obj, Record &r,
                                  std::string &error) {
  std::string errorName;
  if (!optionalString(obj, "error_name", errorName, error) ||
      !optionalString(obj, "message", r.message, error) ||
      !optionalSeconds(obj, "build_s", r.buildSeconds, error) ||
      !optionalSeconds(obj, "run_s", r.runSeconds, error) ||
      !optionalSeconds(obj, "timestamp", r.timestamp, error) ||
      !optionalString(obj, "tool", r.tool, error) ||
      !optionalString(obj, "llvm", r.llvm, error) ||
      !optionalString(obj, "host", r.host, error) ||
      !optionalString(obj, "worker", r.worker, error))
    return failure();
  return parseResources(obj.get("resources"), r.resources, error);
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
  if (failed(parseVersion(*obj, r, error, otherVersion)) ||
      !requiredString(*obj, "task", r.taskKey, error) ||
      !requiredString(*obj, "target", r.target, error) ||
      !requiredString(*obj, "sketch", r.sketch, error) ||
      failed(parseWorkload(*obj, r, error, makeWorkload)) ||
      failed(parseKnobs(*obj, r, error)) ||
      failed(parseTimes(*obj, r, error)) ||
      failed(parseErrorCode(*obj, r, error)) ||
      failed(parseOptionalFields(*obj, r, error)))
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
} // namespace

FailureOr<Record> mlir::tuner::detail::parseRecordLine(
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

FailureOr<Record> mlir::tuner::recordFromJSON(const llvm::json::Value &value,
                                              std::string &error) {
  return parseRecordObject(value, error, nullptr, copyWorkload);
}

FailureOr<Record> mlir::tuner::parseRecordLine(StringRef line,
                                               std::string &error) {
  return detail::parseRecordLine(line, error, nullptr, copyWorkload);
}
