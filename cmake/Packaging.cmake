# SPDX-License-Identifier: Apache-2.0
# Packaging of the C library (issue 14, item 2), included at the end of the root CMakeLists.txt
# once every installed target exists. docs/building.md ("Installing" and "Debian packages").
#
#   1. Separate debug information: optimised builds compile with -g; after each link the debug
#      information is copied to <build>/debug/.build-id/NN/REST.debug (cmake/SplitDebugInfo.cmake)
#      and `cmake --install` strips the installed library (--strip-unneeded) and points its
#      .gnu_debuglink at that file, which the `debug` component installs under
#      <prefix>/lib/debug/.build-id/ (Debian's layout; gdb finds it by build ID). The build
#      tree's libraries keep everything (tests, valgrind and debuggers use them).
#   2. ldconfig: `cmake --install` to a directory the dynamic loader searches (/usr/local/lib,
#      /usr/lib/<multiarch>, ...) refreshes the loader's cache when run as root, and says to run
#      `sudo ldconfig` otherwise, so the installed library runs without LD_LIBRARY_PATH.
#   3. CPack: `cpack --config <build>/CPackConfig.cmake` writes Debian packages, one per install
#      component: liblamina0 (runtime), liblamina-dev (headers, .so link, lamina.pc, the CMake
#      package), liblamina0-dbg (debug information) and, when built, liblamina-gles0 and
#      liblamina-gles-dev. Configure with -DCMAKE_INSTALL_PREFIX=/usr for packages (libdir
#      lib/<multiarch>).
#
# Components: runtime, devel, debug, gles-runtime, gles-devel.

# ---------------------------------------------------------------------------------------------
# 1. Stripped libraries with separate debug information
# ---------------------------------------------------------------------------------------------
set(_lamina_split_default OFF)
if(PROJECT_IS_TOP_LEVEL AND CMAKE_OBJCOPY AND CMAKE_READELF AND LAMINA_SANITIZE STREQUAL "")
  set(_lamina_split_default ON)
endif()
option(LAMINA_SPLIT_DEBUG_INFO
  "Compile optimised builds with -g and install stripped libraries with separate debug files"
  ${_lamina_split_default})

set(LAMINA_DEBUG_DIR "${PROJECT_BINARY_DIR}/debug")

