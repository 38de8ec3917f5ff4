//===- RecordKnobs.h - the knob values of a record --------------*- C++ -*-===//
//
// The codec of a record's knobs: (name, integer or string) pairs in name
// order, encoded compactly in one buffer. Part of the database (Database.h).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_DATABASE_RECORDKNOBS_H
#define TUNER_TUNER_DATABASE_RECORDKNOBS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::tuner {

/// The knob values of a record: (name, integer or string) pairs in name
/// order, kept compactly in one buffer (a llvm::json::Object per record cost
/// ~4 KiB). `knobs["m1"] = 64` and `knobs.getInteger("m1")` work as they did
/// on the llvm::json::Object this replaces.
class RecordKnobs {
public:
  /// One knob, viewing the buffer (valid until the knobs change).
  struct Entry {
    StringRef name;
    bool isString = false;
    int64_t integer = 0;
    StringRef string;
  };

  /// Sets (adds or replaces) a knob.
  void set(StringRef name, int64_t value);
  void set(StringRef name, StringRef value);
  /// The value of knob `name`, if it is one of that type.
  std::optional<int64_t> getInteger(StringRef name) const;
  std::optional<StringRef> getString(StringRef name) const;
  bool contains(StringRef name) const { return find(name).has_value(); }
  /// The knobs in name order.
  SmallVector<Entry> getEntries() const;
  size_t size() const;
  bool empty() const { return data.empty(); }
  void clear() { data.clear(); }
  bool operator==(const RecordKnobs &other) const { return data == other.data; }

  /// `knobs[name] = value`, as on a llvm::json::Object.
  class Assignment {
  public:
    Assignment &operator=(int64_t value) {
      knobs.set(name, value);
      return *this;
    }
    Assignment &operator=(StringRef value) {
      knobs.set(name, value);
      return *this;
    }

  private:
    friend class RecordKnobs;
    Assignment(RecordKnobs &knobs, StringRef name)
        : knobs(knobs), name(name.str()) {}
    RecordKnobs &knobs;
    std::string name;
  };
  Assignment operator[](StringRef name) { return Assignment(*this, name); }

  /// Replaces all knobs (any order; a repeated name keeps its last value).
  void assign(ArrayRef<Entry> entries);

private:
  std::optional<Entry> find(StringRef name) const;
  /// Per knob in name order: u32 name size, name, u8 kind (0 integer,
  /// 1 string), then an int64 or a u32 size and the string.
  std::string data;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_DATABASE_RECORDKNOBS_H
