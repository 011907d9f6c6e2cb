# hicolor icons: the hand-written SVG, and PNGs rendered from it at build time by a small Qt SVG
# tool (Qt6::Svg is already a build dependency), so no rasteriser package is needed.
find_package(Qt6 REQUIRED COMPONENTS Gui Svg)
add_executable(clusterplan-render-icon ${CMAKE_CURRENT_LIST_DIR}/render_icon.cpp)
target_link_libraries(clusterplan-render-icon PRIVATE Qt6::Gui Qt6::Svg clusterplan_warnings)
set_target_properties(clusterplan-render-icon PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})

set(svg ${CMAKE_CURRENT_LIST_DIR}/${CLUSTERPLAN_APP_ID}.svg)
install(FILES ${svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
set(pngs)
foreach(size 16 22 24 32 48 64 128 256 512)
  set(png ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}/${CLUSTERPLAN_APP_ID}.png)
  add_custom_command(
    OUTPUT ${png}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}
    COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen $<TARGET_FILE:clusterplan-render-icon> ${svg} ${size} ${png}
    DEPENDS clusterplan-render-icon ${svg}
    COMMENT "Rendering the ${size}x${size} icon"
    VERBATIM)
  install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
  list(APPEND pngs ${png})
endforeach()
add_custom_target(clusterplan_icons ALL DEPENDS ${pngs})
