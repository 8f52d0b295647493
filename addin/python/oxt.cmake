# The Python component's extension: ballpark_addin.py with the C interface's library (libballpark_c.so, or
# ballpark.dll in the Windows build), its ctypes module, the module that hands Calc arrays and the list of its
# methods written from the table (ballpark_functions.py, cmake/sheet_table.cmake) in pythonpath/,
# beside the type library, the wizard text and the metadata of ballpark.oxt. Included by addin/CMakeLists.txt
# (ballpark-python.oxt) and by addin/python/CMakeLists.txt (the Windows build's ballpark-windows.oxt). Needs
# BALLPARK_OXT_DIR, BALLPARK_RDB (made by unoidl-write), BALLPARK_XCU, BALLPARK_OXT_PLATFORM (description.xml's platform),
# BALLPARK_PYTHON_OXT_NAME and the ballpark_c target.
set(stage ${BALLPARK_OXT_DIR}/python-oxt-stage)
set(BALLPARK_PYTHON_OXT ${BALLPARK_OXT_DIR}/${BALLPARK_PYTHON_OXT_NAME})
set(python_sources ${CMAKE_CURRENT_LIST_DIR}/ballpark_addin.py ${CMAKE_CURRENT_LIST_DIR}/pythonpath/ballpark_c.py
    ${CMAKE_CURRENT_LIST_DIR}/pythonpath/ballpark_array.py)
set(registry ${PROJECT_SOURCE_DIR}/registry)
set(metadata ${registry}/python/ballpark.components ${BALLPARK_XCU} ${registry}/description-en.txt
    ${PROJECT_SOURCE_DIR}/LICENSE)
set(icons ${registry}/icons/ballpark.png ${registry}/icons/ballpark-hc.png)
configure_file(${registry}/description.xml.in ${stage}/description.xml @ONLY)
# The packaged library loses its debug information (ballpark.dll: 26 MB to about 2 MB).
option(BALLPARK_STRIP_OXT "Strip the library inside the extensions" ON)
if(BALLPARK_STRIP_OXT AND CMAKE_STRIP)
  set(strip ${CMAKE_STRIP} --strip-unneeded ${stage}/pythonpath/$<TARGET_FILE_NAME:ballpark_c>)
else()
  set(strip ${CMAKE_COMMAND} -E true)
endif()
add_custom_command(
  OUTPUT ${BALLPARK_PYTHON_OXT}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${stage}/META-INF ${stage}/icons ${stage}/pythonpath
  COMMAND ${CMAKE_COMMAND} -E copy ${registry}/META-INF/manifest.xml ${stage}/META-INF/
  COMMAND ${CMAKE_COMMAND} -E copy ${metadata} ${BALLPARK_RDB} ${CMAKE_CURRENT_LIST_DIR}/ballpark_addin.py ${stage}/
  COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_CURRENT_LIST_DIR}/pythonpath/ballpark_c.py
          ${CMAKE_CURRENT_LIST_DIR}/pythonpath/ballpark_array.py ${BALLPARK_GENERATED_PYTHON} $<TARGET_FILE:ballpark_c>
          ${stage}/pythonpath/
  COMMAND ${CMAKE_COMMAND} -E copy ${icons} ${stage}/icons/
  COMMAND ${strip}
  COMMAND ${CMAKE_COMMAND} -E rm -f ${BALLPARK_PYTHON_OXT}
  COMMAND ${CMAKE_COMMAND} -E tar cf ${BALLPARK_PYTHON_OXT} --format=zip
          description.xml META-INF/manifest.xml ballpark.components CalcAddIns.xcu ballpark.rdb ballpark_addin.py
          pythonpath/ballpark_c.py pythonpath/ballpark_array.py pythonpath/ballpark_functions.py
          pythonpath/$<TARGET_FILE_NAME:ballpark_c>
          description-en.txt LICENSE
          icons/ballpark.png icons/ballpark-hc.png
  WORKING_DIRECTORY ${stage}
  DEPENDS ${registry}/META-INF/manifest.xml ${metadata} ${icons} ${python_sources} ${BALLPARK_GENERATED_PYTHON}
          ${BALLPARK_RDB} ballpark_c ${stage}/description.xml ballpark_declarations
  COMMENT "Packing ${BALLPARK_PYTHON_OXT_NAME}"
  VERBATIM)
add_custom_target(python-oxt ALL DEPENDS ${BALLPARK_PYTHON_OXT})
