# ui.translations_complete: fails when a tr() string in ui/ has no finished Simplified Chinese
# translation (the engine's own text is checked by core.message's tests against
# resources/i18n/zh_CN.json). Runs lupdate over the sources into a copy of the committed .ts (the repository stays
# untouched), then looks for messages lupdate left unfinished: new strings, and strings whose
# English changed since they were translated.
# Usage: cmake -DLUPDATE=... -DSOURCE_DIR=<repo> -DWORK_DIR=<dir> -P check_translations.cmake
set(ts_name clusterplan_zh_CN.ts)
file(MAKE_DIRECTORY ${WORK_DIR})
file(COPY_FILE ${SOURCE_DIR}/resources/translations/${ts_name} ${WORK_DIR}/${ts_name})
execute_process(COMMAND ${LUPDATE} -silent -locations none -no-obsolete -I ${SOURCE_DIR} ${SOURCE_DIR}/ui -ts ${WORK_DIR}/${ts_name}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "lupdate failed (${rc}): ${out}${err}")
endif()
file(READ ${WORK_DIR}/${ts_name} ts)
string(REGEX MATCHALL "<source>[^<]*</source>[ \t\r\n]*(<comment>[^<]*</comment>[ \t\r\n]*)?<translation type=\"unfinished\""
       unfinished "${ts}")
list(LENGTH unfinished count)
if(count GREATER 0)
  foreach(entry IN LISTS unfinished)
    string(REGEX REPLACE "^<source>([^<]*)</source>.*" "\\1" text "${entry}")
    message("no Chinese translation: ${text}")
  endforeach()
  message(FATAL_ERROR "${count} visible string(s) lack a zh_CN translation: translate them in "
                      "resources/translations/${ts_name} (cmake --build --preset ci --target update_translations "
                      "adds them first)")
endif()
message(STATUS "every tr() string in ui/ has a zh_CN translation")
