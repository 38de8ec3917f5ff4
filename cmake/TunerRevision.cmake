#===- TunerRevision.cmake - write the git revision header -----------------===#
#
# Run at build time (cmake -P) by the tuner-revision target, so that the
# revision in `--version` and in every database record is the one the
# binaries were built from, not the one CMake last configured. The header is
# only rewritten when the revision changes.
#
#   -DSOURCE_DIR=<repo> -DOUTPUT=<path of Revision.h> [-DGIT=<git>]
#
#===----------------------------------------------------------------------===#

set(revision "")
if(GIT AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND ${GIT} describe --always --dirty --abbrev=7
    WORKING_DIRECTORY ${SOURCE_DIR}
    OUTPUT_VARIABLE revision OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE result ERROR_QUIET)
  if(NOT result EQUAL 0)
    set(revision "")
  endif()
endif()
file(CONFIGURE OUTPUT "${OUTPUT}" CONTENT
"// Generated at build time by cmake/TunerRevision.cmake; do not edit.
#ifndef TUNER_REVISION_H
#define TUNER_REVISION_H
/// The git revision the binaries were built from (\"-dirty\": with local
/// changes); empty outside a git checkout.
#define TUNER_GIT_REVISION \"${revision}\"
#endif // TUNER_REVISION_H
" @ONLY)
