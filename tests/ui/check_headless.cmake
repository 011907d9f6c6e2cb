# ctest -R ui.headless_main: runs the GUI binary with no display and checks its fallback.
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY --unset=WAYLAND_DISPLAY --unset=QT_QPA_PLATFORM ${EXE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit code ${rc}, expected 0\nstderr: ${err}")
endif()
if(NOT err MATCHES "no display found" OR NOT err MATCHES "clusterplan-cli evaluate")
  message(FATAL_ERROR "stderr lacks the no-display hint:\n${err}")
endif()
if(NOT out MATCHES "Llama 3.1 8B" OR NOT out MATCHES "GiB")
  message(FATAL_ERROR "stdout lacks the default plan report:\n${out}")
endif()
