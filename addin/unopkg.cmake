# Runs `unopkg ACTION OXT` against the user profile PROFILE:  cmake -DUNOPKG=… -DPROFILE=… -DACTION=add|remove -DOXT=… -P unopkg.cmake
#
# unopkg refuses per-user installs when run as root, so as root it runs as nobody (65534). nobody may be unable to
# reach anything of the caller's: the build folder (where the .oxt is, and the working directory the build runs
# this from; unopkg's launcher `cd`s to its working directory and fails there) and the profile itself may sit in a
# folder of mode 0700, such as a `mktemp -d` clone or root's home. So, as the LibreOffice tests do
# (tests/integration/office.py), unopkg works in a scratch folder of its own under /tmp: a copy of the .oxt, a
# copy of the profile, its working directory, HOME and TMPDIR are there. The changed profile is then copied back
# and given back to the profile's owner, so a real profile keeps its owner (root's stays root's).
foreach(var UNOPKG PROFILE ACTION OXT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "unopkg.cmake needs -D${var}=…")
  endif()
endforeach()

get_filename_component(PROFILE ${PROFILE} ABSOLUTE)  # no trailing slash, for the names made from it below
file(MAKE_DIRECTORY ${PROFILE})
if(ACTION STREQUAL "add")
  set(args add --force --suppress-license)
else()
  set(args remove)
endif()

# Runs the command, or stops with a sentence that names what failed.
function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc ${run_options})
  if(NOT rc EQUAL 0)
    if(scratch)
      file(REMOVE_RECURSE ${scratch})
    endif()
    message(FATAL_ERROR "${what} failed (${rc}) for profile ${PROFILE}.")
  endif()
endfunction()

execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT uid STREQUAL "0")
  set(run_options TIMEOUT 120)
  run("unopkg ${ACTION}" ${UNOPKG} ${args} ${OXT} -env:UserInstallation=file://${PROFILE})
  return()
endif()

set(nobody 65534)
execute_process(COMMAND stat -L -c %u:%g ${PROFILE} OUTPUT_VARIABLE owner OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND stat -L -c %a ${PROFILE} OUTPUT_VARIABLE mode OUTPUT_STRIP_TRAILING_WHITESPACE)
# /tmp, not TMPDIR: root's TMPDIR may itself be a folder that nobody cannot enter.
execute_process(COMMAND mktemp -d /tmp/ballpark-unopkg-XXXXXX OUTPUT_VARIABLE scratch
                OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT IS_DIRECTORY "${scratch}")
  message(FATAL_ERROR "Making a scratch folder under /tmp for unopkg failed (${rc}).")
endif()
file(MAKE_DIRECTORY ${scratch}/home ${scratch}/profile)
run("Copying the profile" cp -a ${PROFILE}/. ${scratch}/profile/)
if(ACTION STREQUAL "add")
  get_filename_component(oxt_name ${OXT} NAME)
  run("Copying ${OXT}" cp ${OXT} ${scratch}/${oxt_name})
  set(package ${scratch}/${oxt_name})
else()
  set(package ${OXT})  # an identifier such as org.ballpark.calc
endif()
run("Giving the scratch folder to nobody" chown -R ${nobody}:${nobody} ${scratch})

set(run_options WORKING_DIRECTORY ${scratch} TIMEOUT 120)
run("unopkg ${ACTION}"
    setpriv --reuid=${nobody} --regid=${nobody} --clear-groups env HOME=${scratch}/home TMPDIR=${scratch}
    ${UNOPKG} ${args} ${package} -env:UserInstallation=file://${scratch}/profile)
set(run_options)

# Back into place: the new profile beside the old one (so a failed copy leaves the old one whole), then swapped.
run("Copying the changed profile back" cp -a ${scratch}/profile ${PROFILE}.ballpark-new)
run("Giving the profile back to its owner" chown -R ${owner} ${PROFILE}.ballpark-new)
run("Restoring the profile's mode" chmod ${mode} ${PROFILE}.ballpark-new)
file(RENAME ${PROFILE} ${PROFILE}.ballpark-old)
file(RENAME ${PROFILE}.ballpark-new ${PROFILE})
file(REMOVE_RECURSE ${PROFILE}.ballpark-old ${scratch})
