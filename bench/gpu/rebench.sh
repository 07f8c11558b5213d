#!/bin/bash
# On a warm GPU machine whose benchPipeline.sh has already built everything (/tmp/w): runs the bench again with
# the bundle carried now (bench/gpu/prepare.sh's llamaServerBench.mjs), without the five-minute CUDA build.
#   bash .gpu/rebench.sh [SECONDS=400]        (its report and log land in $OUT)
HERE=$(cd "$(dirname "$0")" && pwd); W=/tmp/w
[ -f $W/recipe/pipelineCommon.sh ] || { echo "no pipeline ran on this machine: run start.sh first"; exit 3; }
source $W/recipe/pipelineCommon.sh
CACHE=$(ls -d "$NLC"/llama/localBuilds/*/CMakeCache.txt | head -1); B=${CACHE%/CMakeCache.txt}
export LD_LIBRARY_PATH=$B/Release:$B/bin:$LD_LIBRARY_PATH
cp "$HERE/llamaServerBench.mjs" "$C/llamaServerBench.mjs"; cd "$C"
t=$(date +%s)
CAIRN_LLAMA_SERVER=$W/llama-server.sh CAIRN_BENCH_GPU_MODEL=$W/model.gguf timeout "${1:-400}" node llamaServerBench.mjs \
    > "$L/gpu_bench.txt" 2> "$L/gpu_bench.err"
step "bench again rc=$? secs=$(since $t)"
[ -n "${OUT:-}" ] && cp "$L"/gpu_bench.* "$L/steps.txt" "$OUT"/
tail -40 "$L/gpu_bench.txt"; tail -5 "$L/gpu_bench.err"
