# Runs `unopkg ACTION OXT` against the user profile PROFILE:  cmake -DUNOPKG=… -DPROFILE=… -DACTION=add|remove -DOXT=… -P unopkg.cmake
#
# unopkg refuses per-user installs when run as root. As root, it therefore runs as the user that owns the
# profile directory (nobody, 65534, for a profile root created here), so that a later soffice started as
# that user sees the extension.
foreach(var UNOPKG PROFILE ACTION OXT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "unopkg.cmake needs -D${var}=…")
  endif()
endforeach()

file(MAKE_DIRECTORY ${PROFILE})
set(prefix)
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(uid STREQUAL "0")
  execute_process(COMMAND stat -c %u ${PROFILE} OUTPUT_VARIABLE owner OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(owner STREQUAL "0")
    execute_process(COMMAND chown -R 65534:65534 ${PROFILE})
    set(owner 65534)
  endif()
  set(prefix setpriv --reuid=${owner} --regid=${owner} --clear-groups env HOME=${PROFILE})
endif()

if(ACTION STREQUAL "add")
  set(args add --force --suppress-license ${OXT})
else()
  set(args remove ${OXT})
endif()
execute_process(
  COMMAND ${prefix} ${UNOPKG} ${args} -env:UserInstallation=file://${PROFILE}
  RESULT_VARIABLE rc
  TIMEOUT 120)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "unopkg ${ACTION} failed (${rc}) for profile ${PROFILE}")
endif()
