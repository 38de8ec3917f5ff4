//===- ScriptBuilder.cpp - emit transform scripts as text -----------------===//

#include "Tuner/Tuner/Sketch/ScriptBuilder.h"

#include "llvm/Support/MathExtras.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tuner;

static constexpr const char *kAnyOp = "!transform.any_op";
static constexpr const char *kParam = "!transform.param<i64>";

static std::string intList(ArrayRef<int64_t> values) {
  return "[" +
         llvm::join(llvm::map_range(
                        values, [](int64_t v) { return std::to_string(v); }),
                    ", ") +
         "]";
}

ScriptBuilder::ScriptBuilder(StringRef symName) : os(text) {
  os << "transform.named_sequence @" << symName
     << "(%scope: !transform.any_op {transform.readonly}, "
        "%anchor: !transform.any_op {transform.consumed}) {\n";
}

std::string ScriptBuilder::fresh(StringRef base) {
  unsigned n = counters[base]++;
  return ("%" + base + (n ? "_" + Twine(n) : Twine())).str();
}

llvm::raw_string_ostream &ScriptBuilder::line() {
  os.indent(indent);
  return os;
}

std::string ScriptBuilder::sizeList(ArrayRef<Size> sizes,
                                    SmallVectorImpl<std::string> &paramTypes,
                                    SmallVectorImpl<std::string> &params) {
  SmallVector<std::string> items;
  for (const Size &s : sizes) {
    if (s.param.empty()) {
      items.push_back(std::to_string(s.value));
      continue;
    }
    items.push_back(s.param);
    params.push_back(s.param);
    paramTypes.push_back(kParam);
  }
  return "[" + llvm::join(items, ", ") + "]";
}

Size ScriptBuilder::knob(const Knob &knob) {
  std::string name = fresh(knob.name);
  SmallVector<std::string> options;
  for (unsigned i = 0, e = knob.options.size(); i < e; ++i)
    options.push_back(std::to_string(knob.getInt(i)));
  line() << name << " = transform.tune.knob<\"" << knob.name
         << "\"> options = [" << llvm::join(options, ", ") << "] -> " << kParam
         << "\n";
  return Size{0, name};
}

Size ScriptBuilder::exactDivide(Size size, int64_t divisor) {
  assert(divisor > 0 && "divisor must be positive");
  if (size.param.empty()) {
    assert(size.value % divisor == 0 && "divisor must divide the size");
    return Size::of(size.value / divisor);
  }
  std::string name = fresh(size.param.substr(1) + "_div");
  line() << name << " = transform.sched.exact_divide " << size.param << " by "
         << divisor << " : " << kParam << "\n";
  return Size{0, name};
}

void ScriptBuilder::alternatives(const Knob &knob,
                                 const std::function<void(unsigned)> &body) {
  line() << "transform.tune.alternatives<\"" << knob.name << "\"> {\n";
  for (unsigned i = 0, e = knob.options.size(); i < e; ++i) {
    if (i)
      line() << "}, {\n";
    indent += 2;
    body(i);
    indent -= 2;
  }
  line() << "}\n";
}

Handle ScriptBuilder::alternativesYielding(
    const Knob &knob, const std::function<Handle(unsigned)> &body) {
  Handle result{fresh(knob.name + "_result")};
  line() << result.name << " = transform.tune.alternatives<\"" << knob.name
         << "\"> -> " << kAnyOp << " {\n";
  for (unsigned i = 0, e = knob.options.size(); i < e; ++i) {
    if (i)
      line() << "}, {\n";
    indent += 2;
    Handle yielded = body(i);
    line() << "transform.yield " << yielded.name << " : " << kAnyOp << "\n";
    indent -= 2;
  }
  line() << "}\n";
  return result;
}

Handle ScriptBuilder::getProducerOfOperand(Handle op, unsigned operand) {
  Handle h{fresh("producer")};
  line() << h.name << " = transform.get_producer_of_operand " << op.name << "["
         << operand << "] : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return h;
}

