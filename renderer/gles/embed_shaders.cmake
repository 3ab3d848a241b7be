# SPDX-License-Identifier: Apache-2.0
# Embeds the compositor's shaders (renderer/gles/shaders) in C at build time, run by
# renderer/gles/CMakeLists.txt as `cmake -DSRC=<shaders> -DOUT=<dir> -P embed_shaders.cmake`.
#
# Every stage file (*.vert, *.frag) becomes `const char lgl_shader_<name>_<stage>[]` in
# OUT/lgl_shaders.c (declared in OUT/lgl_shaders.h): its `#include "x.glsl"` lines replaced by
# those files (from SRC, nested), `//` comments and blank lines dropped. The source carries no
# #version line: the renderer prepends `#version 300 es` (or 330 core on desktop GL) at run
# time. OUT/shaders/<file> is the same source with `#version 300 es` first, for
# glslangValidator (the gles-shader-* tests, Tests/gles/CMakeLists.txt).
cmake_minimum_required(VERSION 3.16)
if(NOT SRC OR NOT OUT)
  message(FATAL_ERROR "embed_shaders.cmake: pass -DSRC=<shader dir> -DOUT=<output dir>")
endif()

# Replaces the #include lines of `text` (nested up to 8 deep) by the files they name.
function(lgl_expand text out_var)
  set(depth 0)
  while(text MATCHES "#include \"([^\"]+)\"")
    set(name "${CMAKE_MATCH_1}")
    if(NOT EXISTS "${SRC}/${name}")
      message(FATAL_ERROR "embed_shaders.cmake: #include \"${name}\": no ${SRC}/${name}")
    endif()
    math(EXPR depth "${depth} + 1")
    if(depth GREATER 64)
      message(FATAL_ERROR "embed_shaders.cmake: too many #include lines (a cycle?)")
    endif()
    file(READ "${SRC}/${name}" inc)
    string(REPLACE "#include \"${name}\"\n" "${inc}" text "${text}")
  endwhile()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

file(GLOB stages RELATIVE "${SRC}" "${SRC}/*.vert" "${SRC}/*.frag")
list(SORT stages)
file(MAKE_DIRECTORY "${OUT}/shaders")
set(c "/* Generated from renderer/gles/shaders by embed_shaders.cmake: do not edit. */\n")
string(APPEND c "#include \"lgl_shaders.h\"\n")
set(h "/* Generated from renderer/gles/shaders by embed_shaders.cmake: do not edit. */\n")
string(APPEND h "#ifndef LGL_SHADERS_H\n#define LGL_SHADERS_H\n")
string(APPEND h "/* Each shader's source without its #version line (the renderer adds it). */\n")
foreach(stage IN LISTS stages)
  file(READ "${SRC}/${stage}" text)
  lgl_expand("${text}" text)
  # Comments and blank lines are for the reader: the driver never sees them.
  string(REGEX REPLACE "[ \t]*//[^\n]*" "" text "${text}")
  string(REGEX REPLACE "\n\n+" "\n" text "${text}")
  string(REGEX REPLACE "^\n" "" text "${text}")
  file(WRITE "${OUT}/shaders/${stage}" "#version 300 es\n${text}")
  string(MAKE_C_IDENTIFIER "lgl_shader_${stage}" id)
  string(REPLACE "\\" "\\\\" lit "${text}")
  string(REPLACE "\"" "\\\"" lit "${lit}")
  string(REGEX REPLACE "\n$" "" lit "${lit}")
  string(REPLACE "\n" "\\n\"\n    \"" lit "${lit}")
  string(APPEND c "\nconst char ${id}[] =\n    \"${lit}\\n\";\n")
  string(APPEND h "extern const char ${id}[];\n")
endforeach()
string(APPEND h "#endif\n")
# Rewritten only when changed: an edited comment rebuilds nothing (the stamp says the script ran).
foreach(f lgl_shaders.c lgl_shaders.h)
  if(f STREQUAL "lgl_shaders.c")
    set(content "${c}")
  else()
    set(content "${h}")
  endif()
  file(WRITE "${OUT}/${f}.tmp" "${content}")
  file(COPY_FILE "${OUT}/${f}.tmp" "${OUT}/${f}" ONLY_IF_DIFFERENT)
  file(REMOVE "${OUT}/${f}.tmp")
endforeach()
file(TOUCH "${OUT}/shaders.stamp")
