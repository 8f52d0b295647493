# Installing and packaging: `cmake --install` and `cpack -G DEB`.
#
#   cmake --install build --prefix P   P/bin/ballpark, P/share/ballpark/ballpark.oxt,
#                                      P/share/doc/ballpark/{README.md,LICENSE,docs/*}
#   cd build && cpack -G DEB           ballpark_<version>_<arch>.deb: the same under /usr, plus the extension
#                                      unpacked as a bundled extension in LibreOffice's share/extensions folder
#
# Components: `cli`, `extension` (the .oxt file), `doc`, and `bundled_extension`. The last is left out of a plain
# `cmake --install` (EXCLUDE_FROM_ALL): it only makes sense where LibreOffice itself lives, so the .deb asks for it
# and `cmake --install build --component bundled_extension` does it by hand.
include(GNUInstallDirs)

install(TARGETS ballpark RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT cli)

# Where addin/CMakeLists.txt writes the package; the target `oxt` exists only when the LibreOffice SDK was found.
set(BALLPARK_BUILT_OXT ${PROJECT_BINARY_DIR}/addin/ballpark.oxt)
if(TARGET oxt)
  install(FILES ${BALLPARK_BUILT_OXT} DESTINATION ${CMAKE_INSTALL_DATADIR}/ballpark COMPONENT extension)
endif()

# The docs keep README's layout (README.md beside docs/), so its relative links still work when installed.
install(FILES README.md LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT doc)
file(GLOB BALLPARK_DOC_FILES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md ${PROJECT_SOURCE_DIR}/docs/*.png)
install(FILES ${BALLPARK_DOC_FILES} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs COMPONENT doc)

# The bundled extension: LibreOffice registers every unpacked extension folder under <office>/share/extensions for
# every user at start-up, with no unopkg (this is how Debian packages extensions). The folder is relative to the
# install prefix, so it is right for the .deb (prefix /usr) and for `--prefix /usr`; for a LibreOffice elsewhere
# set BALLPARK_LO_BUNDLED_DIR to its absolute share/extensions/ballpark (e.g. under /opt/libreoffice7.6).
set(BALLPARK_LO_BUNDLED_DIR lib/libreoffice/share/extensions/ballpark CACHE STRING
    "Folder (relative to the install prefix, or absolute) that the bundled_extension component unpacks ballpark.oxt into")
if(IS_ABSOLUTE "${BALLPARK_LO_BUNDLED_DIR}")
  set(BALLPARK_BUNDLED_DEST "\$ENV{DESTDIR}${BALLPARK_LO_BUNDLED_DIR}")
else()
  set(BALLPARK_BUNDLED_DEST "\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${BALLPARK_LO_BUNDLED_DIR}")
endif()
if(TARGET oxt)
  # Unpacked from the .oxt itself, so the bundled copy is byte for byte what the package ships; the folder is
  # emptied first so that a file dropped from the package does not linger from an earlier install.
  install(CODE "
    set(dest \"${BALLPARK_BUNDLED_DEST}\")
    message(STATUS \"Unpacking ballpark.oxt into \${dest}\")
    file(REMOVE_RECURSE \"\${dest}\")
    file(MAKE_DIRECTORY \"\${dest}\")
    file(ARCHIVE_EXTRACT INPUT \"${BALLPARK_BUILT_OXT}\" DESTINATION \"\${dest}\")
    # The zip may carry the build user's umask; every user's LibreOffice must read the files.
    file(GLOB_RECURSE unpacked LIST_DIRECTORIES true \"\${dest}/*\")
    foreach(path IN LISTS unpacked)
      if(IS_DIRECTORY \"\${path}\")
        file(CHMOD \"\${path}\" DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
             WORLD_READ WORLD_EXECUTE)
      else()
        file(CHMOD \"\${path}\" FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
      endif()
    endforeach()
    " COMPONENT bundled_extension EXCLUDE_FROM_ALL)
endif()

# CPack: one Debian package holding every component, the bundled extension included.
set(CPACK_PACKAGE_NAME ballpark)
set(CPACK_PACKAGE_VENDOR "Ballpark")
# No address: the project has no mailing list or domain of its own yet (dpkg needs only the name).
set(CPACK_PACKAGE_CONTACT "Ballpark maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "units-and-ranges calculator for estimates, as a CLI and a LibreOffice Calc add-in")
set(CPACK_PACKAGE_DESCRIPTION_FILE ${PROJECT_SOURCE_DIR}/registry/description-en.txt)
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_INSTALL_DIRECTORY ballpark)
set(CPACK_GENERATOR DEB)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_GROUPING ALL_COMPONENTS_IN_ONE)
set(CPACK_COMPONENTS_ALL cli doc)
if(TARGET oxt)
  list(APPEND CPACK_COMPONENTS_ALL extension bundled_extension)
endif()
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)  # the build tree keeps the debug information; the package does not need it
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # ballpark_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# dpkg-shlibdeps works out the libraries' packages (libc6, libstdc++6, and libuno-cppu3 and the other UNO
# libraries the add-in links); those sit in LibreOffice's program folder, outside the linker's path, hence the
# private directory.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS /usr/lib/libreoffice/program)
if(TARGET oxt)
  # Debian's LibreOffice carries epoch 4 (4:7.4.7 in Debian 12); 7.4 is the oldest release the add-in is built
  # and tested against, as description.xml's LibreOffice-minimal-version says.
  set(CPACK_DEBIAN_PACKAGE_DEPENDS "libreoffice-calc (>= 4:7.4)")
endif()
include(CPack)
