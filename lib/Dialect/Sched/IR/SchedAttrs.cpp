//===- SchedAttrs.cpp - sched dialect attributes --------------------------===//
//
// Verifiers, the knob-dictionary syntax of #sched.config, and accessors.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sched;

#include "Tuner/Dialect/Sched/IR/SchedEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "Tuner/Dialect/Sched/IR/SchedAttrs.cpp.inc"

void SchedDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "Tuner/Dialect/Sched/IR/SchedAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Knob dictionaries
//===----------------------------------------------------------------------===//

FailureOr<DictionaryAttr> mlir::sched::parseKnobValues(AsmParser &parser) {
  Builder &b = parser.getBuilder();
  SmallVector<NamedAttribute> knobs;
  llvm::StringSet<> seen;
  auto parseOne = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    std::string name;
    if (parser.parseKeywordOrString(&name))
      return failure();
    if (!seen.insert(name).second)
      return parser.emitError(loc) << "duplicate knob '" << name << "'";
    Attribute value = b.getUnitAttr(); // rejected by the verifier
    if (succeeded(parser.parseOptionalEqual())) {
      std::string str;
      if (succeeded(parser.parseOptionalString(&str))) {
        value = b.getStringAttr(str);
      } else {
        int64_t v;
        if (parser.parseInteger(v))
          return failure();
        value = b.getI64IntegerAttr(v);
      }
    }
    knobs.push_back(b.getNamedAttr(name, value));
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, parseOne))
    return failure();
  return b.getDictionaryAttr(knobs);
}

void mlir::sched::printKnobValues(AsmPrinter &printer, DictionaryAttr knobs) {
  printer << "{";
  llvm::interleaveComma(knobs, printer, [&](NamedAttribute knob) {
    printer.printKeywordOrString(knob.getName().getValue());
    if (auto i = dyn_cast<IntegerAttr>(knob.getValue())) {
      printer << " = " << i.getValue().getSExtValue();
    } else if (auto s = dyn_cast<StringAttr>(knob.getValue())) {
      printer << " = ";
      printer.printString(s.getValue());
    } else if (!isa<UnitAttr>(knob.getValue())) {
      printer << " = " << knob.getValue();
    }
  });
  printer << "}";
}

//===----------------------------------------------------------------------===//
// TargetAttr
//===----------------------------------------------------------------------===//

LogicalResult
TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                   TargetKind kind, StringRef arch, int64_t cores,
                   int64_t vectorBits, int64_t l1, int64_t l2, int64_t l3,
                   StringRef features, int64_t sms, int64_t maxThreadsPerBlock,
                   int64_t sharedMemoryPerBlock, int64_t registersPerSm,
                   int64_t warpSize) {
  struct Param {
    StringRef name;
    int64_t value;
  };
  Param cpuParams[] = {{"cores", cores},
                       {"vector_bits", vectorBits},
                       {"l1", l1},
                       {"l2", l2},
                       {"l3", l3}};
  Param cudaParams[] = {{"sms", sms},
                        {"max_threads_per_block", maxThreadsPerBlock},
                        {"shared_memory_per_block", sharedMemoryPerBlock},
                        {"registers_per_sm", registersPerSm},
                        {"warp_size", warpSize}};
  for (ArrayRef<Param> params : {ArrayRef<Param>(cpuParams),
                                 ArrayRef<Param>(cudaParams)})
    for (const Param &p : params)
      if (p.value < 0)
        return emitError() << "target parameter '" << p.name
                           << "' must be non-negative, got " << p.value;

  SmallVector<StringRef> names;
  features.split(names, ',');
  if (!features.empty())
    for (StringRef name : names)
      if (name.empty() || !llvm::all_of(name, [](char c) {
            return llvm::isAlnum(c) || c == '-' || c == '_' || c == '.';
          }))
        return emitError() << "target 'features' must be comma-separated "
                              "feature names, got \"" << features << "\"";
  // A CUDA target's only feature is a precision it may compute in.
  if (kind == TargetKind::cuda && !features.empty() && features != "tf32")
    return emitError() << "a cuda target's 'features' can only be \"tf32\" "
                          "(f32 matmuls on tensor cores), got \""
                       << features << "\"";

  if (kind == TargetKind::cpu) {
    for (const Param &p : cudaParams)
      if (p.value != 0)
        return emitError() << "parameter '" << p.name
                           << "' is not valid for a cpu target";
    if (cores < 1)
      return emitError() << "a cpu target needs 'cores' >= 1";
    if (vectorBits < 64 || !llvm::isPowerOf2_64(vectorBits))
      return emitError() << "a cpu target needs 'vector_bits' to be a power "
                            "of two >= 64, got "
                         << vectorBits;
    return success();
  }

  for (const Param &p : cpuParams)
    if (p.value != 0)
      return emitError() << "parameter '" << p.name
                         << "' is not valid for a cuda target";
  int64_t smVersion = 0;
  bool isSm = arch.consume_front("sm_");
  bool archSpecific = arch.consume_back("a");
  if (!isSm || arch.getAsInteger(10, smVersion) || smVersion < 30 ||
      (archSpecific && smVersion < 90))
    return emitError() << "a cuda target needs 'arch' of the form sm_XY "
                          "(sm_30 or newer) or sm_XYa (sm_90a or newer)";
  for (const Param &p : cudaParams)
    if (p.value < 1)
      return emitError() << "a cuda target needs '" << p.name << "' >= 1";
  if (!llvm::isPowerOf2_64(warpSize))
    return emitError() << "'warp_size' must be a power of two";
  return success();
}

