//===- TaskExtraction.cpp - find tuning tasks in a program ----------------===//
//
// Anchor ops, their fused groups, workload keys, FLOP counts, and the
// deduplication of identical groups into weighted tasks.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "Tuner/Transforms/KernelSignature.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MD5.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tuner;

//===----------------------------------------------------------------------===//
// Anchors and fused groups
//===----------------------------------------------------------------------===//

bool mlir::tuner::isAnchorOp(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && linalgOp.getNumReductionLoops() > 0;
}

SmallVector<Operation *> FusedGroup::getOps() const {
  SmallVector<Operation *> ops;
  // LinalgOp::getOperation() is not const: copy the (pointer-sized) handles.
  for (linalg::LinalgOp p : producers)
    ops.push_back(p.getOperation());
  ops.push_back(linalg::LinalgOp(anchor).getOperation());
  for (linalg::LinalgOp c : consumers)
    ops.push_back(c.getOperation());
  return ops;
}

Operation *FusedGroup::getRoot() const {
  linalg::LinalgOp root = consumers.empty() ? anchor : consumers.back();
  return root.getOperation();
}

/// True if every loop of `op` is parallel and all its results are written
/// through identity maps: the op is elementwise in its iteration space.
static bool isElementwiseWithIdentityOutputs(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() != op.getNumParallelLoops())
    return false;
  if (isa<linalg::FillOp>(op))
    return false;
  for (OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity())
      return false;
  return true;
}

/// The elementwise op that is the only user of `producer`'s single result and
/// reads it through an identity map over an iteration space of the same
/// shape, or null.
static linalg::LinalgOp getFusibleConsumer(Operation *producer) {
  if (producer->getNumResults() != 1)
    return {};
  Value result = producer->getResult(0);
  if (!result.hasOneUse())
    return {};
  OpOperand &use = *result.use_begin();
  auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
  if (!consumer || consumer->getNumResults() != 1 ||
      !isElementwiseWithIdentityOutputs(consumer))
    return {};
  if (!consumer.getMatchingIndexingMap(&use).isIdentity())
    return {};
  auto producedType = cast<ShapedType>(result.getType());
  auto consumedType = cast<ShapedType>(consumer->getResult(0).getType());
  if (producedType.getShape() != consumedType.getShape())
    return {};
  return consumer;
}

FusedGroup mlir::tuner::buildFusedGroup(linalg::LinalgOp anchor,
                                        const TaskExtractionOptions &options) {
  FusedGroup group;
  group.anchor = anchor;
  // An op without reductions is a group of its own: whether its neighbours
  // join it must not depend on which other groups claimed them first, since
  // materialization rebuilds the group from the anchor alone.
  if (!isAnchorOp(anchor))
    return group;
  if (options.fuseProducers) {
    for (OpOperand &init : anchor.getDpsInitsMutable()) {
      auto producer = init.get().getDefiningOp<linalg::LinalgOp>();
      if (!producer || !producer.hasPureTensorSemantics() ||
          isAnchorOp(producer))
        continue;
      // A fill is cloned into each user's tiles, so it may be shared by
      // linalg ops; one another op also reads (a padded operand written
      // into it) stays a task of its own. Any other initializer must be
      // used by the anchor alone.
      bool fusible = (isa<linalg::FillOp>(producer) &&
                      llvm::all_of(producer->getUsers(),
                                   [](Operation *user) {
                                     return isa<linalg::LinalgOp>(user);
                                   })) ||
                     (isElementwiseWithIdentityOutputs(producer) &&
                      producer->getNumResults() == 1 &&
                      producer->getResult(0).hasOneUse());
      // One fill may initialize several inits (a sum and a sum of squares):
      // it is fused once.
      if (fusible && !llvm::is_contained(group.producers, producer))
        group.producers.push_back(producer);
    }
  }
  if (options.fuseConsumers) {
    Operation *last = anchor;
    while (linalg::LinalgOp consumer = getFusibleConsumer(last)) {
      group.consumers.push_back(consumer);
      last = consumer;
    }
  }
  return group;
}

//===----------------------------------------------------------------------===//
// Workload key
//===----------------------------------------------------------------------===//

