# `cmake --install` into a temporary prefix, then the installed game run from another
# folder: its data found beside it (../share/skidpad), and every installed file a
# desktop looks for in its place. Run by ctest (install_tree_runs).
#   cmake -D BUILD=... -D WORK=... -P tests/check_install.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/elsewhere" "${WORK}/home")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD}" --prefix "${WORK}/prefix"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
foreach(f bin/skidpad share/skidpad/tracks/club.json share/skidpad/presets/hatch-fwd.json
          share/skidpad/levels share/applications/skidpad.desktop
          share/metainfo/skidpad.metainfo.xml share/man/man6/skidpad.6.gz
          share/icons/hicolor/48x48/apps/skidpad.png share/icons/hicolor/128x128/apps/skidpad.png
          share/icons/hicolor/256x256/apps/skidpad.png
          share/icons/hicolor/scalable/apps/skidpad.svg share/doc/skidpad/README.md
          share/doc/skidpad/LICENSE share/doc/skidpad/copyright share/doc/skidpad/third-party.md)
  if(NOT EXISTS "${WORK}/prefix/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
set(ENV{HOME} "${WORK}/home")
set(ENV{SKIDPAD_DATA} "")
execute_process(COMMAND "${WORK}/prefix/bin/skidpad" --headless --seconds 1
                        --preset "${WORK}/prefix/share/skidpad/presets/hatch-fwd.json"
                WORKING_DIRECTORY "${WORK}/elsewhere"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "mode=headless .*steps=120 ")
  message(FATAL_ERROR "the installed game did not run from another folder (${rc}): ${out} ${err}")
endif()
execute_process(COMMAND "${WORK}/prefix/bin/skidpad" --version
                RESULT_VARIABLE rc OUTPUT_VARIABLE version)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^skidpad [0-9]+\\.[0-9]+\\.[0-9]+ \\(git ")
  message(FATAL_ERROR "--version of the installed game: ${version}")
endif()
message(STATUS "installed into ${WORK}/prefix; ran from ${WORK}/elsewhere: ${out}")