int64_t TargetAttr::getVectorLanes(int64_t elementBits) const {
  if (!isCPU() || elementBits <= 0)
    return 1;
  return std::max<int64_t>(1, getVectorBits() / elementBits);
}

bool TargetAttr::hasFeature(StringRef feature) const {
  SmallVector<StringRef> names;
  getFeatures().split(names, ',');
  return llvm::is_contained(names, feature);
}

std::string TargetAttr::getShortName() const {
  std::string name = stringifyTargetKind(getKind()).str();
  if (!getArch().empty())
    name += ":" + getArch().str();
  if (isCUDA() && !getFeatures().empty())
    name += ":" + getFeatures().str();
  return name;
}

//===----------------------------------------------------------------------===//
// TaskAttr
//===----------------------------------------------------------------------===//

LogicalResult TaskAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               StringRef key, int64_t weight, int64_t flops) {
  if (key.empty() || !llvm::all_of(key, llvm::isHexDigit))
    return emitError() << "task key must be a non-empty hex string, got '"
                       << key << "'";
  if (weight < 1)
    return emitError() << "task weight must be >= 1, got " << weight;
  if (flops < 0)
    return emitError() << "task flops must be non-negative, got " << flops;
  return success();
}

//===----------------------------------------------------------------------===//
// ConfigAttr
//===----------------------------------------------------------------------===//

LogicalResult ConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef sketch, DictionaryAttr knobs) {
  if (sketch.empty())
    return emitError() << "config needs a non-empty sketch name";
  if (!knobs)
    return emitError() << "config needs a knob dictionary";
  for (NamedAttribute knob : knobs) {
    StringRef name = knob.getName().getValue();
    Attribute value = knob.getValue();
    if (isa<UnitAttr>(value))
      return emitError() << "knob '" << name << "' has no value";
    if (auto i = dyn_cast<IntegerAttr>(value)) {
      if (!i.getType().isSignlessInteger(64))
        return emitError() << "knob '" << name << "' must be an i64 integer";
      if (i.getInt() < 0)
        return emitError() << "knob '" << name
                           << "' must be non-negative, got " << i.getInt();
      continue;
    }
    if (auto s = dyn_cast<StringAttr>(value)) {
      if (s.getValue().empty())
        return emitError() << "knob '" << name << "' has an empty value";
      continue;
    }
    return emitError() << "knob '" << name
                       << "' must be an integer or a string, got " << value;
  }
  return success();
}

std::optional<int64_t> ConfigAttr::getInt(StringRef knob) const {
  if (auto i = dyn_cast_or_null<IntegerAttr>(getKnobs().get(knob)))
    return i.getInt();
  return std::nullopt;
}

std::optional<StringRef> ConfigAttr::getString(StringRef knob) const {
  if (auto s = dyn_cast_or_null<StringAttr>(getKnobs().get(knob)))
    return s.getValue();
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Accessors
//===----------------------------------------------------------------------===//

TaskAttr mlir::sched::getTask(Operation *op) {
  return op->getAttrOfType<TaskAttr>(SchedDialect::kTaskAttrName);
}

ConfigAttr mlir::sched::getConfig(Operation *op) {
  return op->getAttrOfType<ConfigAttr>(SchedDialect::kConfigAttrName);
}

TargetAttr mlir::sched::getTarget(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto t = op->getAttrOfType<TargetAttr>(SchedDialect::kTargetAttrName))
      return t;
  return {};
}

void mlir::sched::setTask(Operation *op, TaskAttr task) {
  op->setAttr(SchedDialect::kTaskAttrName, task);
}

void mlir::sched::setConfig(Operation *op, ConfigAttr config) {
  op->setAttr(SchedDialect::kConfigAttrName, config);
}

void mlir::sched::setTarget(Operation *op, TargetAttr target) {
  op->setAttr(SchedDialect::kTargetAttrName, target);
}
