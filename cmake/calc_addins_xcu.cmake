# The CalcAddIns.xcu an extension ships: registry/CalcAddIns.xcu with each function's name; value pairs written out
# as the parameters name1, value1, ... of idl/XBallparkFunctions.idl (registry/expand_pairs.py). Sets
# BALLPARK_XCU to the file, made in BALLPARK_OXT_DIR, for the packing commands of this directory to depend on.
find_program(BALLPARK_HOST_PYTHON python3 NO_CMAKE_FIND_ROOT_PATH)
if(NOT BALLPARK_HOST_PYTHON)
  message(FATAL_ERROR "Ballpark: python3 is needed to write CalcAddIns.xcu (registry/expand_pairs.py)")
endif()
set(BALLPARK_XCU ${BALLPARK_OXT_DIR}/CalcAddIns.xcu)
add_custom_command(
  OUTPUT ${BALLPARK_XCU}
  COMMAND ${BALLPARK_HOST_PYTHON} ${PROJECT_SOURCE_DIR}/registry/expand_pairs.py
          ${PROJECT_SOURCE_DIR}/idl/XBallparkFunctions.idl ${PROJECT_SOURCE_DIR}/registry/CalcAddIns.xcu ${BALLPARK_XCU}
  DEPENDS ${PROJECT_SOURCE_DIR}/registry/expand_pairs.py ${PROJECT_SOURCE_DIR}/idl/XBallparkFunctions.idl
          ${PROJECT_SOURCE_DIR}/registry/CalcAddIns.xcu
  COMMENT "CalcAddIns.xcu with the name; value pairs written out"
  VERBATIM)
