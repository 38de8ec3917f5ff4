//===- UpgradeSource.h - newer MLIR text that MLIR 22 reads -----*- C++ -*-===//
//
// Exporters built on a newer MLIR than the LLVM/MLIR 22 mlir-tuner uses
// (IREE 3.13's importers) print a few things differently. The one that
// stops the parser: a `dense<"0x...">` of i1 elements holds one byte per
// element there, and packed bits (the first element in bit 0) in MLIR 22
// ("elements hex data size is invalid for provided type: tensor<32x32xi1>",
// a causal mask of an ONNX model through IREE). upgradeSource rewrites such
// literals before the tools parse a file.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_SUPPORT_UPGRADESOURCE_H
#define TUNER_SUPPORT_UPGRADESOURCE_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace mlir::tuner {

namespace detail {
/// The number of elements of the shaped type `type` ("tensor<32x32xi1>",
/// "vector<8xi1>") when its elements are i1, else nullopt.
inline std::optional<uint64_t> getI1ElementCount(llvm::StringRef type) {
  if (!type.consume_front("tensor<") && !type.consume_front("vector<"))
    return std::nullopt;
  if (!type.consume_back(">") || !type.consume_back("i1"))
    return std::nullopt;
  uint64_t count = 1;
  while (!type.empty()) {
    uint64_t dim;
    if (type.consumeInteger(10, dim) || !type.consume_front("x"))
      return std::nullopt;
    count *= dim;
  }
  return count;
}

/// `hex` (two digits a byte, each byte 00 or 01) as packed bits in hex, or
/// nullopt when it is not one byte per element of `count` elements.
inline std::optional<std::string> packBoolBytes(llvm::StringRef hex,
                                                uint64_t count) {
  if (count < 2 || hex.size() != 2 * count)
    return std::nullopt;
  std::string packed((count + 7) / 8, '\0');
  for (uint64_t i = 0; i < count; ++i) {
    llvm::StringRef byte = hex.substr(2 * i, 2);
    if (byte != "00" && byte != "01")
      return std::nullopt;
    if (byte == "01")
      packed[i / 8] |= static_cast<char>(1u << (i % 8));
  }
  return llvm::toHex(packed);
}
} // namespace detail

/// `text` with every `dense<"0x..."> : tensor<...xi1>` of one byte per
/// element packed to bits; the text itself when there is none.
inline std::string upgradeSource(llvm::StringRef text) {
  std::string out;
  size_t copied = 0, at = 0;
  while ((at = text.find("dense<\"0x", at)) != llvm::StringRef::npos) {
    size_t hexBegin = at + 9;
    size_t hexEnd = text.find("\">", hexBegin);
    if (hexEnd == llvm::StringRef::npos)
      break;
    // The literal's type follows: `"> : tensor<...>`.
    llvm::StringRef rest = text.substr(hexEnd + 2).ltrim();
    std::optional<uint64_t> count;
    if (rest.consume_front(":")) {
      rest = rest.ltrim();
      count = detail::getI1ElementCount(rest.take_until(
          [](char c) { return c == '>'; }).str() + ">");
    }
    std::optional<std::string> packed;
    if (count)
      packed = detail::packBoolBytes(text.slice(hexBegin, hexEnd), *count);
    if (packed) {
      out += text.slice(copied, hexBegin);
      out += *packed;
      copied = hexEnd;
    }
    at = hexEnd;
  }
  if (copied == 0)
    return text.str();
  out += text.substr(copied);
  return out;
}

/// A buffer of `buffer`'s contents upgraded (upgradeSource), under its
/// name; `buffer` itself when nothing changes.
inline std::unique_ptr<llvm::MemoryBuffer>
upgradeSource(std::unique_ptr<llvm::MemoryBuffer> buffer) {
  llvm::StringRef text = buffer->getBuffer();
  if (!text.contains("xi1>"))
    return buffer;
  std::string upgraded = upgradeSource(text);
  if (upgraded == text)
    return buffer;
  return llvm::MemoryBuffer::getMemBufferCopy(upgraded,
                                              buffer->getBufferIdentifier());
}

} // namespace mlir::tuner

#endif // TUNER_SUPPORT_UPGRADESOURCE_H