# lamina_split_debug_info(TARGET COMPONENT): -g, a build ID, the copy of the debug information
# after each link, and the install-time strip + debug link (COMPONENT) and debug file (debug).
function(lamina_split_debug_info target runtime_component)
  target_compile_options(${target} PRIVATE "$<$<CONFIG:Release,MinSizeRel>:-g>")
  target_link_options(${target} PRIVATE "LINKER:--build-id=sha1")
  # A custom command (not POST_BUILD, which must sit in the target's own directory) that
  # reruns whenever the library relinks; part of `all`.
  get_target_property(_file_name ${target} OUTPUT_NAME)
  if(NOT _file_name)
    set(_file_name ${target})
  endif()
  set(_record "${LAMINA_DEBUG_DIR}/lib${_file_name}.so.${PROJECT_VERSION}.path")
  add_custom_command(OUTPUT "${_record}"
    COMMAND "${CMAKE_COMMAND}" "-DLIBRARY=$<TARGET_FILE:${target}>"
            "-DOUTPUT_DIR=${LAMINA_DEBUG_DIR}" "-DOBJCOPY=${CMAKE_OBJCOPY}"
            "-DREADELF=${CMAKE_READELF}" -P "${PROJECT_SOURCE_DIR}/cmake/SplitDebugInfo.cmake"
    DEPENDS ${target} "${PROJECT_SOURCE_DIR}/cmake/SplitDebugInfo.cmake"
    COMMENT "Copying the debug information of ${target}"
    VERBATIM)
  add_custom_target(${target}_debuginfo ALL DEPENDS "${_record}")
  if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    set(_libdir "${CMAKE_INSTALL_LIBDIR}")
  else()
    set(_libdir "\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}")
  endif()
  # Runs after install(TARGETS) copied the (unstripped) library: strip it in place.
  install(CODE "
    set(_lib \"\$ENV{DESTDIR}${_libdir}/$<TARGET_FILE_NAME:${target}>\")
    file(READ \"${_record}\" _rel)
    # The recorded debug file must be this library's (a build of the library target alone
    # does not refresh it).
    execute_process(COMMAND \"${CMAKE_READELF}\" -n \"\${_lib}\" OUTPUT_VARIABLE _notes)
    string(REGEX MATCH \"Build ID: ([0-9a-f][0-9a-f])([0-9a-f]+)\" _m \"\${_notes}\")
    if(NOT _rel STREQUAL \".build-id/\${CMAKE_MATCH_1}/\${CMAKE_MATCH_2}.debug\")
      message(FATAL_ERROR \"The debug file of \${_lib} is out of date: run cmake --build first\")
    endif()
    execute_process(COMMAND \"${CMAKE_OBJCOPY}\" --strip-unneeded --remove-section=.comment
        \"--add-gnu-debuglink=${LAMINA_DEBUG_DIR}/\${_rel}\" \"\${_lib}\" RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
      message(FATAL_ERROR \"objcopy could not strip \${_lib}\")
    endif()
    message(STATUS \"Stripped: \${_lib} (debug link \${_rel})\")"
    COMPONENT ${runtime_component})
  install(CODE "
    file(READ \"${_record}\" _rel)
    get_filename_component(_dir \"\${_rel}\" DIRECTORY)
    file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/lib/debug/\${_dir}\" TYPE FILE
      PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
      FILES \"${LAMINA_DEBUG_DIR}/\${_rel}\")"
    COMPONENT debug)
endfunction()

if(LAMINA_SPLIT_DEBUG_INFO)
  if(NOT CMAKE_OBJCOPY OR NOT CMAKE_READELF)
    message(FATAL_ERROR "LAMINA_SPLIT_DEBUG_INFO needs objcopy and readelf (binutils)")
  endif()
  # The Swift core is linked into liblamina: it needs -g too.
  target_compile_options(LaminaSwift PRIVATE "$<$<CONFIG:Release,MinSizeRel>:-g>")
  lamina_split_debug_info(lamina runtime)
  if(TARGET lamina_gles)
    lamina_split_debug_info(lamina_gles gles-runtime)
  endif()
  message(STATUS "Installed libraries: stripped, debug information in <prefix>/lib/debug "
    "(component debug; LAMINA_SPLIT_DEBUG_INFO)")
endif()

# ---------------------------------------------------------------------------------------------
# 2. ldconfig after installing into a directory the dynamic loader searches
# ---------------------------------------------------------------------------------------------
option(LAMINA_INSTALL_LDCONFIG
  "Run ldconfig after installing into a system library directory (as root)" ON)
find_program(LAMINA_LDCONFIG ldconfig PATHS /sbin /usr/sbin NO_CACHE)
if(LAMINA_INSTALL_LDCONFIG AND LAMINA_LDCONFIG)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
    set(_libdir "${CMAKE_INSTALL_LIBDIR}")
  else()
    set(_libdir "\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_LIBDIR}")
  endif()
  # Not for staged installs (DESTDIR, CPack): their packages run ldconfig on the target system.
  install(CODE "
    if(\"\$ENV{DESTDIR}\" STREQUAL \"\")
      get_filename_component(_libdir \"${_libdir}\" REALPATH)
      # -N -X: only list the directories ldconfig searches (no cache, no links written).
      execute_process(COMMAND \"${LAMINA_LDCONFIG}\" -v -N -X
        OUTPUT_VARIABLE _ld ERROR_QUIET RESULT_VARIABLE _rc)
      string(REGEX MATCHALL \"(^|\\n)/[^:\\n]*:\" _dirs \"\${_ld}\")
      set(_system OFF)
      foreach(_d IN LISTS _dirs)
        string(REGEX REPLACE \"^\\n|:$\" \"\" _d \"\${_d}\")
        get_filename_component(_d \"\${_d}\" REALPATH)
        if(_d STREQUAL _libdir)
          set(_system ON)
        endif()
      endforeach()
      if(_system)
        execute_process(COMMAND id -u OUTPUT_VARIABLE _uid OUTPUT_STRIP_TRAILING_WHITESPACE)
        if(_uid STREQUAL \"0\")
          execute_process(COMMAND \"${LAMINA_LDCONFIG}\" RESULT_VARIABLE _rc)
          if(_rc EQUAL 0)
            message(STATUS \"ldconfig: refreshed the loader cache for \${_libdir}\")
          else()
            message(WARNING \"ldconfig failed: run it as root before using the library\")
          endif()
        else()
          message(WARNING \"\${_libdir} is a system library directory: run `sudo ldconfig` \"
            \"(installing as root runs it) before using the library\")
        endif()
      endif()
    endif()"
    COMPONENT runtime)
endif()

# ---------------------------------------------------------------------------------------------
# 3. Debian packages (CPack DEB, one package per component)
# ---------------------------------------------------------------------------------------------
if(NOT PROJECT_IS_TOP_LEVEL)
  return()  # a parent project (bindings/python) packages its own way
endif()
if(NOT LAMINA_STATIC_SWIFT_STDLIB)
  # No Debian package provides the toolchain's Swift runtime: liblamina0 would depend on
  # libraries dpkg cannot name.
  message(WARNING "LAMINA_STATIC_SWIFT_STDLIB is OFF: the Debian packages from cpack would "
    "need the toolchain's Swift runtime, which no package provides. Package the static build.")
endif()
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME lamina)
set(CPACK_PACKAGE_VENDOR "The Lamina authors")
set(CPACK_PACKAGE_CONTACT "The Lamina authors <lamina@users.noreply.github.com>")
# Each package's description (below) starts with its own synopsis line; CPackDeb would put the
# project's summary above it unless the summary is CPack's default.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
set(CPACK_PACKAGE_VERSION "${LAMINA_PACKAGE_VERSION}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_DIRECTORY "${PROJECT_BINARY_DIR}/packages")
set(CPACK_PACKAGING_INSTALL_PREFIX "${CMAKE_INSTALL_PREFIX}")
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Depends from the ELF files (libc6, libstdc++6, libgcc-s1; EGL, GLES, libpng for the
# compositor). liblamina.so.0 comes from the package built alongside: the build tree is a
# private search directory, and the dependency on it is written below.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS "${PROJECT_BINARY_DIR}")
set(_v "${LAMINA_PACKAGE_VERSION}")

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME "liblamina${PROJECT_VERSION_MAJOR}")
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION "Lamina: Core Animation's layer model as a C library
Implicit animations, transactions and the presentation tree of Core Animation's layer
model, behind a C ABI (liblamina.so.${PROJECT_VERSION_MAJOR}). The Swift runtime is linked in.")
# A shlibs file for each package holding a library with a SONAME (the runtime packages);
# CPack adds postinst/postrm scripts that run ldconfig.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")

set(CPACK_DEBIAN_DEVEL_PACKAGE_NAME "liblamina-dev")
set(CPACK_DEBIAN_DEVEL_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEVEL_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_DEVEL_PACKAGE_DEPENDS "liblamina${PROJECT_VERSION_MAJOR} (= ${_v})")
set(CPACK_DEBIAN_DEVEL_DESCRIPTION "Lamina: development files
The header lamina/lamina.h, the liblamina.so link, pkg-config's lamina.pc and the CMake
package (find_package(Lamina), target Lamina::lamina).")

set(CPACK_DEBIAN_DEBUG_PACKAGE_NAME "liblamina${PROJECT_VERSION_MAJOR}-dbg")
set(CPACK_DEBIAN_DEBUG_PACKAGE_SECTION debug)
set(CPACK_DEBIAN_DEBUG_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_DEBUG_PACKAGE_DEPENDS "liblamina${PROJECT_VERSION_MAJOR} (= ${_v})")
set(CPACK_DEBIAN_DEBUG_DESCRIPTION "Lamina: debug information
Separate debug information for the Lamina libraries, under /usr/lib/debug/.build-id
(gdb loads it by build ID).")

set(CPACK_COMPONENTS_ALL runtime devel)
if(LAMINA_SPLIT_DEBUG_INFO)
  list(APPEND CPACK_COMPONENTS_ALL debug)
endif()
if(TARGET lamina_gles)
  list(APPEND CPACK_COMPONENTS_ALL gles-runtime gles-devel)
  set(CPACK_DEBIAN_GLES-RUNTIME_PACKAGE_NAME "liblamina-gles${PROJECT_VERSION_MAJOR}")
  set(CPACK_DEBIAN_GLES-RUNTIME_PACKAGE_DEPENDS "liblamina${PROJECT_VERSION_MAJOR} (= ${_v})")
  set(CPACK_DEBIAN_GLES-RUNTIME_DESCRIPTION "Lamina: the OpenGL ES 3 reference compositor
liblamina-gles renders Lamina's draw lists with OpenGL ES 3.0, headless through EGL or in
a host's context.")
  set(CPACK_DEBIAN_GLES-DEVEL_PACKAGE_NAME "liblamina-gles-dev")
  set(CPACK_DEBIAN_GLES-DEVEL_PACKAGE_SECTION libdevel)
  set(CPACK_DEBIAN_GLES-DEVEL_PACKAGE_SHLIBDEPS OFF)
  # lamina-gles.pc requires lamina, egl, glesv2 and libpng.
  set(CPACK_DEBIAN_GLES-DEVEL_PACKAGE_DEPENDS "liblamina-dev (= ${_v}), liblamina-gles${PROJECT_VERSION_MAJOR} (= ${_v}), libegl-dev, libgles-dev, libpng-dev")
  set(CPACK_DEBIAN_GLES-DEVEL_DESCRIPTION "Lamina: the reference compositor's development files
The header lamina/lamina_gles.h, the liblamina-gles.so link, pkg-config's lamina-gles.pc and
the CMake target Lamina::gles (find_package(Lamina COMPONENTS gles)).")
endif()

if(TARGET lamina_text)
  # liblamina-text (issue 26): the HarfBuzz text layout provider, packaged apart like the
  # compositor.
  list(APPEND CPACK_COMPONENTS_ALL text-runtime text-devel)
  set(CPACK_DEBIAN_TEXT-RUNTIME_PACKAGE_NAME "liblamina-text${PROJECT_VERSION_MAJOR}")
  set(CPACK_DEBIAN_TEXT-RUNTIME_DESCRIPTION "Lamina: the HarfBuzz text layout provider
liblamina-text lays out Lamina's text layers with HarfBuzz, FriBidi, libunibreak and
fontconfig.")
  set(CPACK_DEBIAN_TEXT-DEVEL_PACKAGE_NAME "liblamina-text-dev")
  set(CPACK_DEBIAN_TEXT-DEVEL_PACKAGE_SECTION libdevel)
  set(CPACK_DEBIAN_TEXT-DEVEL_PACKAGE_SHLIBDEPS OFF)
  set(CPACK_DEBIAN_TEXT-DEVEL_PACKAGE_DEPENDS "liblamina-dev (= ${_v}), liblamina-text${PROJECT_VERSION_MAJOR} (= ${_v})")
  set(CPACK_DEBIAN_TEXT-DEVEL_DESCRIPTION "Lamina: the text layout provider's development files
The header lamina/lamina_text.h and the liblamina-text.so link.")
endif()

# Debian's copyright file in every package (Apache-2.0). Only in component installs (CPack),
# never in a plain `cmake --install`.
configure_file("${PROJECT_SOURCE_DIR}/cmake/debian-copyright.in"
  "${PROJECT_BINARY_DIR}/debian/copyright" @ONLY)
foreach(_component IN LISTS CPACK_COMPONENTS_ALL)
  string(TOUPPER "${_component}" _upper)
  install(FILES "${PROJECT_BINARY_DIR}/debian/copyright"
    DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/${CPACK_DEBIAN_${_upper}_PACKAGE_NAME}"
    COMPONENT ${_component} EXCLUDE_FROM_ALL)
endforeach()

# Installed-Size as dpkg computes it (issue 30 item 4): CPack's own figure is the bytes summed
# and rounded once; cmake/deb-installed-size.cmake rewrites each package's after cpack.
set(CPACK_POST_BUILD_SCRIPTS "${PROJECT_SOURCE_DIR}/cmake/deb-installed-size.cmake")

include(CPack)
