cmake_minimum_required(VERSION 3.25)
# One direction of dependencies: every folder of core/ and of ui/ has a level, and a file
# may include only headers of its own folder or of a folder on a lower level. The order is written
# here once; a folder that is not in it fails the check until it is placed.
#
#   cmake -DSOURCE_DIR=<project root> -P tests/check_layering.cmake            check (CTest layering.*)
#   cmake -DSOURCE_DIR=<project root> -DGRAPH=ON -P tests/check_layering.cmake  also print the folder
#                                                                               include graph
#
# Project includes are spelled from the root ("core/report/plan.h"), which the check also requires.
# There is no exception list: an upward include fails until the file or the header moves.

# Lowest level first. Folders on one line share a level: neither is above the other, so either may
# include the other's headers (the graph shows whether they do). They are separated by spaces, not
# semicolons: a semicolon would make each folder a level of its own in a CMake list.
# The engine's levels go up through its six floors (core/CMakeLists.txt builds one library per floor,
# each linking only the floors below it): inputs (util, cost, scenario), physics (hardware ... perf),
# catalog, planning (search, report, calibration), studies (phases, validation, studies) and
# documents (quote, quotebook, io, export, launch). This order is the finer one inside them.
set(CORE_LEVELS
  "util"
  "cost"
  "scenario"
  "hardware parallel"
  "model"
  "memory run"
  "perf"
  "catalog"
  "search"
  "report"
  "calibration"
  "phases validation studies"
  "quote"
  "quotebook"
  "io export"
  "launch")
# The window: the models it observes, then the views, then the windows that assemble them.
set(UI_LEVELS
  "i18n"
  "models"
  "inputs charts calibration"
  "quotes"
  "export"
  "mainwindow")

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<project root> [-DGRAPH=ON] -P check_layering.cmake")
endif()
get_filename_component(SOURCE_DIR "${SOURCE_DIR}" ABSOLUTE)

# level_of(<levels list var> <folder> <out var>): the folder's level, or -1 when it is not placed.
function(level_of levels folder out)
  set(level 0)
  foreach(line IN LISTS ${levels})
    string(REGEX REPLACE "[ \t]+" "|" alternatives "${line}")
    if(folder MATCHES "^(${alternatives})$")
      set(${out} ${level} PARENT_SCOPE)
      return()
    endif()
    math(EXPR level "${level} + 1")
  endforeach()
  set(${out} -1 PARENT_SCOPE)
endfunction()

set(problems "")
set(found_upward "")
set(graph_edges "")

# Each root's folders must be placed in its order.
foreach(root core ui)
  string(TOUPPER "${root}" ROOT)
  file(GLOB entries LIST_DIRECTORIES true RELATIVE "${SOURCE_DIR}/${root}" "${SOURCE_DIR}/${root}/*")
  foreach(entry IN LISTS entries)
    if(IS_DIRECTORY "${SOURCE_DIR}/${root}/${entry}")
      level_of(${ROOT}_LEVELS "${entry}" level)
      if(level EQUAL -1)
        list(APPEND problems "${root}/${entry}/ is not placed in the folder order of tests/check_layering.cmake")
      endif()
    endif()
  endforeach()
endforeach()

