# Builds with sanitizers and for libFuzzer, chosen at configure time. Included by the top-level CMakeLists.txt
# before any target exists, so the flags reach the core, the CLI and the tests alike.
#
#   -DBALLPARK_SANITIZE=address   AddressSanitizer + UndefinedBehaviorSanitizer (scripts/sanitize.sh)
#   -DBALLPARK_SANITIZE=thread    ThreadSanitizer (scripts/sanitize.sh)
#   -DBALLPARK_FUZZ=ON            the libFuzzer targets in fuzz/, clang only (scripts/fuzz.sh)

set(BALLPARK_SANITIZE "" CACHE STRING "Build with sanitizers: empty, \"address\" (ASan and UBSan) or \"thread\" (TSan)")
set_property(CACHE BALLPARK_SANITIZE PROPERTY STRINGS "" address thread)
option(BALLPARK_FUZZ "Build the libFuzzer targets in fuzz/ (needs clang)" OFF)

if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  # libstdc++ 12 declares std::expected only when __cpp_concepts >= 202002L. Clang (up to 18) still reports
  # 201907L although from clang 16 on it implements what <expected> needs (conditionally trivial special members,
  # P0848), so we claim the newer value. Clang 14 and 15 cannot compile <expected> at all.
  if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 16)
    message(FATAL_ERROR "Ballpark needs clang 16 or newer (Debian: apt-get install clang-16 libclang-rt-16-dev); "
                        "clang ${CMAKE_CXX_COMPILER_VERSION} cannot compile libstdc++'s <expected>.")
  endif()
  if(CMAKE_CXX_COMPILER_VERSION VERSION_LESS 19)
    add_compile_options(-D__cpp_concepts=202002L -Wno-macro-redefined)
  endif()
endif()

if(BALLPARK_SANITIZE STREQUAL "address")
  # Any report aborts the test, so CTest counts it as a failure instead of printing and carrying on.
  set(ballpark_sanitizer_flags -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
elseif(BALLPARK_SANITIZE STREQUAL "thread")
  set(ballpark_sanitizer_flags -fsanitize=thread -fno-omit-frame-pointer)
elseif(NOT BALLPARK_SANITIZE STREQUAL "")
  message(FATAL_ERROR "BALLPARK_SANITIZE must be empty, \"address\" or \"thread\", but it is \"${BALLPARK_SANITIZE}\".")
endif()

if(BALLPARK_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "BALLPARK_FUZZ needs clang for libFuzzer, but the C++ compiler is ${CMAKE_CXX_COMPILER_ID}; "
                        "configure with CXX=clang++-16.")
  endif()
  if(NOT BALLPARK_SANITIZE STREQUAL "")
    message(FATAL_ERROR "BALLPARK_FUZZ brings its own sanitizers; leave BALLPARK_SANITIZE empty.")
  endif()
  add_compile_definitions(FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION)  # lowers limits::max_eval_steps
  # Everything is instrumented for coverage; only the fuzz targets link libFuzzer's main (fuzz/CMakeLists.txt).
  set(ballpark_sanitizer_flags -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                               -fno-omit-frame-pointer)
endif()

if(ballpark_sanitizer_flags)
  add_compile_options(${ballpark_sanitizer_flags})
  add_link_options(${ballpark_sanitizer_flags})
endif()
