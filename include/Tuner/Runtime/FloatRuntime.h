//===- FloatRuntime.h - narrow float conversions for JIT code ---*- C++ -*-===//
//
// LLVM lowers a conversion to or from bf16 or f16 that the target has no
// instruction for into a call of a compiler-rt/libgcc function
// (`__truncsfbf2` rounds f32 to bf16 without AVX512-BF16). Not every host's
// libgcc has them (GCC 12's has no bf16 ones), and a JIT resolves them from
// the process: these are the functions our JIT-compiled code links against.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_RUNTIME_FLOATRUNTIME_H
#define TUNER_RUNTIME_FLOATRUNTIME_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace mlir::tuner::runtime {

/// Rounds `value` to the nearest bf16 (ties to even; NaN stays a quiet NaN),
/// as bits.
uint16_t truncateToBF16(float value);

/// Rounds `value` to the nearest IEEE half (ties to even; overflow to
/// infinity, subnormals kept, NaN stays a quiet NaN), as bits.
uint16_t truncateToF16(float value);

/// The f32 value of IEEE half bits.
float extendF16(uint16_t bits);

/// Calls `fn` with the name and address of each conversion function of the
/// compiler runtime ABI that JIT-compiled code may call (`__truncsfbf2`,
/// `__truncdfbf2`, `__truncsfhf2`, `__truncdfhf2`, `__extendhfsf2`,
/// `__gnu_h2f_ieee`, `__gnu_f2h_ieee`).
void forEachFloatConversion(llvm::function_ref<void(StringRef, void *)> fn);

} // namespace mlir::tuner::runtime

#endif // TUNER_RUNTIME_FLOATRUNTIME_H
