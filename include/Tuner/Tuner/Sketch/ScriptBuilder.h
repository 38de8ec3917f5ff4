//===- ScriptBuilder.h - emit transform scripts as text ---------*- C++ -*-===//
//
// Sketches emit their transform scripts through this builder: it names SSA
// values, writes the type signatures the transform ops need, and turns knobs
// into `transform.tune.knob` params or `transform.tune.alternatives` regions.
// The result is the text of one `transform.named_sequence`, parsed once per
// task and instantiated per candidate by setting the knobs' `selected` values.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SKETCH_SCRIPTBUILDER_H
#define TUNER_TUNER_SKETCH_SCRIPTBUILDER_H

#include "Tuner/Tuner/Sketch/Knob.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <utility>

namespace mlir::tuner {

/// A `!transform.any_op` handle (the SSA name, e.g. "%forall_3").
struct Handle {
  std::string name;
};

/// A size operand of a transform op: a literal, or a param from a knob.
struct Size {
  int64_t value = 0;
  std::string param; // non-empty for a param

  static Size of(int64_t v) { return Size{v, ""}; }
  bool isZero() const { return param.empty() && value == 0; }
};

class ScriptBuilder {
public:
  /// Starts `transform.named_sequence @symName(%scope, %anchor)`; the anchor
  /// handle is consumed by the sequence.
  explicit ScriptBuilder(StringRef symName);

  Handle getScope() const { return {"%scope"}; }
  Handle getAnchor() const { return {"%anchor"}; }

  /// Emits `transform.tune.knob` for an integer knob; returns its param.
  Size knob(const Knob &knob);
  /// `size` / `divisor`, which divides it (a literal stays a literal; a
  /// param goes through `transform.sched.exact_divide`).
  Size exactDivide(Size size, int64_t divisor);
  /// Emits `transform.tune.alternatives` with one region per option of
  /// `knob`; `body(i)` writes the ops of region i through this builder.
  void alternatives(const Knob &knob,
                    const std::function<void(unsigned)> &body);
  /// The same, each region yielding the handle `body(i)` returns: the
  /// result is the selected region's handle.
  Handle alternativesYielding(const Knob &knob,
                              const std::function<Handle(unsigned)> &body);

  Handle getProducerOfOperand(Handle op, unsigned operand);
  Handle getConsumerOfResult(Handle op, unsigned result);
  /// The closest op named `opName` (e.g. "scf.for") enclosing `op`.
  Handle getParentOp(Handle op, StringRef opName);

