# Include views: the walls between layers, enforced by the compiler. Every target used to export the whole
# repository as an include root, so any file could include any header. Each layer now sees a folder of
# symbolic links under ${CMAKE_BINARY_DIR}/include-views holding only what it may include:
#
#   kernels      kernels/                                   (the kernels themselves)
#   engine       engine/ and kernels/                       (the engine itself)
#   engine_api   the headers listed in engine/api_headers.txt (everyone above the engine)
#   remote, fetch, ui, app   that folder alone (each target gets the layers below through what it links)
#
# Tests, benchmarks and fuzz targets keep the repository root: they test internals on purpose.
# tests/walls checks that a header outside a view does not compile from the layer above.
set(INFERSCOPE_INCLUDE_VIEWS ${CMAKE_BINARY_DIR}/include-views)

# A view NAME holding the whole folders given (relative to the repository root).
function(inferscope_folder_view name)
  set(dir ${INFERSCOPE_INCLUDE_VIEWS}/${name})
  file(MAKE_DIRECTORY ${dir})
  foreach(folder ${ARGN})
    if(NOT EXISTS ${dir}/${folder})
      file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${dir}/${folder} SYMBOLIC)
    endif()
  endforeach()
endfunction()

# A view NAME holding the files listed in LIST_FILE (repository-relative paths; # starts a comment). Made
# again whenever the list changes: a header taken off the list leaves the view.
function(inferscope_file_view name list_file)
  set(dir ${INFERSCOPE_INCLUDE_VIEWS}/${name})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list_file})
  file(REMOVE_RECURSE ${dir})
  file(MAKE_DIRECTORY ${dir})
  file(STRINGS ${list_file} lines)
  foreach(line ${lines})
    string(STRIP "${line}" path)
    if(path STREQUAL "" OR path MATCHES "^#")
      continue()
    endif()
    if(NOT EXISTS ${PROJECT_SOURCE_DIR}/${path})
      message(FATAL_ERROR "${list_file}: ${path} does not exist")
    endif()
    get_filename_component(parent ${dir}/${path} DIRECTORY)
    file(MAKE_DIRECTORY ${parent})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${path} ${dir}/${path} SYMBOLIC)
  endforeach()
endfunction()

inferscope_folder_view(kernels kernels)
inferscope_folder_view(engine engine kernels)
inferscope_file_view(engine_api ${PROJECT_SOURCE_DIR}/engine/api_headers.txt)
inferscope_folder_view(remote remote)
inferscope_folder_view(fetch fetch)
inferscope_folder_view(ui ui)
inferscope_folder_view(app app)
