//===- RecordParser.h - parsing a line of the database ----------*- C++ -*-===//
//
// The line parser the database reader shares with parseRecordLine (Record.h),
// with what only the reader needs: the version of a record of another
// format, and workloads shared between records.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TUNER_DATABASE_RECORDPARSER_H
#define TUNER_LIB_TUNER_DATABASE_RECORDPARSER_H

#include "Tuner/Tuner/Database/Record.h"

namespace mlir::tuner::detail {

/// parseRecordLine; `otherVersion` (if not null) is set when the record is
/// of another format version; `makeWorkload` makes the record's workload.
FailureOr<Record> parseRecordLine(
    StringRef line, std::string &error, std::optional<int64_t> *otherVersion,
    function_ref<RecordWorkload(const llvm::json::Object &)> makeWorkload);

} // namespace mlir::tuner::detail

#endif // TUNER_LIB_TUNER_DATABASE_RECORDPARSER_H
