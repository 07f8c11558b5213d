// llama.cpp's top-level CMakeLists.txt replaced for a build of llama-server alone on node-llama-cpp's prebuilt
// libraries (see build.ts). Kept as text so that the bundled main process carries it.
export const ON_PREBUILT_CMAKE = `# Replaces llama.cpp's top-level CMakeLists.txt (kept beside it as CMakeLists.upstream.txt) to build llama-server
# alone against node-llama-cpp's prebuilt libraries of the same llama.cpp source: llama, ggml (and its CPU
# variants, loaded at run time from the binary's folder) and llama-common. Only the server, its HTTP library,
# mtmd and the web UI are compiled: about 47 s on 2 cores at -O0 (67 s of CPU), against 310 s for the whole tree.
# NLC_BINS: the folder of the prebuilt libraries (node_modules/@node-llama-cpp/<platform>/bins/<platform>).
cmake_minimum_required(VERSION 3.14)
project("llama.cpp" C CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
# The binary runs from a folder that holds copies of the libraries: it looks for them there, and only there.
set(CMAKE_BUILD_WITH_INSTALL_RPATH ON)
set(CMAKE_INSTALL_RPATH "$ORIGIN")
set(CMAKE_RUNTIME_OUTPUT_DIRECTORY "\${CMAKE_BINARY_DIR}/bin")
find_package(Threads REQUIRED)

# The version the libraries were built at, as upstream's CMakeLists.txt sets it.
file(READ "\${CMAKE_SOURCE_DIR}/CMakeLists.upstream.txt" upstream)
foreach(part MAJOR MINOR PATCH)
    if(NOT upstream MATCHES "set\\\\(LLAMA_VERSION_\${part} ([0-9]+)\\\\)")
        message(FATAL_ERROR "LLAMA_VERSION_\${part} not found in llama.cpp's CMakeLists.txt")
    endif()
    set(LLAMA_VERSION_\${part} \${CMAKE_MATCH_1})
endforeach()
set(LLAMA_VERSION_BASE "\${LLAMA_VERSION_MAJOR}.\${LLAMA_VERSION_MINOR}.\${LLAMA_VERSION_PATCH}")

# What upstream's top level sets for the folders built here (node-llama-cpp builds llama-common with these too).
set(LLAMA_BUILD_COMMON ON)
set(LLAMA_BUILD_SERVER ON)
set(LLAMA_SUBPROCESS ON)
set(LLAMA_OPENSSL OFF)
set(MTMD_VIDEO OFF CACHE BOOL "" FORCE)
include(cmake/common.cmake)
include(cmake/license.cmake)

function(prebuilt target pattern)
    file(GLOB found "\${NLC_BINS}/\${pattern}")
    list(LENGTH found count)
    if(NOT count EQUAL 1)
        message(FATAL_ERROR "expected one \${pattern} in \${NLC_BINS}, found \${count}")
    endif()
    add_library(\${target} SHARED IMPORTED GLOBAL)
    set_target_properties(\${target} PROPERTIES IMPORTED_LOCATION "\${found}")
endfunction()
prebuilt(ggml-base libggml-base.so)
prebuilt(ggml libggml.v*.so)
prebuilt(llama libllama.v*.so)
prebuilt(llama-common libllama-common.so)
set_target_properties(ggml PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "\${CMAKE_SOURCE_DIR}/ggml/include"
    INTERFACE_LINK_LIBRARIES ggml-base)
set_target_properties(llama PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "\${CMAKE_SOURCE_DIR}/include"
    INTERFACE_LINK_LIBRARIES ggml)
set_target_properties(llama-common PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "\${CMAKE_SOURCE_DIR}/common"
    INTERFACE_COMPILE_DEFINITIONS LLAMA_SUBPROCESS
    INTERFACE_LINK_LIBRARIES "llama;vendor::nlohmann;vendor::sheredom;Threads::Threads")

add_subdirectory(vendor)
add_subdirectory(tools/mtmd)
add_subdirectory(tools/ui)
add_subdirectory(tools/server)

# The server's and mtmd's files each parse the same heavy headers (nlohmann/json, ggml): compiled a few at a
# time as one file (CMake's unity build), they take 67 s of CPU against 152 s one by one. mtmd's helpers must
# stay apart (they refuse mtmd's internal headers, which a unity file would bring in).
set_target_properties(mtmd server-context llama-server-impl PROPERTIES UNITY_BUILD ON)
set_source_files_properties(tools/mtmd/mtmd-helper.cpp tools/mtmd/mtmd-helper-gen.cpp
    DIRECTORY tools/mtmd PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
`;