# Every #include of every source, header and include list (.inc): quoted or in angle brackets.
# A project header is spelled from the root; one reached relative to the including file ("../x.h",
# "x.h" beside it) or from a folder of either root is a problem, and so is an include through a
# macro (#include SOME_HEADER), which this check cannot read.
foreach(root core ui)
  string(TOUPPER "${root}" ROOT)
  file(GLOB_RECURSE files RELATIVE "${SOURCE_DIR}/${root}" "${SOURCE_DIR}/${root}/*.h"
       "${SOURCE_DIR}/${root}/*.cpp" "${SOURCE_DIR}/${root}/*.inc")
  list(SORT files)
  foreach(file IN LISTS files)
    string(REGEX MATCH "^[^/]+" folder "${file}")
    if(folder STREQUAL file)
      continue()  # a file at the root (none today) has no level
    endif()
    level_of(${ROOT}_LEVELS "${folder}" from)
    if(from EQUAL -1)
      continue()  # reported above as not placed
    endif()
    get_filename_component(file_dir "${SOURCE_DIR}/${root}/${file}" DIRECTORY)
    file(STRINGS "${SOURCE_DIR}/${root}/${file}" includes REGEX "^[ \t]*#[ \t]*include")
    foreach(line IN LISTS includes)
      if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
        set(header "${CMAKE_MATCH_1}")
        set(quoted ON)
      elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*<([^>]+)>")
        set(header "${CMAKE_MATCH_1}")
        set(quoted OFF)
      else()
        string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*" "" spelled "${line}")
        list(APPEND problems "include through a macro, which the check cannot follow: ${root}/${file} -> ${spelled}")
        continue()
      endif()
      # Project headers are spelled from the root, "core/<folder>/..." or "ui/<folder>/...": the
      # path says the layer, in quotes or in angle brackets alike.
      if(NOT header MATCHES "^(core|ui)/[^/]+/")
        set(candidates "${SOURCE_DIR}/core/${header}" "${SOURCE_DIR}/ui/${header}")
        if(quoted)
          list(APPEND candidates "${file_dir}/${header}")
        endif()
        set(project_file OFF)
        foreach(candidate IN LISTS candidates)
          get_filename_component(candidate "${candidate}" ABSOLUTE)
          if(EXISTS "${candidate}" AND NOT IS_DIRECTORY "${candidate}")
            set(project_file ON)
          endif()
        endforeach()
        if(project_file)
          list(APPEND problems "include not spelled from the project root: ${root}/${file} -> ${header}")
        endif()
        continue()  # generated or system headers
      endif()
      string(REGEX MATCH "^[^/]+" target_root "${header}")
      string(REGEX REPLACE "^[^/]+/([^/]+)/.*$" "\\1" target "${header}")
      if(NOT target_root STREQUAL root)
        if(root STREQUAL "core")
          list(APPEND found_upward "${root}/${file} -> ${header}")  # the engine under the window
        endif()
        continue()  # ui above core: always downward
      endif()
      if(target STREQUAL folder)
        continue()
      endif()
      list(APPEND graph_edges "${root}/${folder} -> ${root}/${target}")
      level_of(${ROOT}_LEVELS "${target}" to)
      if(to GREATER from)
        list(APPEND found_upward "${root}/${file} -> ${header}")
      endif()
    endforeach()
  endforeach()
endforeach()

foreach(edge IN LISTS found_upward)
  list(APPEND problems "upward include: ${edge}")
endforeach()

# Data goes one way too: above the catalog (planning, studies, documents, and the programs in app/),
# nothing looks a string id up in the Catalog (catalog.gpu(id), catalog.priceBooks().book(id), ...).
# A plan's inputs come resolved (core/catalog/resolved_inputs.h, the engine session); anything else
# a floor above needs by id is a catalog function (core/catalog/catalog_lookup.h), so what an unknown
# id says and what a known one resolves to is decided in one place.
set(CATALOG_LOOKUP "catalog(\\(\\))?\\.(gpu|fabric|model|perfProfiles|priceBooks|runRealities|host|preset)[A-Za-z]*\\(")
level_of(CORE_LEVELS "catalog" catalog_level)
set(lookup_files "")
file(GLOB_RECURSE core_files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp"
     "${SOURCE_DIR}/core/*.inc")
foreach(file IN LISTS core_files)
  string(REGEX REPLACE "^core/([^/]+)/.*$" "\\1" folder "${file}")
  level_of(CORE_LEVELS "${folder}" level)
  if(level GREATER catalog_level)
    list(APPEND lookup_files "${file}")
  endif()
endforeach()
file(GLOB_RECURSE app_files RELATIVE "${SOURCE_DIR}" "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
list(APPEND lookup_files ${app_files})
list(SORT lookup_files)
foreach(file IN LISTS lookup_files)
  file(STRINGS "${SOURCE_DIR}/${file}" lookups REGEX "${CATALOG_LOOKUP}")
  foreach(line IN LISTS lookups)
    string(REPLACE ";" "" line "${line}")  # one problem per line: a ; would split the list
    string(STRIP "${line}" line)
    list(APPEND problems "catalog look-up by string id above the catalog: ${file}: ${line}")
  endforeach()
endforeach()

if(GRAPH)
  # "from -> to (N includes)", one line per pair of folders.
  list(SORT graph_edges)
  set(previous "")
  set(count 0)
  list(APPEND graph_edges "<end>")
  foreach(edge IN LISTS graph_edges)
    if(NOT edge STREQUAL previous AND NOT previous STREQUAL "")
      message("${previous} (${count})")
      set(count 0)
    endif()
    set(previous "${edge}")
    math(EXPR count "${count} + 1")
  endforeach()
  list(LENGTH found_upward n_up)
  message("upward includes: ${n_up}")
endif()

if(problems)
  list(LENGTH problems n)
  string(REPLACE ";" "\n  " listing "${problems}")
  message(FATAL_ERROR "${n} layering problem(s):\n  ${listing}")
endif()
