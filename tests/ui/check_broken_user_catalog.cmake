# ctest -R ui.broken_user_catalog: the GUI loads user files like clusterplan-cli does
# (core/catalog/catalog_loading.h): a malformed user price book stops it with exit 2 and a
# message naming the file and position, before any window opens.
set(home ${WORK_DIR}/config)
file(MAKE_DIRECTORY ${home}/clusterplan)
file(WRITE ${home}/clusterplan/pricebook.json "{\"schema\": \"clusterplan.pricebook/1\",\n \"id\": [}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env XDG_CONFIG_HOME=${home} --unset=DISPLAY --unset=WAYLAND_DISPLAY
          --unset=QT_QPA_PLATFORM ${EXE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
file(REMOVE_RECURSE ${home})
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "exit code ${rc}, expected 2\nstderr: ${err}")
endif()
if(NOT err MATCHES "pricebook.json:2:")
  message(FATAL_ERROR "stderr does not name the file and line:\n${err}")
endif()