Handle ScriptBuilder::getConsumerOfResult(Handle op, unsigned result) {
  Handle h{fresh("consumer")};
  line() << h.name << " = transform.get_consumers_of_result " << op.name << "["
         << result << "] : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return h;
}

std::pair<Handle, Handle> ScriptBuilder::tileUsingForall(Handle target,
                                                         ArrayRef<Size> sizes,
                                                         StringRef mapping,
                                                         bool numThreads) {
  SmallVector<std::string> types = {kAnyOp}, params;
  std::string list = sizeList(sizes, types, params);
  Handle tiled{fresh("tiled")}, forall{fresh("forall")};
  line() << tiled.name << ", " << forall.name
         << " = transform.structured.tile_using_forall " << target.name
         << (numThreads ? " num_threads " : " tile_sizes ") << list;
  if (!mapping.empty())
    os << " (mapping = " << mapping << ")";
  os << " : (" << llvm::join(types, ", ") << ") -> (" << kAnyOp << ", "
     << kAnyOp << ")\n";
  return {tiled, forall};
}

std::pair<Handle, SmallVector<Handle>>
ScriptBuilder::tileUsingFor(Handle target, ArrayRef<Size> sizes,
                            ArrayRef<int64_t> interchange) {
  SmallVector<std::string> types = {kAnyOp}, params;
  std::string list = sizeList(sizes, types, params);
  Handle tiled{fresh("tiled")};
  SmallVector<Handle> loops;
  SmallVector<std::string> results = {tiled.name}, resultTypes = {kAnyOp};
  // One loop result per size that is not a literal zero (a param may be zero
  // at run time; its loop handle is then empty).
  for (const Size &s : sizes) {
    if (s.isZero())
      continue;
    loops.push_back({fresh("loop")});
    results.push_back(loops.back().name);
    resultTypes.push_back(kAnyOp);
  }
  line() << llvm::join(results, ", ")
         << " = transform.structured.tile_using_for " << target.name
         << " tile_sizes " << list;
  if (!interchange.empty())
    os << " interchange = " << intList(interchange);
  os << " : (" << llvm::join(types, ", ") << ") -> ("
     << llvm::join(resultTypes, ", ") << ")\n";
  return {tiled, loops};
}

ScriptBuilder::ReductionTiling
ScriptBuilder::tileReductionUsingFor(Handle target, ArrayRef<int64_t> sizes) {
  ReductionTiling r{{fresh("partial_fill")},
                    {fresh("partial")},
                    {fresh("combine")},
                    {fresh("reduction_loop")}};
  line() << r.fill.name << ", " << r.split.name << ", " << r.combine.name
         << ", " << r.loop.name
         << " = transform.structured.tile_reduction_using_for " << target.name
         << " by tile_sizes = " << intList(sizes) << " : (" << kAnyOp
         << ") -> (" << kAnyOp << ", " << kAnyOp << ", " << kAnyOp << ", "
         << kAnyOp << ")\n";
  return r;
}

std::pair<Handle, Handle>
ScriptBuilder::fuseIntoContainingOp(Handle producer, Handle containing) {
  Handle fused{fresh("fused")}, newContaining{fresh("containing")};
  line() << fused.name << ", " << newContaining.name
         << " = transform.structured.fuse_into_containing_op " << producer.name
         << " into " << containing.name << " : (" << kAnyOp << ", " << kAnyOp
         << ") -> (" << kAnyOp << ", " << kAnyOp << ")\n";
  return {fused, newContaining};
}

ScriptBuilder::Padding ScriptBuilder::pad(Handle target,
                                          ArrayRef<std::string> paddingValues,
                                          ArrayRef<int64_t> dims,
                                          ArrayRef<int64_t> nofold,
                                          StringRef copyBack) {
  Handle padded{fresh("padded")}, pad{fresh("pad")}, copy{fresh("copy")};
  line() << padded.name << ", " << pad.name << ", " << copy.name
         << " = transform.structured.pad " << target.name
         << " {padding_values = [" << llvm::join(paddingValues, ", ")
         << "], padding_dimensions = " << intList(dims)
         << ", nofold_flags = " << intList(nofold) << ", copy_back_op = \""
         << copyBack << "\"} : (" << kAnyOp << ") -> (" << kAnyOp << ", "
         << kAnyOp << ", " << kAnyOp << ")\n";
  return {padded, pad, copy};
}

