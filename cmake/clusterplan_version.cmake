# clusterplan_version: an INTERFACE target whose include directory holds clusterplan_version.h,
# configured from project(VERSION) so --version, the About dialog and the package agree.
configure_file(${PROJECT_SOURCE_DIR}/cmake/clusterplan_version.h.in
               ${PROJECT_BINARY_DIR}/generated/clusterplan_version.h @ONLY)
add_library(clusterplan_version INTERFACE)
target_include_directories(clusterplan_version INTERFACE ${PROJECT_BINARY_DIR}/generated)
