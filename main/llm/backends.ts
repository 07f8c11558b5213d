import type {Backend, BackendReport, BackendState} from "../../shared/contract.js";
import {cpuBuildOf, NATIVE_BUILD_COMMAND, nativeBuildAdvice} from "./cpuBuild.js";
import {backendOf, llamaModule, sharedLlama} from "./llama.js";

const NAMES: Record<Backend, string> = {cpu: "CPU", cuda: "CUDA", vulkan: "Vulkan", metal: "Metal"};
const NEEDS: Partial<Record<Backend, string>> = {
    cuda: "an NVIDIA GPU with its driver and the CUDA runtime",
    vulkan: "a GPU with a Vulkan driver and loader",
    metal: "Apple silicon",
};

/**
 * Which llama.cpp backends this computer can use, which one runs and why the others do not, with the command
 * that builds one from source when no prebuilt binary fits, or when a build for this CPU would run faster.
 * Loads no extra binding: node-llama-cpp's own detection (getLlamaGpuTypes) and the binding Cairn already uses.
 */
export async function backendReport(options: {forceCpu: boolean}): Promise<BackendReport> {
    const {getLlamaGpuTypes} = await llamaModule();
    const valid = (await getLlamaGpuTypes("allValid")).filter(
        (g): g is Exclude<Backend, "cpu"> => g !== false,
    );
    const supported = new Set(await getLlamaGpuTypes("supported"));
    const shared = await sharedLlama(options.forceCpu ? false : "auto");
    const chosen = backendOf(shared.llama);
    const backends: BackendState[] = valid.map((gpu) => {
        const build = `npx --no node-llama-cpp source build --gpu ${gpu}`;
        if (gpu === chosen) return {backend: gpu, state: "in use", reason: null, buildCommand: null};
        if (!supported.has(gpu))
            return {
                backend: gpu,
                state: "not available",
                reason: `needs ${NEEDS[gpu] ?? "its driver"}; none was found here, or no prebuilt ${NAMES[gpu]} binary fits this system`,
                buildCommand: build,
            };
        const why = options.forceCpu
            ? "the CPU is forced (Settings → Engine, or --cpu)"
            : (shared.fallbackReason ?? `${NAMES[chosen]} was preferred`);
        return {backend: gpu, state: "available", reason: `not used: ${why}`, buildCommand: null};
    });
    const advice = chosen === "cpu" ? nativeBuildAdvice(cpuBuildOf(shared.llama)) : null;
    backends.push({
        backend: "cpu",
        state: chosen === "cpu" ? "in use" : "available",
        reason: chosen === "cpu" ? advice : "used when no GPU backend works",
        buildCommand: advice ? NATIVE_BUILD_COMMAND : null,
    });
    return {chosen, fallbackReason: shared.fallbackReason, backends};
}

/** One line per backend, for `cairn doctor`. */
export function backendLines(report: BackendReport): string[] {
    return report.backends.map((b) => {
        const head = `${NAMES[b.backend].padEnd(6)} ${b.state}`;
        const reason = b.reason ? `: ${b.reason}` : "";
        const build = b.buildCommand ? `; to build it from source: ${b.buildCommand}` : "";
        return `${head}${reason}${build}`;
    });
}
