# Sourced by the GPU pipelines (benchPipeline.sh, speculativePipeline.sh) on the lent machine: the folders the
# packs were unpacked to, node-llama-cpp's build settings, the step log, and node-llama-cpp's CUDA source build.
W=${W:-/tmp/w}; RECIPE=$W/recipe; L=$W/logs; mkdir -p "$L"
C=$W/cairn; NLC=$C/node_modules/node-llama-cpp
export PATH=$W/bin:$PATH NLC_DIR=$NLC CMAKE_JS=$C/node_modules/cmake-js/bin/cmake-js
# the same CMake option at build and run time: node-llama-cpp names the build folder after it
export NODE_LLAMA_CPP_CMAKE_OPTION_CMAKE_CUDA_ARCHITECTURES=${CUDA_ARCH:-90}
export NODE_LLAMA_CPP_SKIP_DOWNLOAD=true
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
step() { echo "$(date +%T) $*" | tee -a "$L/steps.txt"; }
since() { echo $(( $(date +%s) - $1 )); }
cuda_build() {
  local t; t=$(date +%s); step "nlc source build start"
  node "$NLC/dist/cli/cli.js" source build --gpu cuda --noUsageExample > "$L/build.log" 2>&1
  step "nlc source build rc=$? secs=$(since $t)"
}
