# SPDX-License-Identifier: Apache-2.0
# Run after a shipped library links (cmake/Packaging.cmake): copies its debug information into
# <OUTPUT_DIR>/.build-id/NN/REST.debug (Debian's layout: gdb finds it by the library's build ID
# under <prefix>/lib/debug) and records that relative path in <OUTPUT_DIR>/<library name>.path
# for the install step, which strips the installed copy and links it to this file.
#
#   cmake -DLIBRARY=lib.so -DOUTPUT_DIR=dir -DOBJCOPY=objcopy -DREADELF=readelf -P SplitDebugInfo.cmake
foreach(_var LIBRARY OUTPUT_DIR OBJCOPY READELF)
  if(NOT DEFINED ${_var})
    message(FATAL_ERROR "SplitDebugInfo.cmake: ${_var} is not set")
  endif()
endforeach()

execute_process(COMMAND "${READELF}" -n "${LIBRARY}" OUTPUT_VARIABLE _notes RESULT_VARIABLE _rc)
string(REGEX MATCH "Build ID: ([0-9a-f]+)" _m "${_notes}")
if(NOT _rc EQUAL 0 OR NOT CMAKE_MATCH_1)
  message(FATAL_ERROR "SplitDebugInfo.cmake: ${LIBRARY} has no build ID (link with --build-id)")
endif()
string(SUBSTRING "${CMAKE_MATCH_1}" 0 2 _head)
string(SUBSTRING "${CMAKE_MATCH_1}" 2 -1 _tail)
set(_rel ".build-id/${_head}/${_tail}.debug")

# One debug file per library: drop the previous link's.
get_filename_component(_name "${LIBRARY}" NAME)
set(_record "${OUTPUT_DIR}/${_name}.path")
if(EXISTS "${_record}")
  file(READ "${_record}" _old)
  if(NOT _old STREQUAL _rel)
    file(REMOVE "${OUTPUT_DIR}/${_old}")
  endif()
endif()

file(MAKE_DIRECTORY "${OUTPUT_DIR}/.build-id/${_head}")
execute_process(COMMAND "${OBJCOPY}" --only-keep-debug --compress-debug-sections=zlib
    "${LIBRARY}" "${OUTPUT_DIR}/${_rel}" RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "SplitDebugInfo.cmake: objcopy --only-keep-debug failed on ${LIBRARY}")
endif()
file(WRITE "${_record}" "${_rel}")
