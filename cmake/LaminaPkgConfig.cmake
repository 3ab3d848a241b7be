# SPDX-License-Identifier: Apache-2.0
# Writes an installed pkg-config file at install time (issue 30 item 3; docs/decisions.md,
# "Installed pkg-config files: normalised absolute paths, relocatable on request").
#
# Run by install(CODE) in CMakeLists.txt, when CMAKE_INSTALL_PREFIX is the prefix really
# installed to (`cmake --install --prefix`, Scripts/install.sh, CPack; DESTDIR is not part of
# it). Inputs, set by that install(CODE):
#   LAMINA_PC_TEMPLATE     the configured .pc whose first line is prefix=@LAMINA_PC_PREFIX@
#   LAMINA_PC_OUTPUT       where to write the result (in the build tree; an install(FILES) rule
#                          that follows installs it, so the install manifest lists it)
#   LAMINA_PC_LIBDIR       CMAKE_INSTALL_LIBDIR as configured
#   LAMINA_PC_RELOCATABLE  the LAMINA_RELOCATABLE_PKGCONFIG option as configured; the
#                          environment variable of the same name overrides it at install time
#
# Default: prefix= the install prefix, absolute and normalised, so consumers see
# -I/usr/local/include (and pkg-config can drop system directories such as /usr/include).
# Relocatable: prefix=${pcfiledir}/../.., which survives moving the installed tree but gives
# consumers -I<libdir>/pkgconfig/../../include (pkg-config never normalises paths).
set(_relocatable "${LAMINA_PC_RELOCATABLE}")
if(DEFINED ENV{LAMINA_RELOCATABLE_PKGCONFIG})
  set(_relocatable "$ENV{LAMINA_RELOCATABLE_PKGCONFIG}")
endif()

if(_relocatable AND NOT IS_ABSOLUTE "${LAMINA_PC_LIBDIR}")
  set(LAMINA_PC_PREFIX "\${pcfiledir}")
  string(REPLACE "/" ";" _parts "${LAMINA_PC_LIBDIR}/pkgconfig")
  foreach(_part IN LISTS _parts)
    if(NOT _part STREQUAL "" AND NOT _part STREQUAL ".")
      string(APPEND LAMINA_PC_PREFIX "/..")
    endif()
  endforeach()
else()
  get_filename_component(LAMINA_PC_PREFIX "${CMAKE_INSTALL_PREFIX}" ABSOLUTE)
  cmake_path(NORMAL_PATH LAMINA_PC_PREFIX)
  string(REGEX REPLACE "(.)/+$" "\\1" LAMINA_PC_PREFIX "${LAMINA_PC_PREFIX}")
endif()
configure_file("${LAMINA_PC_TEMPLATE}" "${LAMINA_PC_OUTPUT}" @ONLY)

# The install(FILES) rule that follows copies LAMINA_PC_OUTPUT only when its timestamp differs
# from the installed file's, at one-second resolution: installing to a second prefix within the
# same second as the first (Scripts/test-all.sh's move-and-reinstall) would keep the old prefix.
# Removing the installed file first makes that copy unconditional.
get_filename_component(_pc_name "${LAMINA_PC_OUTPUT}" NAME)
if(IS_ABSOLUTE "${LAMINA_PC_LIBDIR}")
  set(_pc_installed "$ENV{DESTDIR}${LAMINA_PC_LIBDIR}/pkgconfig/${_pc_name}")
else()
  set(_pc_installed "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${LAMINA_PC_LIBDIR}/pkgconfig/${_pc_name}")
endif()
file(REMOVE "${_pc_installed}")