Handle ScriptBuilder::foldFillIntoPad(Handle padded) {
  Handle h{fresh("fill")};
  line() << h.name << " = transform.sched.fold_fill_into_pad " << padded.name
         << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return h;
}

Handle ScriptBuilder::vectorizePadRows(Handle pad, int64_t rows) {
  Handle h{fresh("pad_rows")};
  line() << h.name << " = transform.sched.vectorize_pad_rows " << pad.name
         << " {rows = " << rows << "} : (" << kAnyOp << ") -> " << kAnyOp
         << "\n";
  return h;
}

Handle ScriptBuilder::hoistPad(Handle pad, int64_t numLoops) {
  Handle h{fresh("hoisted")};
  line() << h.name << " = transform.structured.hoist_pad " << pad.name << " by "
         << numLoops << " loops : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return h;
}

Handle ScriptBuilder::getParentOp(Handle op, StringRef opName) {
  Handle h{fresh("parent")};
  line() << h.name << " = transform.get_parent_op " << op.name
         << " {op_name = \"" << opName << "\"} : (" << kAnyOp << ") -> "
         << kAnyOp << "\n";
  return h;
}

std::pair<Handle, Handle>
ScriptBuilder::mapCopyToThreads(Handle target, int64_t totalThreads,
                                int64_t bitAlignment) {
  Handle forall{fresh("copy_forall")}, copy{fresh("thread_copy")};
  line() << forall.name << ", " << copy.name
         << " = transform.structured.gpu.map_copy_to_threads " << target.name
         << " total_num_threads = " << totalThreads
         << " desired_bit_alignment = " << bitAlignment << " : (" << kAnyOp
         << ") -> (" << kAnyOp << ", " << kAnyOp << ")\n";
  return {forall, copy};
}

void ScriptBuilder::promoteToWorkgroup(Handle emptyOp) {
  std::string typed = fresh("empty"), alloc = fresh("alloc"),
              space = fresh("workgroup");
  line() << typed << " = transform.cast " << emptyOp.name << " : " << kAnyOp
         << " to !transform.op<\"tensor.empty\">\n";
  line() << alloc << " = transform.bufferization.empty_tensor_to_alloc_tensor "
         << typed
         << " : (!transform.op<\"tensor.empty\">) -> "
            "!transform.op<\"bufferization.alloc_tensor\">\n";
  line() << space
         << " = transform.param.constant #gpu.address_space<workgroup> -> "
            "!transform.any_param\n";
  line() << "transform.annotate " << alloc << " \"memory_space\" = " << space
         << " : !transform.op<\"bufferization.alloc_tensor\">, "
            "!transform.any_param\n";
}

void ScriptBuilder::vectorizeStatic(Handle target) {
  line() << "transform.sched.vectorize_static " << target.name << " : "
         << kAnyOp << "\n";
}

std::pair<Handle, Handle> ScriptBuilder::peelPartial(Handle loops) {
  Handle main{fresh("full_loop")}, remainder{fresh("partial_loop")};
  line() << main.name << ", " << remainder.name
         << " = transform.sched.peel_partial " << loops.name << " : (" << kAnyOp
         << ") -> (" << kAnyOp << ", " << kAnyOp << ")\n";
  return {main, remainder};
}

