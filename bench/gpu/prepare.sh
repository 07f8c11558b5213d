#!/bin/bash
# Packs what a lent GPU machine (CUDA toolkit, no network, no Node) needs to run `bench/llamaServer.ts` on
# CUDA: llama-server, raw node-llama-cpp and Cairn's engine side by side, every layer on the GPU, on a
# random-weight GGUF in Llama 3.1 8B's exact Q4_K_M layout. Builds on the recipe in ../shared/gpu (Node,
# the runtime node_modules, the model writer), adding llama.cpp's server sources and the bench, bundled.
#   here:            node scripts/build.mjs && bash bench/gpu/prepare.sh        (writes .gpu/, ignored by git)
#   on the GPU:      PIPELINE=benchPipeline.sh bash .gpu/start.sh 540           (logs and JSON to $OUT)
#                    PIPELINE=speculativePipeline.sh bash .gpu/start.sh 540     (bench/speculative.ts on CUDA)
#                    bash .gpu/rebench.sh                                        (the bench again, machine still warm)
set -euo pipefail
ROOT=$(git rev-parse --show-toplevel); RECIPE=${CAIRN_GPU_RECIPE:-$ROOT/../shared/gpu}; DEST=$ROOT/.gpu
cd "$ROOT"; mkdir -p "$DEST"
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
NLC=node_modules/node-llama-cpp
# Node (the GPU machine has none) and node-llama-cpp with what it needs at run time and to build
[ -f "$DEST/node.xz" ] || xz -9e -T0 -c "$(command -v node)" > "$DEST/node.xz"
# better-sqlite3 and sqlite-vec: the bench's Cairn imports the store (their native builds suit the GPU machine's
# Linux x64 and this Node)
node "$RECIPE/closure.mjs" "$ROOT" node-llama-cpp,cmake-js,better-sqlite3,sqlite-vec @node-llama-cpp/,prebuild-install > "$T/pkgs.txt"
mkdir -p "$T/stage/cairn"
( tar -cf - --exclude='*.map' --exclude='*.d.ts' --exclude="$NLC/llama/gitRelease.bundle" --exclude="$NLC/llama/llama.cpp" \
    --exclude="$NLC/llama/localBuilds" --exclude=node_modules/better-sqlite3/deps --exclude=node_modules/better-sqlite3/src \
    -T "$T/pkgs.txt" package.json ) | tar -xf - -C "$T/stage/cairn"
( cd "$T/stage" && tar -cf - cairn | xz -6 -T0 > "$DEST/cairn.tar.xz" )
cp "$RECIPE"/{start.sh,wait.sh,npm-shim.sh,make_model.py} "$DEST"/
EXCLUDE=$(git rev-parse --git-path info/exclude)
grep -qx '/.gpu/' "$EXCLUDE" 2>/dev/null || echo '/.gpu/' >> "$EXCLUDE"
# llama.cpp as node-llama-cpp builds it (its patches applied), with tools/server and what it links (ui, cli)
git clone -q "$NLC/llama/gitRelease.bundle" "$T/llama.cpp"
for p in "$NLC"/llama/patches/*.diff; do git -C "$T/llama.cpp" apply "$ROOT/$p"; done
( cd "$T/llama.cpp" && tar -cf - \
    $(for b in cann et hip metal musa virtgpu sycl vulkan webgpu zdnn opencl hexagon zendnn openvino; do echo --exclude=ggml/src/ggml-$b; done) \
    --exclude=tools/ui/tests --exclude=tools/ui/src \
    CMakeLists.txt CMakePresets.json LICENSE cmake ggml src include common tools vendor gguf-py licenses \
    scripts/ui-assets.cmake models/ggml-vocab-llama-bpe.gguf models/templates/meta-llama-Llama-3.1-8B-Instruct.jinja \
    ) | xz -6 -T0 > "$DEST/llama-src.tar.xz"
# the bench as one file (it imports only the native packages from node_modules) and the pipeline that runs it
npx esbuild bench/llamaServer.ts --bundle --platform=node --target=node20 --format=esm \
    --external:node-llama-cpp --external:better-sqlite3 --external:sqlite-vec \
    --log-level=warning --outfile="$DEST/llamaServerBench.mjs"
# the speculative decoding bench: Cairn's engine bundled, only node-llama-cpp from node_modules
npx esbuild bench/speculative.ts --bundle --platform=node --target=node20 --format=esm --external:node-llama-cpp \
    --log-level=warning --outfile="$DEST/speculativeBench.mjs"
cp bench/gpu/pipelineCommon.sh bench/gpu/benchPipeline.sh bench/gpu/speculativePipeline.sh bench/gpu/rebench.sh "$DEST/"
du -sh "$DEST"
