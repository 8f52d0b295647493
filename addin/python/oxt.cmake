# ballpark-python.oxt: the Python UNO component (ballpark_addin.py) with the C interface's library
# (libballpark_c.so) in pythonpath/, beside the type library, the wizard text and the metadata of ballpark.oxt.
# Included by addin/CMakeLists.txt, whose variables it uses (BALLPARK_RDB, BALLPARK_OXT_PLATFORM, the info files).
set(BALLPARK_PYTHON_STAGE ${BALLPARK_OXT_DIR}/python-oxt-stage)
set(BALLPARK_PYTHON_OXT ${BALLPARK_OXT_DIR}/ballpark-python.oxt)
set(BALLPARK_PYTHON_SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/python/ballpark_addin.py
    ${CMAKE_CURRENT_SOURCE_DIR}/python/pythonpath/ballpark_c.py)
configure_file(${PROJECT_SOURCE_DIR}/registry/description.xml.in ${BALLPARK_PYTHON_STAGE}/description.xml @ONLY)
if(BALLPARK_STRIP_OXT AND CMAKE_STRIP)
  set(BALLPARK_PYTHON_STRIP ${CMAKE_STRIP} --strip-unneeded ${BALLPARK_PYTHON_STAGE}/pythonpath/$<TARGET_FILE_NAME:ballpark_c>)
else()
  set(BALLPARK_PYTHON_STRIP ${CMAKE_COMMAND} -E true)
endif()
add_custom_command(
  OUTPUT ${BALLPARK_PYTHON_OXT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${BALLPARK_PYTHON_STAGE}/META-INF ${BALLPARK_PYTHON_STAGE}/icons
          ${BALLPARK_PYTHON_STAGE}/pythonpath
  COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/registry/META-INF/manifest.xml ${BALLPARK_PYTHON_STAGE}/META-INF/
  COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/registry/python/ballpark.components
          ${PROJECT_SOURCE_DIR}/registry/CalcAddIns.xcu ${BALLPARK_RDB} ${CMAKE_CURRENT_SOURCE_DIR}/python/ballpark_addin.py
          ${PROJECT_SOURCE_DIR}/registry/description-en.txt ${PROJECT_SOURCE_DIR}/LICENSE ${BALLPARK_PYTHON_STAGE}/
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_SOURCE_DIR}/python/pythonpath/ballpark_c.py $<TARGET_FILE:ballpark_c>
          ${BALLPARK_PYTHON_STAGE}/pythonpath/
  COMMAND ${CMAKE_COMMAND} -E copy ${BALLPARK_OXT_ICONS} ${BALLPARK_PYTHON_STAGE}/icons/
  COMMAND ${BALLPARK_PYTHON_STRIP}
  COMMAND ${CMAKE_COMMAND} -E rm -f ${BALLPARK_PYTHON_OXT}
  COMMAND ${CMAKE_COMMAND} -E tar cf ${BALLPARK_PYTHON_OXT} --format=zip
          description.xml META-INF/manifest.xml ballpark.components CalcAddIns.xcu ballpark.rdb ballpark_addin.py
          pythonpath/ballpark_c.py pythonpath/$<TARGET_FILE_NAME:ballpark_c> description-en.txt LICENSE
          icons/ballpark.png icons/ballpark-hc.png
  WORKING_DIRECTORY ${BALLPARK_PYTHON_STAGE}
  DEPENDS ${BALLPARK_REGISTRY_FILES} ${PROJECT_SOURCE_DIR}/registry/python/ballpark.components ${BALLPARK_PYTHON_SOURCES}
          ${BALLPARK_OXT_INFO_FILES} ${BALLPARK_RDB} ballpark_c ${BALLPARK_PYTHON_STAGE}/description.xml
  COMMENT "Packing ballpark-python.oxt"
  VERBATIM)
add_custom_target(python-oxt ALL DEPENDS ${BALLPARK_PYTHON_OXT})
