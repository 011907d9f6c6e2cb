# Embeds resource files (JSON) into a C++ source as byte arrays, so the binaries carry their
# built-in catalog, model presets and default scenario wherever they are copied.
# clusterplan_embed(OUT <cpp> NAMESPACE <ns> FILES <symbol>=<path> ...)
function(clusterplan_embed)
  cmake_parse_arguments(E "" "OUT;NAMESPACE" "FILES" ${ARGN})
  set(deps)
  set(args)
  foreach(pair IN LISTS E_FILES)
    string(REPLACE "=" ";" kv "${pair}")
    list(GET kv 1 path)
    list(APPEND deps "${path}")
  endforeach()
  string(REPLACE ";" "|" files_arg "${E_FILES}")
  add_custom_command(
    OUTPUT "${E_OUT}"
    COMMAND ${CMAKE_COMMAND} -DOUT=${E_OUT} -DNAMESPACE=${E_NAMESPACE} "-DFILES=${files_arg}"
            -P ${PROJECT_SOURCE_DIR}/cmake/clusterplan_embed_run.cmake
    DEPENDS ${deps} ${PROJECT_SOURCE_DIR}/cmake/clusterplan_embed_run.cmake
    COMMENT "Embedding resources into ${E_OUT}"
    VERBATIM)
endfunction()
