# Validators of what the package installs, as CTest tests (packaging.*) when the tools are present:
# desktop-file-utils and appstream are in packaging/build.sh's PACKAGES, so `build.sh test` runs them.
if(NOT CLUSTERPLAN_BUILD_TESTS)
  return()
endif()
find_program(DESKTOP_FILE_VALIDATE desktop-file-validate)
find_program(APPSTREAMCLI appstreamcli)
find_program(UPDATE_MIME_DATABASE update-mime-database)
find_program(MAN_PROGRAM man)
set(examples
  ${PROJECT_SOURCE_DIR}/resources/scenarios/default.json
  ${PROJECT_SOURCE_DIR}/tests/data/search-gpt3-175b-1024xa100.json
  ${PROJECT_SOURCE_DIR}/tests/data/search-llama3-405b-16384xh100.json
  ${PROJECT_SOURCE_DIR}/resources/scenarios/seed-path-phases.json)

if(CLUSTERPLAN_BUILD_UI AND DESKTOP_FILE_VALIDATE)
  # It exits 0 on warnings and hints: any line it prints fails the test.
  add_test(NAME packaging.desktop_file_validate
           COMMAND ${DESKTOP_FILE_VALIDATE} ${CMAKE_CURRENT_SOURCE_DIR}/${CLUSTERPLAN_APP_ID}.desktop)
  set_tests_properties(packaging.desktop_file_validate PROPERTIES FAIL_REGULAR_EXPRESSION "[a-z]")
endif()
if(CLUSTERPLAN_BUILD_UI AND APPSTREAMCLI)
  add_test(NAME packaging.appstream_validate
           COMMAND ${APPSTREAMCLI} validate --no-net ${GENERATED}/${CLUSTERPLAN_APP_ID}.metainfo.xml)
endif()
if(CLUSTERPLAN_BUILD_UI AND UPDATE_MIME_DATABASE)
  string(REPLACE ";" "|" examples_arg "${examples}")
  add_test(NAME packaging.mime_type
           COMMAND ${CMAKE_COMMAND} -DUPDATE_MIME_DATABASE=${UPDATE_MIME_DATABASE}
                   -DXML=${CMAKE_CURRENT_SOURCE_DIR}/${CLUSTERPLAN_APP_ID}.mime.xml
                   -DWORK=${CMAKE_CURRENT_BINARY_DIR}/mime-test "-DEXAMPLES=${examples_arg}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_mime_type.cmake)
endif()
if(MAN_PROGRAM)
  foreach(page IN LISTS man_pages)
    add_test(NAME packaging.man_page.${page}
             COMMAND ${CMAKE_COMMAND} -DMAN=${MAN_PROGRAM} -DPAGE=${GENERATED}/man/${page}.1
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_man_page.cmake)
  endforeach()
endif()
# The man page and the bash completion name every command and option of `clusterplan-cli --help`.
add_test(NAME packaging.cli_docs_complete
         COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:clusterplan-cli> -DMAN_PAGE=${GENERATED}/man/clusterplan-cli.1
                 -DCOMPLETION=${CMAKE_CURRENT_SOURCE_DIR}/completion/clusterplan-cli.bash
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_cli_docs.cmake)
