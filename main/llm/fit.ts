import fs from "node:fs";
import os from "node:os";
import type {GgufFileInfo, Llama} from "node-llama-cpp";
import type {FitEstimate, FitVerdict} from "../../shared/contract.js";
import {formatBytes} from "../../shared/format.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";

/** Contexts larger than this are not chosen automatically: prompt evaluation and memory grow with it. */
export const DEFAULT_CONTEXT_CAP = 8192;

export type MachineMemory = {freeRamBytes: number; freeVramBytes: number; gpu: boolean};

export type FitRequest = {
    /** null: chosen from the model and this computer. */
    contextSize: number | null;
    gpuLayers: number | null;
    forceCpu: boolean;
    embedding?: boolean;
};

/** Free memory as the OS sees it: MemAvailable on Linux (free + reclaimable cache), else os.freemem(). */
export function availableRam(): number {
    try {
        const line = /^MemAvailable:\s+(\d+) kB/m.exec(fs.readFileSync("/proc/meminfo", "utf8"));
        if (line) return Number(line[1]) * 1024;
    } catch {
        // not Linux
    }
    return os.freemem();
}

export async function machineMemory(llama: Llama | null): Promise<MachineMemory> {
    const gpu = llama !== null && llama.gpu !== false;
    const vram = gpu ? await llama.getVramState() : null;
    return {freeRamBytes: availableRam(), freeVramBytes: vram?.free ?? 0, gpu};
}

/** Room left beside a model read into memory, as a share of what it needs: other programs, the page cache. */
const READ_IN_HEADROOM = 0.25;

/**
 * Whether to read the weights into memory rather than map the file. Mapped weights are read through the page
 * cache, which measured 20-25% slower generation on the CPU here (issue 40: Llama 3.2 1B's layout, llama-server
 * and node-llama-cpp alike); read-in memory cannot be dropped under pressure, so it is used only when the model
 * runs (at least partly) on the CPU and fits with room to spare. Weights all on the GPU stay mapped.
 */
export function readIntoMemory(fit: Pick<FitEstimate, "verdict" | "ramBytes" | "freeRamBytes">): boolean {
    return fit.verdict === "ram" && fit.ramBytes * (1 + READ_IN_HEADROOM) <= fit.freeRamBytes;
}

/** The fit of a model, from node-llama-cpp's GGUF insights, for the context size that would be used. */
export async function estimateFit(info: GgufFileInfo, llama: Llama, req: FitRequest): Promise<FitEstimate> {
    const {GgufInsights} = await import("node-llama-cpp");
    const insights = await GgufInsights.from(info, llama);
    const memory = await machineMemory(llama);
    const train = insights.trainContextSize ?? DEFAULT_CONTEXT_CAP;
    const targetContextSize = Math.min(req.contextSize ?? DEFAULT_CONTEXT_CAP, train);
    const useGpu = memory.gpu && !req.forceCpu;
    const resolved = await insights.configurationResolver.resolveAndScoreConfig({
        targetContextSize,
        targetGpuLayers: useGpu ? (req.gpuLayers ?? undefined) : 0,
        embeddingContext: req.embedding ?? false,
    });
    const v = resolved.resolvedValues;
    return describeFit({
        basis: "gguf",
        contextSize: v.contextSize,
        gpuLayers: useGpu ? v.gpuLayers : 0,
        totalLayers: insights.totalLayers,
        ramBytes: v.totalRamUsage,
        vramBytes: useGpu ? v.totalVramUsage : 0,
        memory,
    });
}

/**
 * Without the file's header (offline, before a download), the weights' size plus a margin for the context
 * stands in for the insights; the estimate says which basis it used.
 */
export function sizeBasedFit(sizeBytes: number, memory: MachineMemory, contextSize = 4096): FitEstimate {
    const contextBytes = contextSize * 128 * 1024; // ~128 KiB of KV cache per token for 7-8B models at f16
    const need = Math.round(sizeBytes * 1.05 + contextBytes + 256 * 1024 ** 2);
    const onGpu = memory.gpu && need <= memory.freeVramBytes;
    return describeFit({
        basis: "size",
        contextSize,
        gpuLayers: onGpu ? 1 : 0,
        totalLayers: onGpu ? 1 : null,
        ramBytes: onGpu ? 0 : need,
        vramBytes: onGpu ? need : 0,
        memory,
    });
}

type FitNumbers = {
    basis: FitEstimate["basis"];
    contextSize: number;
    gpuLayers: number;
    totalLayers: number | null;
    ramBytes: number;
    vramBytes: number;
    memory: MachineMemory;
};

export function describeFit(n: FitNumbers): FitEstimate {
    const verdict = verdictOf(n);
    const need = `needs ${formatBytes(n.ramBytes)} RAM${n.vramBytes > 0 ? ` + ${formatBytes(n.vramBytes)} VRAM` : ""}`;
    const free = `${formatBytes(n.memory.freeRamBytes)} RAM${n.memory.gpu ? ` and ${formatBytes(n.memory.freeVramBytes)} VRAM` : ""} free`;
    const where: Record<FitVerdict, string> = {
        vram: "fits in VRAM",
        ram:
            n.gpuLayers > 0
                ? `fits in RAM + VRAM (${n.gpuLayers}/${n.totalLayers} layers on the GPU)`
                : "fits in RAM (CPU)",
        "too-large": "too large for this computer",
    };
    return {
        verdict,
        basis: n.basis,
        contextSize: n.contextSize,
        gpuLayers: n.gpuLayers,
        totalLayers: n.totalLayers,
        ramBytes: n.ramBytes,
        vramBytes: n.vramBytes,
        freeRamBytes: n.memory.freeRamBytes,
        freeVramBytes: n.memory.freeVramBytes,
        summary: `${where[verdict]}: ${need} at ${n.contextSize} tokens of context; ${free}`,
    };
}

/** Why a model that is too large cannot load here, in words: what it needs beside what is free, what to do. */
export function tooLargeWords(model: string, fit: FitEstimate): Words {
    const values = {
        model,
        ram: formatBytes(fit.ramBytes),
        vram: formatBytes(fit.vramBytes),
        context: fit.contextSize,
        freeRam: formatBytes(fit.freeRamBytes),
        freeVram: formatBytes(fit.freeVramBytes),
    };
    return wordsOf(fit.vramBytes > 0 || fit.freeVramBytes > 0 ? "modelTooLargeGpu" : "modelTooLarge", values);
}

function verdictOf(n: FitNumbers): FitVerdict {
    const vramOk = n.vramBytes <= n.memory.freeVramBytes;
    const ramOk = n.ramBytes <= n.memory.freeRamBytes;
    if (!vramOk || !ramOk) return "too-large";
    const allOnGpu = n.totalLayers !== null && n.gpuLayers >= n.totalLayers && n.gpuLayers > 0;
    return allOnGpu ? "vram" : "ram";
}