Handle ScriptBuilder::matchIn(Handle scope, StringRef criterion) {
  // structured.match takes exactly one scope: one match per op of `scope`
  // (none for an empty handle).
  Handle h{fresh("matched_ops")}, each{fresh("each_scope")},
      ops{fresh("matched")};
  line() << h.name << " = transform.foreach " << scope.name << " : " << kAnyOp
         << " -> " << kAnyOp << " {\n";
  indent += 2;
  line() << "^bb0(" << each.name << ": " << kAnyOp << "):\n";
  line() << ops.name << " = transform.structured.match " << criterion << " in "
         << each.name << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  line() << "transform.yield " << ops.name << " : " << kAnyOp << "\n";
  indent -= 2;
  line() << "}\n";
  return h;
}

Handle ScriptBuilder::matchLinalgIn(Handle scope) {
  return matchIn(scope, "interface{LinalgOp}");
}

Handle ScriptBuilder::matchOpsIn(Handle scope, StringRef opName) {
  return matchIn(scope, ("ops{[\"" + opName + "\"]}").str());
}

Handle ScriptBuilder::merge(Handle a, Handle b) {
  Handle h{fresh("merged")};
  line() << h.name << " = transform.merge_handles " << a.name << ", " << b.name
         << " : " << kAnyOp << "\n";
  return h;
}

Handle ScriptBuilder::decompose(Handle target) {
  Handle h{fresh("decomposed")};
  line() << h.name << " = transform.structured.decompose " << target.name
         << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return h;
}

Handle ScriptBuilder::generalize(Handle target) {
  Handle h{fresh("generic")};
  line() << h.name << " = transform.structured.generalize " << target.name
         << " : (" << kAnyOp << ") -> " << kAnyOp << "\n";
  return h;
}

Handle ScriptBuilder::interchange(Handle target,
                                  ArrayRef<int64_t> permutation) {
  Handle h{fresh("interchanged")};
  line() << h.name << " = transform.structured.interchange " << target.name
         << " iterator_interchange = " << intList(permutation) << " : ("
         << kAnyOp << ") -> " << kAnyOp << "\n";
  return h;
}

void ScriptBuilder::vectorize(Handle target, bool namedContraction,
                              ArrayRef<Size> vectorSizes) {
  SmallVector<std::string> types = {kAnyOp}, params;
  line() << "transform.structured.vectorize " << target.name;
  if (!vectorSizes.empty())
    os << " vector_sizes " << sizeList(vectorSizes, types, params);
  if (namedContraction)
    os << " {create_named_contraction}";
  os << " : " << llvm::join(types, ", ") << "\n";
}

void ScriptBuilder::applyPatterns(Handle target,
                                  ArrayRef<std::string> patterns) {
  line() << "transform.apply_patterns to " << target.name << " {\n";
  for (const std::string &p : patterns)
    line() << "  transform.apply_patterns." << p << "\n";
  line() << "} : " << kAnyOp << "\n";
}

void ScriptBuilder::applyCSE(Handle target) {
  line() << "transform.apply_cse to " << target.name << " : " << kAnyOp << "\n";
}

void ScriptBuilder::applyLICM(Handle loop) {
  line() << "transform.apply_licm to " << loop.name << " : " << kAnyOp << "\n";
}

void ScriptBuilder::hoistLoopInvariantSubsets(Handle loop) {
  line() << "transform.loop.hoist_loop_invariant_subsets " << loop.name << " : "
         << kAnyOp << "\n";
}

void ScriptBuilder::unrollLoop(Handle loop, int64_t factor) {
  line() << "transform.loop.unroll " << loop.name << " {factor = " << factor
         << " : i64} : " << kAnyOp << "\n";
}

void ScriptBuilder::annotate(Handle op, StringRef name, Size value) {
  std::string param = value.param;
  if (param.empty()) {
    param = fresh(name.substr(name.rfind('.') + 1).str());
    line() << param << " = transform.param.constant " << value.value
           << " : i64 -> " << kParam << "\n";
  }
  line() << "transform.annotate " << op.name << " \"" << name
         << "\" = " << param << " : " << kAnyOp << ", " << kParam << "\n";
}

void ScriptBuilder::raw(StringRef text) { line() << text << "\n"; }

std::string ScriptBuilder::finish() {
  line() << "transform.yield\n";
  os << "}\n";
  return std::move(text);
}
