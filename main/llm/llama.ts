import type {
    GgufFileInfo,
    Llama,
    LlamaLogLevel as LlamaLogLevelValue,
    LlamaModel,
    LlamaModelOptions,
} from "node-llama-cpp";
import type {Backend, FlashAttention} from "../../shared/contract.js";
import {messageOf} from "../../shared/format.js";
import {engineCmakeOptions, engineInUse, type EngineFlavor} from "./engineBuild.js";

// Importing node-llama-cpp takes about 0.5 s of CPU as a package, 0.17 s built in (scripts/build.mjs); it is loaded
// with the first model, not at start-up.
export const llamaModule = () => import("node-llama-cpp");

/**
 * loadModel's options with `fileInfo`, the header Cairn read already, which the load then does not read again
 * (patch 006, patches/README.md). Declared here too: `.ci/run` type-checks beside the install that applies it.
 */
export type ModelLoadOptions = LlamaModelOptions & {fileInfo?: GgufFileInfo};

/** Loads a model, with its header when `options.fileInfo` has it. */
export function loadModel(llama: Llama, options: ModelLoadOptions): Promise<LlamaModel> {
    return llama.loadModel(options);
}

/** llama.cpp's own last error line, which says far more than the exception it causes. */
export const nativeLog: {lastError: string | null} = {lastError: null};

export type SharedLlama = {llama: Llama; fallbackReason: string | null};

const llamas = new Map<string, Promise<SharedLlama>>();

/**
 * One llama.cpp binding per process, GPU choice and engine: it is process-wide native state, and disposing it
 * was seen to hang at random after a failed model load (node-llama-cpp 3.21.1), so it lives until exit. Once
 * Cairn's engine is built (engineBuild.ts), the next call makes a binding of it: the next model load uses it,
 * while what was loaded on the prebuilt binding keeps running there. `engine` null: the prebuilt binaries
 * even where the engine is built (the bench's fresh-install path).
 */
export function sharedLlama(
    gpu: "auto" | false,
    engine: EngineFlavor | null = engineInUse(),
): Promise<SharedLlama> {
    const key = `${gpu}:${engine ?? "prebuilt"}`;
    let entry = llamas.get(key);
    if (!entry) {
        entry = createLlama(gpu, engine);
        llamas.set(key, entry);
        entry.catch(() => llamas.delete(key));
    }
    return entry;
}

/** The binding made last (whichever GPU choice), else the default one: for work that needs any binding. */
export function anyLlama(): Promise<SharedLlama> {
    return [...llamas.values()].at(-1) ?? sharedLlama("auto");
}

/** `engine`: Cairn's engine of that flavor where it is built for the backend chosen, else the prebuilt binaries. */
async function createLlama(gpu: "auto" | false, engine: EngineFlavor | null): Promise<SharedLlama> {
    const {getLlama, LlamaLogLevel} = await llamaModule();
    const options = {
        ...(engine ? {cmakeOptions: engineCmakeOptions(engine)} : {}),
        logLevel: LlamaLogLevel.error,
        logger: (level: LlamaLogLevelValue, message: string) => {
            if (level !== LlamaLogLevel.error && level !== LlamaLogLevel.fatal) return;
            const line = message.trim().replace(/^[a-z_]+: /, "");
            if (line && !/failed to load model$/.test(line)) nativeLog.lastError = line;
        },
    };
    try {
        return {llama: await getLlama({...options, gpu}), fallbackReason: null};
    } catch (error) {
        if (gpu === false) throw error;
        // A broken GPU driver or runtime must not stop the app: run on the CPU and say why.
        const reason = `GPU unavailable, running on the CPU: ${messageOf(error)}`;
        return {llama: await getLlama({...options, gpu: false}), fallbackReason: reason};
    }
}

export function backendOf(llama: Llama): Backend {
    return llama.gpu === false ? "cpu" : llama.gpu;
}

/**
 * The flash attention setting as node-llama-cpp takes it (a model's default for its contexts). "auto" is
 * llama.cpp's own choice, as in llama-server; "off" is for where it costs: on the CPU with the 8-wide heads of
 * the tests' tiny models, prompts took 2.7 times as long with it (0.77 s against 2.06 s for 1,200 tokens).
 */
export function flashAttentionOf(settings: {flashAttention: FlashAttention}): "auto" | boolean {
    return settings.flashAttention === "auto" ? "auto" : settings.flashAttention === "on";
}
