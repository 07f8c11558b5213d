#!/bin/bash
# Runs on the lent GPU machine, detached by ../shared/gpu/start.sh (PIPELINE=benchPipeline.sh), from the
# packs bench/gpu/prepare.sh wrote: node-llama-cpp's CUDA source build, llama-server and llama-bench from the
# same build tree (the same compiled ggml-cuda), the 8B-layout model, then bench/llamaServer.ts on CUDA.
# Each step logs to $W/logs; the last line of steps.txt is DONE. Steps run on when an earlier one fails.
set -u
source "$(dirname "$0")/pipelineCommon.sh"
M=$W/model.gguf

step "pipeline start; nproc=$(nproc)"
( t=$(date +%s); PYTHONUNBUFFERED=1 python3 "$RECIPE/make_model.py" --llama-cpp "$NLC/llama/llama.cpp" \
    --shape "${SHAPE:-8b}" "$M" > "$L/model.log" 2>&1; echo "rc=$? secs=$(since $t)" >> "$L/model.log" ) &
MODEL_PID=$!

cuda_build
CACHE=$(ls -d "$NLC"/llama/localBuilds/*/CMakeCache.txt 2>/dev/null | head -1)
B=${CACHE%/CMakeCache.txt}; SERVER=; BENCH=
if [ -n "$B" ]; then
  # llama-server checks its answer's text after every token against the chat format's parser and ends the
  # answer at text that is not UTF-8, which random weights make (on the 8B layout within the first tokens):
  # it is built here to keep such text as plain content. Its decoding is unchanged (and its per-token check
  # still runs), so its speed is as its users get it.
  python3 - "$NLC/llama/llama.cpp/common/chat.cpp" <<'PY'
import sys
p = sys.argv[1]; s = open(p).read()
old = 'throw std::runtime_error(std::string("The model produced output that does not match the expected ") + common_chat_format_name(params.format) + " format");'
assert old in s, "chat.cpp changed: the lenient patch no longer applies"
open(p, "w").write(s.replace(old, '{ common_chat_msg kept; kept.role = "assistant"; kept.content = input; return kept; }'))
PY
  step "lenient answer check rc=$?"
  t=$(date +%s); step "tools build start"
  ( cd "$B" && cmake -DLLAMA_BUILD_COMMON=ON -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON -DLLAMA_BUILD_APP=OFF \
      -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF . \
      && cmake --build . --config Release -j "$(nproc)" --target llama-server llama-bench ) > "$L/tools.log" 2>&1
  step "tools build rc=$? secs=$(since $t)"
  SERVER=$(find "$B" -name llama-server -type f -perm -u+x | head -1)
  BENCH=$(find "$B" -name llama-bench -type f -perm -u+x | head -1)
  export LD_LIBRARY_PATH=$B/Release:$B/bin:$LD_LIBRARY_PATH
  step "llama-server: ${SERVER:-none}; llama-bench: ${BENCH:-none}"
fi
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.memory,clocks.max.sm --format=csv > "$L/gpu.csv" 2>&1
wait $MODEL_PID; step "model: $(tail -1 "$L/model.log")"

if [ -n "$SERVER" ]; then
  # llama-server with this build tree's own libraries (bin/): Release/ holds node-llama-cpp's copies, built
  # before the answer check above was made lenient
  printf '#!/bin/sh\nLD_LIBRARY_PATH=%s:$LD_LIBRARY_PATH exec %s "$@"\n' "$B/bin" "$SERVER" > "$W/llama-server.sh"
  chmod +x "$W/llama-server.sh"; SERVER=$W/llama-server.sh
  cp "$W/recipe/llamaServerBench.mjs" "$C/llamaServerBench.mjs"
  cd "$C"
  t=$(date +%s)
  CAIRN_LLAMA_SERVER=$SERVER CAIRN_BENCH_GPU_MODEL=$M timeout 300 node llamaServerBench.mjs \
      > "$L/gpu_bench.txt" 2> "$L/gpu_bench.err"
  step "bench rc=$? secs=$(since $t)"
fi
# llama.cpp's own loop, after the bench (its figure is a reference, the bench is the comparison)
if [ -n "$BENCH" ]; then
  t=$(date +%s); timeout 90 "$BENCH" -m "$M" -ngl 99 -p 512 -n 128 -r 3 -o md > "$L/llama_bench.md" 2> "$L/llama_bench.err"
  step "llama-bench rc=$? secs=$(since $t)"
fi
step "DONE"
