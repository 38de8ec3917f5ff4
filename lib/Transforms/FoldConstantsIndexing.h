//===- FoldConstantsIndexing.h - index arithmetic of the folder -*- C++ -*-===//
//
// How tuner-fold-constants walks tensors: checked shape arithmetic, the
// linear access of an operand through an indexing map, and the element walk
// of the copy path (tiled for transposes). Private to lib/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_FOLDCONSTANTSINDEXING_H
#define TUNER_LIB_TRANSFORMS_FOLDCONSTANTSINDEXING_H

#include "mlir/IR/AffineMap.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tuner::fold {

/// Tile edge of the copy path when input and output are contiguous along
/// different dimensions (a transpose).
inline constexpr int64_t kCopyTile = 32;

/// The product of `values`, or nullopt on overflow or a negative factor.
std::optional<int64_t> checkedProduct(ArrayRef<int64_t> values);

/// a * b, or the int64_t limit of its sign on overflow.
int64_t saturatingMul(int64_t a, int64_t b);

/// a + b, or the int64_t limit of its sign on overflow.
int64_t saturatingAdd(int64_t a, int64_t b);

/// Row-major strides of `shape` (whose element count is known not to
/// overflow).
SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape);

/// How an operand's element offset follows the loop indices:
/// offset = base + sum(strides[d] * index[d]).
struct Access {
  SmallVector<int64_t> strides;
  int64_t base = 0;
};

/// The access of a tensor of `shape` (row-major, or splat) through `map`
/// over loop extents `ranges`. Fails when the map is not linear or an index
/// may leave the tensor.
FailureOr<Access> getAccess(AffineMap map, ArrayRef<int64_t> shape, bool splat,
                            ArrayRef<int64_t> ranges, std::string &why);

/// Calls `fn(outIndex, inIndex)` for every element of a row-major output of
/// `shape`, where the input element moves by `inStrides[j]` along output
/// dimension j from `inBase`. When the input is contiguous along another
/// dimension than the output (a transpose), the two innermost such
/// dimensions are walked in tiles to stay in cache. Stops at the first
/// `false` from `fn` and returns false then.
template <typename Fn>
inline bool forEachElement(ArrayRef<int64_t> shape, ArrayRef<int64_t> inStrides,
                           int64_t inBase, Fn fn) {
  unsigned rank = shape.size();
  if (llvm::is_contained(shape, 0))
    return true;
  if (rank == 0)
    return fn(int64_t(0), inBase);
  SmallVector<int64_t> outStrides = rowMajorStrides(shape);
  unsigned last = rank - 1;
  // The output dimension along which the input is contiguous, if not the
  // last one.
  std::optional<unsigned> tiled;
  if (inStrides[last] != 1 && inStrides[last] != 0)
    for (unsigned j = 0; j < last; ++j)
      if (inStrides[j] == 1 && shape[j] > 1)
        tiled = j;

  SmallVector<int64_t> index(rank, 0);
  int64_t outOffset = 0, inOffset = inBase;
  int64_t n = shape[last], s = inStrides[last];
  while (true) {
    if (!tiled) {
      for (int64_t i = 0; i < n; ++i)
        if (!fn(outOffset + i, inOffset + i * s))
          return false;
    } else {
      unsigned q = *tiled;
      int64_t m = shape[q], outQ = outStrides[q];
      for (int64_t a0 = 0; a0 < m; a0 += kCopyTile) {
        int64_t a1 = std::min(m, a0 + kCopyTile);
        for (int64_t b0 = 0; b0 < n; b0 += kCopyTile) {
          int64_t b1 = std::min(n, b0 + kCopyTile);
          for (int64_t a = a0; a < a1; ++a)
            for (int64_t b = b0; b < b1; ++b)
              if (!fn(outOffset + a * outQ + b, inOffset + a + b * s))
                return false;
        }
      }
    }
    // Next outer index (skipping the last and the tiled dimension).
    int64_t d = int64_t(last) - 1;
    for (; d >= 0; --d) {
      if (tiled && unsigned(d) == *tiled)
        continue;
      ++index[d];
      outOffset += outStrides[d];
      inOffset += inStrides[d];
      if (index[d] < shape[d])
        break;
      outOffset -= outStrides[d] * shape[d];
      inOffset -= inStrides[d] * shape[d];
      index[d] = 0;
    }
    if (d < 0)
      return true;
  }
}

} // namespace mlir::tuner::fold

#endif // TUNER_LIB_TRANSFORMS_FOLDCONSTANTSINDEXING_H