  /// tile_using_forall; returns (tiled op, forall). `mapping` is the text of
  /// the mapping list, e.g. "[#gpu.block<y>, #gpu.block<x>]" (none if empty).
  /// With `numThreads`, the sizes are numbers of tiles (`num_threads`)
  /// instead of tile sizes.
  std::pair<Handle, Handle> tileUsingForall(Handle target, ArrayRef<Size> sizes,
                                            StringRef mapping = "",
                                            bool numThreads = false);
  /// tile_using_for; returns the tiled op and one loop per non-zero size, in
  /// nesting order (outermost first). `interchange` reorders the loops.
  std::pair<Handle, SmallVector<Handle>>
  tileUsingFor(Handle target, ArrayRef<Size> sizes,
               ArrayRef<int64_t> interchange = {});
  /// The handles tile_reduction_using_for returns.
  struct ReductionTiling {
    Handle fill, split, combine, loop;
  };
  /// tile_reduction_using_for: the reduction loops of `target` with a
  /// non-zero (static) size are tiled, partial results accumulate
  /// elementwise in a tensor of the tile's shape, combined after the loop.
  ReductionTiling tileReductionUsingFor(Handle target, ArrayRef<int64_t> sizes);
  /// fuse_into_containing_op; returns (fused op, new containing op).
  std::pair<Handle, Handle> fuseIntoContainingOp(Handle producer,
                                                 Handle containing);
  /// The handles structured.pad returns.
  struct Padding {
    Handle padded, pads, copyBack;
  };
  /// structured.pad of the given iteration dimensions to the static bounding
  /// box, copying (packing) the operands whose nofold flag is set; returns
  /// the padded op, the tensor.pad ops and the op copying the result back
  /// (`copyBack`, or none). `paddingValues` has one attribute text per
  /// operand.
  Padding pad(Handle target, ArrayRef<std::string> paddingValues,
              ArrayRef<int64_t> dims, ArrayRef<int64_t> nofold,
              StringRef copyBack = "linalg.copy");
  /// sched.fold_fill_into_pad: the inits of `padded` that are padded fills
  /// become fills of the padded shape; returns the new fills.
  Handle foldFillIntoPad(Handle padded);
  /// sched.vectorize_pad_rows: each tensor.pad of `pad` (other ops are
  /// ignored) built `rows` rows at a time with vector transfers; returns
  /// the loops.
  Handle vectorizePadRows(Handle pad, int64_t rows);
  /// structured.hoist_pad: hoists the tensor.pad `pad` out of its
  /// `numLoops` innermost enclosing loops, into a packed tensor with a
  /// dimension per hoisted loop the padded slice depends on.
  Handle hoistPad(Handle pad, int64_t numLoops);
  /// structured.gpu.map_copy_to_threads (a copy or pad distributed over the
  /// threads of a block); returns (forall, per-thread copy).
  std::pair<Handle, Handle>
  mapCopyToThreads(Handle target, int64_t totalThreads, int64_t bitAlignment);
  /// Turns the `tensor.empty` ops of `emptyOp` into
  /// `bufferization.alloc_tensor` in GPU workgroup (shared) memory.
  void promoteToWorkgroup(Handle emptyOp);
  /// sched.vectorize_static (vectorize, static pads included).
  void vectorizeStatic(Handle target);
  /// sched.peel_partial: the loops of `loops` with their partial last
  /// iterations peeled off; returns (loops, the partial iterations' loops,
  /// empty where a loop's step divides its range).
  std::pair<Handle, Handle> peelPartial(Handle loops);
  /// The linalg ops nested in the ops of `scope`.
  Handle matchLinalgIn(Handle scope);
  /// The ops named `opName` among the ops of `scope` and those nested in
  /// them.
  Handle matchOpsIn(Handle scope, StringRef opName);
  /// One handle to the ops of `a` and of `b`.
  Handle merge(Handle a, Handle b);
  /// structured.decompose (a 2-D convolution with unit window rows to 1-D).
  Handle decompose(Handle target);
  /// structured.generalize.
  Handle generalize(Handle target);
  /// structured.interchange of a linalg.generic: loop i of the result is
  /// loop `permutation[i]` of `target`.
  Handle interchange(Handle target, ArrayRef<int64_t> permutation);
  /// structured.vectorize, with vector sizes when some are given (masking).
  void vectorize(Handle target, bool namedContraction = false,
                 ArrayRef<Size> vectorSizes = {});
  /// apply_patterns with the given pattern ops (without the
  /// `transform.apply_patterns.` prefix, attributes included).
  void applyPatterns(Handle target, ArrayRef<std::string> patterns);
  void applyCSE(Handle target);
  void applyLICM(Handle loop);
  void hoistLoopInvariantSubsets(Handle loop);
  void unrollLoop(Handle loop, int64_t factor);
  /// Puts the integer attribute `name` = `value` (a literal or a knob's
  /// param) on the ops of `op` (`transform.annotate`).
  void annotate(Handle op, StringRef name, Size value);
  /// Emits a raw line of transform IR.
  void raw(StringRef line);

  /// Closes the sequence and returns its text.
  std::string finish();

private:
  std::string fresh(StringRef base);
  /// structured.match `criterion` (e.g. "interface{LinalgOp}") in each op
  /// of `scope`.
  Handle matchIn(Handle scope, StringRef criterion);
  llvm::raw_string_ostream &line();
  static std::string sizeList(ArrayRef<Size> sizes,
                              SmallVectorImpl<std::string> &paramTypes,
                              SmallVectorImpl<std::string> &params);

  std::string text;
  llvm::raw_string_ostream os;
  unsigned indent = 2;
  llvm::StringMap<unsigned> counters;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_SKETCH_SCRIPTBUILDER_H
