# clusterplan_floor_check(<floor> [EXCLUDE_FROM_ALL]): the link check of the engine's floor
# clusterplan_<floor> (core/CMakeLists.txt). A small program linked with every object of that floor
# (--whole-archive) and, as usual, the floors it links: a static library is otherwise only searched
# for what a program calls, so a function of a low floor that calls one of a higher floor would go
# unnoticed until some program used both. Here it is an undefined reference, and the build stops.
function(clusterplan_floor_check floor)
  set(target clusterplan_floor_check_${floor})
  add_executable(${target} ${ARGN} ${PROJECT_SOURCE_DIR}/cmake/floor_check_main.cpp)
  target_link_libraries(${target} PRIVATE "$<LINK_LIBRARY:WHOLE_ARCHIVE,clusterplan_${floor}>")
  set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/floor-checks)
endfunction()
