# The declarations of the sheet functions, written from their one table (addin/sheet_table.py) by
# addin/generate_declarations.py into build/generated: the IDL, CalcAddIns.xcu, the C++ rows and their calls, the sheet layer's declarations and its implementations' (the typed view), the C++ UNO
# component's methods and the Python component's list. A host Python writes them, also in the Windows cross build,
# where no program built from the C++ could run. Sets BALLPARK_GENERATED_DIR and BALLPARK_GENERATED_* for the
# files, and the target ballpark_declarations that every user in another folder depends on.
find_program(BALLPARK_HOST_PYTHON python3 NO_CMAKE_FIND_ROOT_PATH)
if(NOT BALLPARK_HOST_PYTHON)
  message(FATAL_ERROR "Ballpark: python3 is needed to write the declarations of the sheet functions "
                      "(addin/generate_declarations.py)")
endif()
set(BALLPARK_GENERATED_DIR ${PROJECT_BINARY_DIR}/generated)
set(BALLPARK_GENERATED_IDL ${BALLPARK_GENERATED_DIR}/XBallparkFunctions.idl)
set(BALLPARK_GENERATED_XCU ${BALLPARK_GENERATED_DIR}/CalcAddIns.xcu)
set(BALLPARK_GENERATED_ROWS ${BALLPARK_GENERATED_DIR}/sheet_table_rows.hpp)
set(BALLPARK_GENERATED_CALLS ${BALLPARK_GENERATED_DIR}/sheet_table_calls.hpp)
set(BALLPARK_GENERATED_DECLARATIONS ${BALLPARK_GENERATED_DIR}/sheet_table_declarations.hpp)
set(BALLPARK_GENERATED_TYPED ${BALLPARK_GENERATED_DIR}/sheet_table_typed.hpp)
set(BALLPARK_GENERATED_METHODS ${BALLPARK_GENERATED_DIR}/calc_methods.hpp)
set(BALLPARK_GENERATED_PYTHON ${BALLPARK_GENERATED_DIR}/ballpark_functions.py)
add_custom_command(
  OUTPUT ${BALLPARK_GENERATED_IDL} ${BALLPARK_GENERATED_XCU} ${BALLPARK_GENERATED_ROWS} ${BALLPARK_GENERATED_CALLS}
         ${BALLPARK_GENERATED_DECLARATIONS} ${BALLPARK_GENERATED_TYPED} ${BALLPARK_GENERATED_METHODS} ${BALLPARK_GENERATED_PYTHON}
  COMMAND ${BALLPARK_HOST_PYTHON} ${PROJECT_SOURCE_DIR}/addin/generate_declarations.py
          ${PROJECT_SOURCE_DIR}/addin/sheet_table.py ${BALLPARK_GENERATED_DIR}
  DEPENDS ${PROJECT_SOURCE_DIR}/addin/generate_declarations.py ${PROJECT_SOURCE_DIR}/addin/sheet_table.py
  COMMENT "Declarations of the sheet functions from addin/sheet_table.py"
  VERBATIM)
add_custom_target(ballpark_declarations
  DEPENDS ${BALLPARK_GENERATED_IDL} ${BALLPARK_GENERATED_XCU} ${BALLPARK_GENERATED_ROWS} ${BALLPARK_GENERATED_CALLS}
          ${BALLPARK_GENERATED_DECLARATIONS} ${BALLPARK_GENERATED_TYPED} ${BALLPARK_GENERATED_METHODS} ${BALLPARK_GENERATED_PYTHON})
