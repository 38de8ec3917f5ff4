//===- Knob.h - tunable parameters of a sketch ------------------*- C++ -*-===//
//
// A knob is one numeric or categorical choice of a sketch: a tile size, an
// unroll factor, a lowering strategy. Its options are the legal values; a
// point of the search space picks one option per knob.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SKETCH_KNOB_H
#define TUNER_TUNER_SKETCH_KNOB_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace mlir::tuner {

/// What a knob controls. Search policies use it to pick mutations (tile knobs
/// move factors between levels); the cost model uses it to name features.
enum class KnobKind {
  /// A tile size of one loop at one level of a multi-level tiling.
  Tile,
  /// An unroll factor.
  Unroll,
  /// A categorical choice (a lowering strategy, an on/off switch).
  Choice,
};

/// One tunable parameter with its legal values.
struct Knob {
  /// Name, unique within a sketch (it is the key in #sched.config).
  std::string name;
  KnobKind kind = KnobKind::Tile;
  /// Legal values: i64 IntegerAttrs in increasing order, or StringAttrs.
  SmallVector<Attribute> options;
  /// For Tile knobs: the extent of the loop dimension it tiles.
  int64_t extent = 0;
  /// True if the script realizes this knob as a `transform.tune.alternatives`
  /// (one region per option) rather than a `transform.tune.knob` param.
  bool isAlternatives = false;
  /// One line on what the knob does.
  std::string doc;
  /// For a knob added to a sketch after configs were recorded: the option
  /// (index) that a config without it means, the behaviour from before the
  /// knob existed. Configs missing any other knob are rejected.
  std::optional<unsigned> absentOption;

  /// The integer value of option `i` (0 for a string option).
  int64_t getInt(unsigned i) const;
  /// The index of `value` among the options, if it is one.
  std::optional<unsigned> find(Attribute value) const;
  /// The index of the integer option nearest to `value` (ties: the smaller).
  unsigned findNearest(int64_t value) const;
};

/// Builds an integer knob from its (possibly unsorted, duplicated) options.
Knob makeIntKnob(MLIRContext *ctx, StringRef name, KnobKind kind,
                 ArrayRef<int64_t> options, StringRef doc, int64_t extent = 0);
/// Builds a categorical knob realized as tune.alternatives.
Knob makeChoiceKnob(MLIRContext *ctx, StringRef name,
                    ArrayRef<StringRef> options, StringRef doc);

/// A point of a sketch's space: one option index per knob, in knob order.
using KnobChoice = SmallVector<unsigned, 12>;

/// Read-only view of a point as named values, for constraints and scripts.
class KnobValues {
public:
  KnobValues(ArrayRef<Knob> knobs, ArrayRef<unsigned> choice)
      : knobs(knobs), choice(choice) {}

  /// The integer value of knob `name` (which must exist).
  int64_t getInt(StringRef name) const;
  /// The string value of knob `name` (which must exist).
  StringRef getString(StringRef name) const;
  /// Whether a knob of that name exists.
  bool has(StringRef name) const;

private:
  const Knob &lookup(StringRef name, unsigned &index) const;
  ArrayRef<Knob> knobs;
  ArrayRef<unsigned> choice;
};

/// Divisors of `n` in increasing order.
SmallVector<int64_t> getDivisors(int64_t n);

} // namespace mlir::tuner

#endif // TUNER_TUNER_SKETCH_KNOB_H
