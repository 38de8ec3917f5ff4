//===- ToolFiles.h - the files the running tool reads and writes -*- C++
//-*-===//
//
// A pass that writes files of its own (tuner-tune's database, report and
// cost model) must not write over the tool's input or its output (-o),
// which the pass cannot see: the tool's main() records them here, and the
// pass compares. Empty names when the tool did not record them; "-" is
// stdin or stdout.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_SUPPORT_TOOLFILES_H
#define TUNER_SUPPORT_TOOLFILES_H

#include <string>

namespace mlir::tuner {

struct ToolFiles {
  /// The input file and the output file (-o) of the tool.
  std::string input, output;
};

/// The files of the running tool (set once by main(), before any pass runs).
inline ToolFiles &getToolFiles() {
  static ToolFiles files;
  return files;
}

} // namespace mlir::tuner

#endif // TUNER_SUPPORT_TOOLFILES_H