namespace {
/// Prints a fused group in a canonical, location-free form. Values are named
/// by their order of definition inside the group; values defined outside it
/// (the task's inputs) by their order of first use, with their type.
/// Constant values are not printed: they are data, not structure.
class WorkloadPrinter {
public:
  explicit WorkloadPrinter(raw_ostream &os) : os(os) {}

  void printGroupOp(StringRef role, Operation *op) {
    os << role << " ";
    printOp(op, /*indent=*/1);
  }

private:
  void printValue(Value v) {
    auto it = ids.find(v);
    if (it != ids.end()) {
      os << "%" << it->second;
      return;
    }
    auto [ext, inserted] = externals.try_emplace(v, externals.size());
    os << "in" << ext->second << ":" << v.getType();
  }

  void define(Value v) { ids.try_emplace(v, ids.size()); }

  void printAttributes(Operation *op) {
    // The inherent attributes (with their segment sizes) and the discardable
    // ones, sorted by name, except our own annotations.
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrDictionary())
      if (!attr.getName().getValue().starts_with("sched."))
        attrs.push_back(attr);
    llvm::sort(attrs, [](NamedAttribute a, NamedAttribute b) {
      return a.getName().getValue() < b.getName().getValue();
    });
    if (attrs.empty())
      return;
    os << " {";
    llvm::interleaveComma(attrs, os, [&](NamedAttribute attr) {
      os << attr.getName().getValue() << " = ";
      attr.getValue().print(os, /*elideType=*/false);
    });
    os << "}";
  }

  void printOp(Operation *op, unsigned indent) {
    os << op->getName().getStringRef() << "(";
    if (isa<arith::ConstantOp>(op)) {
      // Only the type of a constant matters to a schedule.
      os << ") : " << op->getResult(0).getType() << "\n";
      define(op->getResult(0));
      return;
    }
    llvm::interleaveComma(op->getOperands(), os,
                          [&](Value v) { printValue(v); });
    os << ")";
    printAttributes(op);
    os << " -> (";
    llvm::interleaveComma(op->getResultTypes(), os);
    os << ")";
    for (Value r : op->getResults())
      define(r);
    for (Region &region : op->getRegions()) {
      os << " {\n";
      for (Block &block : region) {
        os.indent(indent * 2) << "^(";
        llvm::interleaveComma(block.getArguments(), os, [&](BlockArgument a) {
          define(a);
          os << a.getType();
        });
        os << ")\n";
        for (Operation &nested : block) {
          os.indent(indent * 2 + 2);
          printOp(&nested, indent + 1);
        }
      }
      os.indent(indent * 2) << "}";
    }
    os << "\n";
  }

  raw_ostream &os;
  llvm::DenseMap<Value, unsigned> ids;
  llvm::DenseMap<Value, unsigned> externals;
};
} // namespace

std::string mlir::tuner::computeWorkloadString(const FusedGroup &group) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << "sched-workload-v1\n";
  WorkloadPrinter printer(os);
  for (linalg::LinalgOp p : group.producers)
    printer.printGroupOp("producer", p);
  printer.printGroupOp("anchor", group.anchor);
  for (linalg::LinalgOp c : group.consumers)
    printer.printGroupOp("consumer", c);
  return str;
}

std::string mlir::tuner::computeWorkloadKey(StringRef workload) {
  llvm::MD5 md5;
  md5.update(workload);
  llvm::MD5::MD5Result digest;
  md5.final(digest);
  return std::string(digest.digest().str().substr(0, 16));
}

//===----------------------------------------------------------------------===//
// FLOPs and names
//===----------------------------------------------------------------------===//

std::string mlir::tuner::getTaskName(const FusedGroup &group) {
  std::string name;
  llvm::raw_string_ostream os(name);
  linalg::LinalgOp anchor = group.anchor;
  StringRef opName = anchor->getName().getStringRef();
  opName.consume_front("linalg.");
  os << opName << "_";
  llvm::interleave(anchor.getStaticLoopRanges(), os, "x");
  if (!group.consumers.empty())
    os << "_fused" << group.consumers.size();
  return name;
}

//===----------------------------------------------------------------------===//
// Extraction
//===----------------------------------------------------------------------===//

