# SPDX-License-Identifier: GPL-3.0-or-later
# The rules of the tree that the compiler cannot check, run as ctest "lint-sources":
#  - layers go one way, app -> ui -> core: core/ includes nothing of Qt, ui/ or app/;
#    ui/ includes nothing of app/;
#  - a view is a module: in ui/ and app/, only the files of ui/views/<id>/ include a header
#    of ui/views/<id>/ (the registry reaches each view through its descriptor function);
#  - inside ui/, the rooms go one way: io < state < widgets < views < export < classroom < window;
#    a file includes headers of its own room and of the rooms before it;
#  - no foreach / Q_FOREACH (QT_NO_FOREACH cannot be set because qcustomplot.h uses it);
#  - ui/ makes its graphs with Graph::add() (lines drawn through fewer points on pixels), not
#    QCustomPlot::addGraph() or new QCPGraph;
#  - comments say what and why, never history: no tracker numbers ("issue" and a number) in the
#    sources, their CMakeLists, scripts and Python (a reader has the code, not the tracker).
cmake_minimum_required(VERSION 3.25)
set(problems "")

function(check_files pattern message)
    foreach(file IN LISTS ARGN)
        file(STRINGS "${file}" lines REGEX "${pattern}")
        foreach(line IN LISTS lines)
            file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
            string(APPEND problems "${rel}: ${message}: ${line}\n")
        endforeach()
    endforeach()
    set(problems "${problems}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE core_files "${SOURCE_DIR}/core/*.h" "${SOURCE_DIR}/core/*.cpp")
file(GLOB_RECURSE ui_files "${SOURCE_DIR}/ui/*.h" "${SOURCE_DIR}/ui/*.cpp")
set(all_files "")
foreach(dir core ui app tests)
    file(GLOB_RECURSE found "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.cpp")
    list(APPEND all_files ${found})
endforeach()

check_files("#[ \t]*include[ \t]*[<\"](Q|qcustomplot|ui/|app/)" "core/ must not include Qt, ui or app" ${core_files})
check_files("#[ \t]*include[ \t]*[<\"]app/" "ui/ must not include app" ${ui_files})
# A view's folder is included from that folder only.
set(app_files "")
file(GLOB_RECURSE app_files "${SOURCE_DIR}/app/*.h" "${SOURCE_DIR}/app/*.cpp")
foreach(file IN LISTS ui_files app_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    set(own "")
    if(rel MATCHES "^ui/views/([a-z0-9_]+)/")
        set(own "${CMAKE_MATCH_1}")
    endif()
    file(STRINGS "${file}" lines REGEX "#[ \t]*include[ \t]*\"ui/views/[a-z0-9_]+/")
    foreach(line IN LISTS lines)
        string(REGEX MATCH "ui/views/([a-z0-9_]+)/" found "${line}")
        if(NOT CMAKE_MATCH_1 STREQUAL own)
            string(APPEND problems "${rel}: a view's folder is its own; reach it through ViewRegistry: ${line}\n")
        endif()
    endforeach()
endforeach()
# The rooms of ui/, in order: a file may include its own room's headers and earlier rooms'.
set(rooms io state widgets views export classroom window)
string(REPLACE ";" " < " room_order "${rooms}")
foreach(file IN LISTS ui_files)
    file(RELATIVE_PATH rel "${SOURCE_DIR}" "${file}")
    if(NOT rel MATCHES "^ui/([a-z]+)/")
        continue()
    endif()
    list(FIND rooms "${CMAKE_MATCH_1}" own)
    file(STRINGS "${file}" lines REGEX "#[ \t]*include[ \t]*\"ui/[a-z]+/")
    foreach(line IN LISTS lines)
        string(REGEX MATCH "ui/([a-z]+)/" found "${line}")
        list(FIND rooms "${CMAKE_MATCH_1}" other)
        if(own EQUAL -1 OR other GREATER own)
            string(APPEND problems "${rel}: the rooms of ui/ go ${room_order}; this one may not include: ${line}\n")
        endif()
    endforeach()
endforeach()
check_files("(^|[^A-Za-z_])(foreach|Q_FOREACH)[ \t]*\\(" "use a range-based for, not foreach" ${all_files})
set(commented_files ${all_files})
foreach(dir core ui app tests resources)
    file(GLOB_RECURSE found "${SOURCE_DIR}/${dir}/CMakeLists.txt" "${SOURCE_DIR}/${dir}/*.py"
                            "${SOURCE_DIR}/${dir}/*.sh" "${SOURCE_DIR}/${dir}/*.cmake")
    list(APPEND commented_files ${found})
endforeach()
list(APPEND commented_files "${SOURCE_DIR}/CMakeLists.txt" "${SOURCE_DIR}/dev.sh" "${SOURCE_DIR}/.ci/run")
check_files("[Ii]ssues? [0-9]" "a comment names what and why, not a tracker's issue" ${commented_files})
check_files("(->|\\.)addGraph[ \t]*\\(|new[ \t]+QCPGraph[ \t]*\\(" "make a graph with Graph::add() (ui/widgets/graph.h)" ${ui_files})

if(problems)
    message(FATAL_ERROR "lint-sources found:\n${problems}")
endif()
list(LENGTH all_files count)
message(STATUS "lint-sources: ${count} files checked")
