//===- RecordKnobs.cpp - the knob values of a record ---------------------===//
//
// The compact encoding of a record's knobs (RecordKnobs.h): per knob in name
// order, u32 name size, name, u8 kind, then an int64 or a u32 size and the
// string.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Database/RecordKnobs.h"

#include "llvm/ADT/STLExtras.h"

#include <cstring>

using namespace mlir;
using namespace mlir::tuner;

namespace {
void putU32(std::string &out, uint32_t v) {
  out.append(reinterpret_cast<const char *>(&v), sizeof(v));
}
uint32_t getU32(const char *p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}
} // namespace

SmallVector<RecordKnobs::Entry> RecordKnobs::getEntries() const {
  SmallVector<Entry> entries;
  const char *p = data.data(), *end = p + data.size();
  while (p < end) {
    Entry e;
    uint32_t n = getU32(p);
    p += 4;
    e.name = StringRef(p, n);
    p += n;
    e.isString = *p++ != 0;
    if (e.isString) {
      uint32_t m = getU32(p);
      p += 4;
      e.string = StringRef(p, m);
      p += m;
    } else {
      std::memcpy(&e.integer, p, sizeof(int64_t));
      p += sizeof(int64_t);
    }
    entries.push_back(e);
  }
  return entries;
}

size_t RecordKnobs::size() const { return getEntries().size(); }

void RecordKnobs::assign(ArrayRef<Entry> entries) {
  // Name order; of equal names the last wins.
  SmallVector<size_t> order(entries.size());
  for (size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  llvm::sort(order, [&](size_t a, size_t b) {
    return std::make_pair(entries[a].name, a) <
           std::make_pair(entries[b].name, b);
  });
  std::string out;
  for (size_t i = 0; i < order.size(); ++i) {
    if (i + 1 < order.size() &&
        entries[order[i + 1]].name == entries[order[i]].name)
      continue;
    const Entry &e = entries[order[i]];
    putU32(out, e.name.size());
    out += e.name;
    out += e.isString ? '\1' : '\0';
    if (e.isString) {
      putU32(out, e.string.size());
      out += e.string;
    } else {
      out.append(reinterpret_cast<const char *>(&e.integer), sizeof(int64_t));
    }
  }
  // `entries` may view `data`: replace it only now.
  data = std::move(out);
}

void RecordKnobs::set(StringRef name, int64_t value) {
  SmallVector<Entry> entries = getEntries();
  Entry e;
  e.name = name;
  e.integer = value;
  entries.push_back(e);
  assign(entries);
}

void RecordKnobs::set(StringRef name, StringRef value) {
  SmallVector<Entry> entries = getEntries();
  Entry e;
  e.name = name;
  e.isString = true;
  e.string = value;
  entries.push_back(e);
  assign(entries);
}

std::optional<RecordKnobs::Entry> RecordKnobs::find(StringRef name) const {
  for (const Entry &e : getEntries())
    if (e.name == name)
      return e;
  return std::nullopt;
}

std::optional<int64_t> RecordKnobs::getInteger(StringRef name) const {
  std::optional<Entry> e = find(name);
  if (!e || e->isString)
    return std::nullopt;
  return e->integer;
}

std::optional<StringRef> RecordKnobs::getString(StringRef name) const {
  std::optional<Entry> e = find(name);
  if (!e || !e->isString)
    return std::nullopt;
  return e->string;
}
