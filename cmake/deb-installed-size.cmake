# SPDX-License-Identifier: Apache-2.0
# CPACK_POST_BUILD_SCRIPTS (cmake/Packaging.cmake): gives each .deb cpack wrote the
# Installed-Size dpkg-gencontrol would compute (cmake/deb-installed-size.sh says how).
execute_process(
  COMMAND sh "${CMAKE_CURRENT_LIST_DIR}/deb-installed-size.sh" ${CPACK_PACKAGE_FILES}
  RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "deb-installed-size.sh failed (${_rc})")
endif()
