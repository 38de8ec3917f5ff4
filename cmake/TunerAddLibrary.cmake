#===- TunerAddLibrary.cmake - helpers for project libraries --*- cmake -*-===//
#
# tuner_link_mlir(<target> [TEST_ONLY] <MLIR libs>...): link a project
# library against MLIR. With TUNER_LINK_MLIR_DYLIB the listed component
# libraries are replaced by libMLIR.so and libLLVM.so (linking both the dylib
# and static MLIR*.a into one binary registers every cl::opt twice);
# otherwise the static components are linked. The target is also recorded
# for installation (TunerInstall), unless it is TEST_ONLY (test/lib).
#
#===----------------------------------------------------------------------===//

set_property(GLOBAL PROPERTY TUNER_EXPORTED_LIBS "")

function(tuner_link_mlir target)
  cmake_parse_arguments(ARG "TEST_ONLY" "" "" ${ARGN})
  if(TUNER_LINK_MLIR_DYLIB)
    target_link_libraries(${target} PUBLIC MLIR LLVM)
  else()
    target_link_libraries(${target} PUBLIC ${ARG_UNPARSED_ARGUMENTS})
  endif()
  target_include_directories(${target} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  if(NOT ARG_TEST_ONLY)
    set_property(GLOBAL APPEND PROPERTY TUNER_EXPORTED_LIBS ${target})
  endif()
endfunction()
