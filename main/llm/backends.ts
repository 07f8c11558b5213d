import type {Backend, BackendReport, BackendState, EngineBuildStatus} from "../../shared/contract.js";
import {cpuBuildOf, NATIVE_BUILD_COMMAND, nativeBuildAdvice} from "./cpuBuild.js";
import {backendOf, llamaModule, sharedLlama} from "./llama.js";
import {builtOrPrebuilt} from "./engineBuild.js";
import {wordsOf, type CoreWordKey} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {inEnglish} from "../words.js";

const NAMES: Record<Backend, string> = {cpu: "CPU", cuda: "CUDA", vulkan: "Vulkan", metal: "Metal"};
/** Why a GPU backend cannot run here: what it needs. */
const MISSING: Record<Exclude<Backend, "cpu">, CoreWordKey> = {
    cuda: "backendMissingCuda",
    vulkan: "backendMissingVulkan",
    metal: "backendMissingMetal",
};

/** A backend's row: its reason in English (the doctor) and in words (the window says them in its language). */
function row(
    backend: Backend,
    state: BackendState["state"],
    words: Words | null,
    buildCommand: string | null = null,
): BackendState {
    return {
        backend,
        state,
        reason: words && inEnglish(words),
        ...(words ? {reasonWords: words} : {}),
        buildCommand,
    };
}

/**
 * Which llama.cpp backends this computer can use, which one runs and why the others do not, with the command
 * that builds one from source when no prebuilt binary fits, or when a build for this CPU would run faster.
 * Loads no extra binding: node-llama-cpp's own detection (getLlamaGpuTypes) and the binding Cairn already uses.
 */
export async function backendReport(options: {
    forceCpu: boolean;
    /** This process's view of Cairn's engine build (default: what any process sees). */
    engineBuild?: EngineBuildStatus;
}): Promise<BackendReport> {
    const engineBuild = options.engineBuild ?? builtOrPrebuilt();
    const {getLlamaGpuTypes} = await llamaModule();
    const valid = (await getLlamaGpuTypes("allValid")).filter(
        (g): g is Exclude<Backend, "cpu"> => g !== false,
    );
    const supported = new Set(await getLlamaGpuTypes("supported"));
    const shared = await sharedLlama(options.forceCpu ? false : "auto");
    const chosen = backendOf(shared.llama);
    const backends: BackendState[] = valid.map((gpu) => {
        const build = `npx --no node-llama-cpp source build --gpu ${gpu}`;
        if (gpu === chosen) return row(gpu, "in use", null);
        if (!supported.has(gpu)) return row(gpu, "not available", wordsOf(MISSING[gpu]), build);
        const why = options.forceCpu
            ? wordsOf("backendForcedCpu")
            : shared.fallbackReason
              ? wordsOf("backendNotUsed", {reason: shared.fallbackReason})
              : wordsOf("backendPreferred", {backend: NAMES[chosen]});
        return row(gpu, "available", why);
    });
    const advice = chosen === "cpu" ? nativeBuildAdvice(cpuBuildOf(shared.llama)) : null;
    // The command only where it can help: not while the engine builds, once built, or without a compiler.
    const command =
        advice && !["building", "built-here", "no-compiler"].includes(engineBuild.state)
            ? NATIVE_BUILD_COMMAND
            : null;
    backends.push(
        chosen === "cpu"
            ? row("cpu", "in use", advice, command)
            : row("cpu", "available", wordsOf("backendCpuFallback")),
    );
    return {chosen, fallbackReason: shared.fallbackReason, backends, engineBuild};
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
