# cmake -DIN=<binary> -DOUT=<binary.xz> -DLIMIT=<bytes> -P TunerPackStatic.cmake
#
# Strips and xz-compresses a static tool (tuner-opt, tuner-run) for copying to
# a machine without LLVM (a GPU host), and fails if the result exceeds LIMIT.
execute_process(COMMAND strip -o ${OUT}.stripped ${IN} RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "strip failed")
endif()
execute_process(COMMAND xz -T0 -9 -f ${OUT}.stripped RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "xz failed")
endif()
file(RENAME ${OUT}.stripped.xz ${OUT})
file(SIZE ${IN} raw)
file(SIZE ${OUT} packed)
math(EXPR raw_mib "${raw} / 1048576")
math(EXPR packed_mib "${packed} / 1048576")
get_filename_component(tool ${IN} NAME)
message(STATUS "${tool}: ${raw_mib} MiB -> ${OUT}: ${packed_mib} MiB (${packed} bytes)")
if(packed GREATER LIMIT)
  message(FATAL_ERROR "compressed ${tool} is ${packed} bytes, over the limit of ${LIMIT}")
endif()
