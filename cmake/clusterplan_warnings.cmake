# Warnings for our own targets. -Werror comes only from the `ci` preset via
# CMAKE_COMPILE_WARNING_AS_ERROR, never unconditionally.
add_library(clusterplan_warnings INTERFACE)
target_compile_options(clusterplan_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual)
add_library(clusterplan_core_warnings INTERFACE)
target_compile_options(clusterplan_core_warnings INTERFACE -Wconversion -Wsign-conversion -Wold-style-cast)
target_link_libraries(clusterplan_core_warnings INTERFACE clusterplan_warnings)
