# Install rules and the Debian package (CPack), included by CMakeLists.txt with the app.
# `cmake --install build --prefix P` puts the game in P/bin, its data in P/share/skidpad
# (found by the binary as ../share/skidpad beside itself), the desktop entry, icons,
# AppStream metadata, man page and documentation where a desktop and `man` look for them.
include(GNUInstallDirs)

set(SKIDPAD_GEN ${CMAKE_CURRENT_BINARY_DIR}/generated)
# The date of the release named by the project's version (AppStream, the package).
set(SKIDPAD_RELEASE_DATE "2026-12-04")
# Who publishes the package names themselves here: the maintainer's address and the
# reverse-DNS name of AppStream's component id. The defaults use the reserved example.org.
set(SKIDPAD_PACKAGE_CONTACT "Skidpad developers <skidpad@example.org>"
    CACHE STRING "The Debian package's maintainer (name <address>)")
set(SKIDPAD_APPSTREAM_ID "org.example.skidpad" CACHE STRING "AppStream component id (reverse DNS)")
set(APPSTREAM_ID ${SKIDPAD_APPSTREAM_ID})

# The man page, written from the option table by the build (gzip -n: no time stamp).
add_custom_command(
  OUTPUT ${SKIDPAD_GEN}/skidpad.6.gz
  COMMAND skidpad_make_man ${SKIDPAD_GEN}/skidpad.6
  COMMAND gzip -9nf ${SKIDPAD_GEN}/skidpad.6
  DEPENDS skidpad_make_man
  COMMENT "Writing the man page skidpad(6)" VERBATIM)
# The icons, drawn by the game's own art code.
set(SKIDPAD_ICONS ${SKIDPAD_GEN}/icons/skidpad-48.png ${SKIDPAD_GEN}/icons/skidpad-128.png
                  ${SKIDPAD_GEN}/icons/skidpad-256.png ${SKIDPAD_GEN}/icons/skidpad.svg)
add_custom_command(
  OUTPUT ${SKIDPAD_ICONS}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${SKIDPAD_GEN}/icons
  COMMAND skidpad_make_icons ${SKIDPAD_GEN}/icons
  DEPENDS skidpad_make_icons
  COMMENT "Drawing the icons" VERBATIM)
add_custom_target(skidpad_install_files ALL DEPENDS ${SKIDPAD_GEN}/skidpad.6.gz ${SKIDPAD_ICONS})

set(VERSION ${PROJECT_VERSION})
set(RELEASE_DATE ${SKIDPAD_RELEASE_DATE})
# AppStream takes a screenshot only as a web address: where the game has a home page, its
# copy of docs/img/screenshot.png goes here (-DSKIDPAD_SCREENSHOT_URL=https://…); empty,
# the metadata has no screenshot (the picture is installed with the docs).
set(SKIDPAD_SCREENSHOT_URL "" CACHE STRING "https address of the game's screenshot (AppStream)")
set(SCREENSHOTS "")
if(SKIDPAD_SCREENSHOT_URL)
  set(SCREENSHOTS "  <screenshots>
    <screenshot type=\"default\">
      <caption>The arena: the car, crates and barriers, the tuning overlay</caption>
      <image>${SKIDPAD_SCREENSHOT_URL}</image>
    </screenshot>
  </screenshots>
")
endif()
configure_file(${PROJECT_SOURCE_DIR}/assets/desktop/skidpad.metainfo.xml.in
               ${SKIDPAD_GEN}/skidpad.metainfo.xml @ONLY)

install(TARGETS skidpad RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
foreach(dir tracks levels presets)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/${dir} DESTINATION ${CMAKE_INSTALL_DATADIR}/skidpad)
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/skidpad.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${SKIDPAD_GEN}/skidpad.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
foreach(size 48 128 256)
  install(FILES ${SKIDPAD_GEN}/icons/skidpad-${size}.png
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps
          RENAME skidpad.png)
endforeach()
install(FILES ${SKIDPAD_GEN}/icons/skidpad.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${SKIDPAD_GEN}/skidpad.6.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man6)

# Documentation: the README, the docs with their pictures, the licence, and the notices
# of what the binary contains or was built from (docs/third-party.md, and the Debian
# copyright files of the libraries compiled into it, where this machine has them).
set(SKIDPAD_DOC ${CMAKE_INSTALL_DOCDIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${SKIDPAD_DOC})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${SKIDPAD_DOC})
# The Debian copyright file (machine-readable, the licence's text indented) and changelog.
file(READ ${PROJECT_SOURCE_DIR}/LICENSE licence)
string(REGEX REPLACE "^MIT License\n\n[^\n]*\n\n" "" licence "${licence}")
string(STRIP "${licence}" licence)
string(REPLACE "\n\n" "\n.\n" licence "${licence}")
string(REPLACE "\n" "\n " licence " ${licence}")
set(LICENSE_TEXT "${licence}")
configure_file(${PROJECT_SOURCE_DIR}/assets/desktop/copyright.in ${SKIDPAD_GEN}/copyright @ONLY)
file(WRITE ${SKIDPAD_GEN}/changelog
     "skidpad (${PROJECT_VERSION}) unstable; urgency=low\n\n"
     "  * Release ${PROJECT_VERSION}.\n\n"
     " -- ${SKIDPAD_PACKAGE_CONTACT}  Fri, 04 Dec 2026 12:00:00 +0000\n")
add_custom_command(
  OUTPUT ${SKIDPAD_GEN}/changelog.gz
  COMMAND gzip -9nc ${SKIDPAD_GEN}/changelog > ${SKIDPAD_GEN}/changelog.gz
  DEPENDS ${SKIDPAD_GEN}/changelog VERBATIM)
add_custom_target(skidpad_changelog ALL DEPENDS ${SKIDPAD_GEN}/changelog.gz)
install(FILES ${SKIDPAD_GEN}/copyright ${SKIDPAD_GEN}/changelog.gz DESTINATION ${SKIDPAD_DOC})
foreach(pkg libimgui-dev libglm-dev nlohmann-json3-dev libstb-dev)
  if(EXISTS /usr/share/doc/${pkg}/copyright)
    install(FILES /usr/share/doc/${pkg}/copyright DESTINATION ${SKIDPAD_DOC}/third-party
            RENAME ${pkg}.copyright)
  endif()
endforeach()

# ---- the Debian package: scripts/package ------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME skidpad)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${SKIDPAD_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "top-down driving sandbox with a simulated car")
set(CPACK_PACKAGE_DESCRIPTION
    "Skidpad is a 2D driving game seen from above: a rigid-body car on
slip-based tyres with weight transfer, engine, gearbox, differential and
brakes, around tracks and an arena of soft crates and barriers that dent
and get pushed around. Every physical constant is tuned live in an
on-screen overlay.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "")
# Shared libraries found by dpkg-shlibdeps (libfontconfig1 among them); the UI font
# fontconfig finds is DejaVu Sans from fonts-dejavu-core (src/app/platform/fonts.cpp), and
# Mesa draws where no GPU driver does.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