std::string mlir::tuner::getUnschedulableReason(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics())
    return "linalg op on buffers is not extracted as a tuning task; the tuner "
           "schedules ops on tensors";
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (llvm::any_of(ranges, ShapedType::isDynamic))
    return "dynamic shapes are not supported: op is not extracted as a tuning "
           "task (--tuner-specialize-shapes=\"sizes=...\" gives the dynamic "
           "dimensions of the arguments static sizes)";
  return "";
}

/// Bytes of the values a group reads from outside and of its result.
static int64_t computeGroupBytes(const FusedGroup &group) {
  SmallVector<Operation *> ops = group.getOps();
  llvm::SmallPtrSet<Operation *, 8> inGroup(ops.begin(), ops.end());
  llvm::SmallPtrSet<Value, 8> seen;
  int64_t bytes = 0;
  auto count = [&](Value v) {
    auto type = dyn_cast<ShapedType>(v.getType());
    if (!type || !type.hasStaticShape() || !seen.insert(v).second)
      return;
    unsigned bits = type.getElementType().isIntOrFloat()
                        ? type.getElementType().getIntOrFloatBitWidth()
                        : 64;
    bytes += type.getNumElements() * llvm::divideCeil(bits, 8);
  };
  for (Operation *op : ops) {
    auto linalgOp = cast<linalg::LinalgOp>(op);
    for (OpOperand *input : linalgOp.getDpsInputOperands())
      if (!inGroup.contains(input->get().getDefiningOp()))
        count(input->get());
  }
  for (Value result : group.getRoot()->getResults())
    count(result);
  return bytes;
}

/// Whether `op` is a linalg op extraction considers, warning about the ones
/// it must skip.
static bool isExtractable(Operation *op) {
  if (auto aggregate = dyn_cast<linalg::AggregatedOpInterface>(op)) {
    if (!isa<linalg::LinalgOp>(op)) {
      op->emitWarning()
          << "aggregate op is not extracted as a tuning task; decompose it "
             "into linalg ops first (transform.structured.decompose_interface "
             "or tuner-prepare)";
      return false;
    }
  }
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return false;
  std::string reason = getUnschedulableReason(linalgOp);
  if (!reason.empty()) {
    op->emitWarning() << reason;
    return false;
  }
  // Nothing to compute, nothing to schedule.
  if (llvm::is_contained(linalgOp.getStaticLoopRanges(), 0))
    return false;
  // An accumulator read before it is written has no defined value: every
  // schedule, and the reference, may compute something else.
  for (OpOperand &init : linalgOp.getDpsInitsMutable())
    if (init.get().getDefiningOp<tensor::EmptyOp>() &&
        linalgOp.payloadUsesValueFromOperand(&init))
      op->emitWarning() << "the op reads its accumulator (init #"
                        << init.getOperandNumber() - linalgOp.getNumDpsInputs()
                        << "), an uninitialized tensor.empty: its result is "
                           "undefined, and checks against a reference will "
                           "fail; initialize it (linalg.fill)";
  return true;
}

std::vector<Task> mlir::tuner::extractTasks(Operation *root,
                                            const TaskExtractionOptions &options) {
  SmallVector<linalg::LinalgOp> candidates;
  root->walk([&](Operation *op) {
    if (isExtractable(op))
      candidates.push_back(cast<linalg::LinalgOp>(op));
  });

  // Anchors first: their groups claim their producers and consumers (an
  // elementwise op reading two anchors joins the first one only).
  llvm::DenseSet<Operation *> claimed;
  llvm::DenseMap<Operation *, FusedGroup> groups;
  for (linalg::LinalgOp anchor : candidates) {
    if (!isAnchorOp(anchor))
      continue;
    FusedGroup group = buildFusedGroup(anchor, options);
    for (auto [i, consumer] : llvm::enumerate(group.consumers)) {
      if (claimed.contains(consumer)) {
        group.consumers.resize(i);
        break;
      }
    }
    for (Operation *op : group.getOps())
      claimed.insert(op);
    groups[anchor] = std::move(group);
  }

  std::vector<Task> tasks;
  llvm::StringMap<size_t> taskIndex;
  for (linalg::LinalgOp op : candidates) {
    FusedGroup group;
    if (isAnchorOp(op)) {
      group = std::move(groups[op]);
    } else {
      if (!options.allOps || claimed.contains(op))
        continue;
      group = buildFusedGroup(op, options);
    }
    std::string workload = computeWorkloadString(group);
    std::string key = computeWorkloadKey(workload);
    auto [it, inserted] = taskIndex.try_emplace(key, tasks.size());
    if (inserted) {
      Task task;
      task.key = key;
      task.name = getTaskName(group);
      task.workload = std::move(workload);
      task.opClass = classifyOp(group.anchor);
      for (Operation *groupOp : group.getOps())
        task.flops += computeFlops(cast<linalg::LinalgOp>(groupOp));
      task.bytes = computeGroupBytes(group);
      tasks.push_back(std::move(task));
    }
    Task &task = tasks[it->second];
    task.weight++;
    task.occurrences.push_back(std::move(group));
  }
  return tasks;
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

static std::string printLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  std::string str;
  llvm::raw_string_ostream os(str);
  loc.print(os);
  return str;
}

