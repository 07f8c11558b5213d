// A release job's engine (.github/workflows/release.yml): Cairn's engine for one backend, built from
// node-llama-cpp's bundled source with Cairn's patches (main/llm/engineBuild.ts) for any CPU of the platform
// (the "release" flavor: x64's baseline is AVX2, FMA and F16C), pruned to what the app packs
// (its Release folder and the mark of a finished build), then loaded once to check it runs here. electron-builder
// packs it with node-llama-cpp (asarUnpack), where the app finds it as a machine that built it would.
//
//   node --import tsx scripts/releaseEngine.ts --gpu false|cuda|vulkan|metal [--reuse]
//
// --reuse: an engine already built for this source is packed as it is.
import {parseArgs} from "node:util";
import {
    buildEngine,
    engineBuilt,
    engineCmakeOptions,
    engineFolder,
    pruneEngine,
    type EngineGpu,
} from "../main/llm/engineBuild.js";

const GPU_OF: Record<string, EngineGpu> = {false: false, cuda: "cuda", vulkan: "vulkan", metal: "metal"};
const GPUS = Object.keys(GPU_OF);
const {values} = parseArgs({options: {gpu: {type: "string", default: "false"}, reuse: {type: "boolean"}}});
const gpuName = values.gpu ?? "false";
if (!GPUS.includes(gpuName)) {
    console.error(`releaseEngine: --gpu must be one of ${GPUS.join(", ")}`);
    process.exit(2);
}
const gpu = GPU_OF[gpuName] ?? false;

if (!(values.reuse && engineBuilt(gpu, "release"))) {
    const built = await buildEngine((line) => console.error(line), {gpu, flavor: "release"});
    if (!built.ok) {
        console.error(built.log.slice(-4000));
        console.error(`releaseEngine: the build for ${gpu || "the CPU"} failed`);
        process.exit(1);
    }
}
pruneEngine(gpu, "release");
const folder = engineFolder(gpu, "release");

// The CPU's engine is loaded as the app loads it; a GPU's needs its GPU, which a release runner has not.
if (gpu === false) {
    const {getLlama, LlamaLogLevel} = await import("node-llama-cpp");
    const llama = await getLlama({
        gpu: false,
        cmakeOptions: engineCmakeOptions("release"),
        logLevel: LlamaLogLevel.error,
        build: "never",
    });
    if (llama.buildType !== "localBuild") {
        console.error(`releaseEngine: node-llama-cpp loaded its ${llama.buildType} binaries, not the engine`);
        process.exit(1);
    }
    console.error(`releaseEngine: loaded (${llama.systemInfo.trim()})`);
    await llama.dispose();
}
console.log(JSON.stringify({gpu: gpu || "cpu", folder}));
