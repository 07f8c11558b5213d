import os from "node:os";
import type {Llama} from "node-llama-cpp";
import type {CallStrategy} from "../stepTypes.js";
import type {EngineSettings, EngineStatus, FlashAttention} from "../../../shared/contract.js";

/**
 * Default llama.cpp thread count: leave one core to the app. Measured on the 2-core CI machine with
 * stories260K: 1 thread ≈ 800 tokens/s, 2 threads ≈ 60 tokens/s (`npm run bench` re-measures).
 */
export function defaultThreads(cores = os.availableParallelism()): number {
    return Math.max(1, Math.min(cores - 1, 8));
}

/** What the engine knows of itself, for system_stats and the status line. */
export type EngineFacts = {
    backend: string | null;
    gpuDevices: string[];
    vram: {totalBytes: number; usedBytes: number} | null;
    model: string | null;
    contextSize: number | null;
    contextUsed: number | null;
    lastTokensPerSecond: number | null;
};

export type EngineOptions = {
    /** Overrides of the saved engine settings for this run (CLI flags). */
    threads?: number;
    contextSize?: number;
    gpu?: "auto" | false;
    flashAttention?: FlashAttention;
    /** The saved engine settings, read at each load so that a change applies to the next load. */
    settings?: () => EngineSettings;
    /** The draft model chosen for a model (speculative decoding), read at each load; null: none. */
    draftModel?: (modelPath: string) => string | null;
    /** How a model is asked for tool calls (its tool-use test's best, or Settings'), read at each step. */
    callStrategy?: (modelPath: string) => CallStrategy;
    onStatus?: (status: EngineStatus) => void;
    /** node-llama-cpp's prebuilt binaries even where Cairn's engine is built (what a fresh install runs first). */
    prebuilt?: boolean;
    /** The binding each model was loaded on (a background build of Cairn's engine starts from it). */
    onLoaded?: (llama: Llama) => void;
    /** Where the shared prompt prefix (system prompt and tools) is kept across restarts; none: not kept. */
    promptCacheDir?: string;
    /** Problems that do not fail a step (a saved prefix that could not be read), for the log. */
    onWarning?: (message: string) => void;
};