static std::string printType(Type type) {
  std::string str;
  llvm::raw_string_ostream os(str);
  type.print(os);
  return str;
}

llvm::json::Value mlir::tuner::tasksToJSON(ArrayRef<Task> tasks) {
  llvm::json::Array list;
  for (const Task &task : tasks) {
    const FusedGroup &group = task.occurrences.front();
    linalg::LinalgOp anchor = group.anchor;

    llvm::json::Array operands;
    for (OpOperand &operand : anchor->getOpOperands()) {
      Type type = operand.get().getType();
      auto shaped = dyn_cast<ShapedType>(type);
      operands.push_back(llvm::json::Object{
          {"role", anchor.isDpsInit(&operand) ? "init" : "input"},
          {"shape", shaped ? llvm::json::Array(shaped.getShape())
                           : llvm::json::Array()},
          {"element_type", printType(getElementTypeOrSelf(type))},
      });
    }
    llvm::json::Array iterators;
    for (utils::IteratorType it : anchor.getIteratorTypesArray())
      iterators.push_back(utils::stringifyIteratorType(it));
    llvm::json::Array fused;
    for (Operation *op : group.getOps())
      if (op != anchor.getOperation())
        fused.push_back(op->getName().getStringRef());
    llvm::json::Array occurrences;
    for (const FusedGroup &occurrence : task.occurrences) {
      auto func = occurrence.anchor->getParentOfType<FunctionOpInterface>();
      occurrences.push_back(llvm::json::Object{
          {"function", func ? func.getName().str() : std::string()},
          {"loc", printLocation(occurrence.anchor->getLoc())},
      });
    }
    list.push_back(llvm::json::Object{
        {"key", task.key},
        {"name", task.name},
        {"weight", task.weight},
        {"flops", task.flops},
        {"bytes", task.bytes},
        {"class", stringifyOpClass(task.opClass)},
        {"anchor", anchor->getName().getStringRef()},
        {"loop_ranges", llvm::json::Array(anchor.getStaticLoopRanges())},
        {"iterator_types", std::move(iterators)},
        {"operands", std::move(operands)},
        {"fused", std::move(fused)},
        {"occurrences", std::move(occurrences)},
        {"workload", task.workload},
    });
  }
  return llvm::json::Object{{"version", 1}, {"tasks", std::move(list)}};
}

llvm::json::Object mlir::tuner::describeWorkload(const Task &task) {
  linalg::LinalgOp anchor = task.occurrences.front().anchor;
  llvm::json::Array operands;
  for (Type type : anchor->getOperandTypes()) {
    // A fill's value is a scalar: an operand of rank 0.
    auto shaped = dyn_cast<ShapedType>(type);
    std::string elt;
    llvm::raw_string_ostream(elt) << getElementTypeOrSelf(type);
    operands.push_back(llvm::json::Object{
        {"shape", shaped ? llvm::json::Array(shaped.getShape())
                         : llvm::json::Array()},
        {"element_type", elt}});
  }
  return llvm::json::Object{
      {"name", task.name},
      {"anchor", anchor->getName().getStringRef()},
      {"class", stringifyOpClass(task.opClass)},
      {"flops", task.flops},
      {"bytes", task.bytes},
      {"loop_ranges", llvm::json::Array(anchor.getStaticLoopRanges())},
      {"operands", std::move(operands)},
  };
}

