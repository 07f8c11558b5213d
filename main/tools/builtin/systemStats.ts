import fs from "node:fs/promises";
import os from "node:os";
import type {EngineFacts} from "../../llm/engine/engine.js";
import {defineTool} from "../defineTool.js";
import {abortReason} from "../../jobs.js";

export type SystemStats = {
    cpu: {model: string; cores: number; loadAverage: number[]; usagePercent: number};
    memory: {usedBytes: number; totalBytes: number};
    disk: {freeBytes: number; totalBytes: number; path: string} | null;
    engine: EngineFacts;
};

const SAMPLE_MS = 200;

/** system_stats reads the engine through a function so the tool stays a plain module. */
export function createSystemStats(engineFacts: () => Promise<EngineFacts>) {
    return defineTool({
        name: "system_stats",
        description:
            "Report this computer's CPU, memory, disk and GPU, and the loaded model's context use and speed.",
        sideEffect: "none",
        timeoutMs: 5_000,
        params: {type: "object", properties: {}, additionalProperties: false},
        async run(_args, ctx) {
            const stats = await collect(ctx.dataDir, engineFacts, ctx.signal);
            const text = describe(stats);
            return {
                text,
                data: stats,
                sources: [{kind: "tool", title: "System stats", snippet: text.split("\n")[0]}],
            };
        },
    });
}

async function collect(
    dataDir: string,
    engineFacts: () => Promise<EngineFacts>,
    signal: AbortSignal,
): Promise<SystemStats> {
    const before = os.cpus();
    await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, SAMPLE_MS);
        signal.addEventListener(
            "abort",
            () => {
                clearTimeout(timer);
                reject(abortReason(signal));
            },
            {once: true},
        );
    });
    const after = os.cpus();
    const [disk, engine] = await Promise.all([diskOf(dataDir), engineFacts()]);
    return {
        cpu: {
            model: before[0]?.model.trim() ?? "unknown",
            cores: before.length,
            loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
            usagePercent: usage(before, after),
        },
        memory: {usedBytes: os.totalmem() - os.freemem(), totalBytes: os.totalmem()},
        disk,
        engine,
    };
}

function usage(before: os.CpuInfo[], after: os.CpuInfo[]): number {
    let busy = 0;
    let total = 0;
    after.forEach((cpu, i) => {
        const prev = before[i]!.times;
        const t = cpu.times;
        const idle = t.idle - prev.idle;
        const all =
            t.user - prev.user + (t.nice - prev.nice) + (t.sys - prev.sys) + (t.irq - prev.irq) + idle;
        busy += all - idle;
        total += all;
    });
    return total > 0 ? Math.round((busy / total) * 1000) / 10 : 0;
}

async function diskOf(dir: string) {
    try {
        const s = await fs.statfs(dir);
        return {freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize, path: dir};
    } catch {
        return null;
    }
}

const gib = (n: number) => `${(n / 2 ** 30).toFixed(1)} GiB`;

export function describe(s: SystemStats): string {
    const e = s.engine;
    const lines = [
        `CPU: ${s.cpu.model}, ${s.cpu.cores} cores, ${s.cpu.usagePercent}% busy, load ${s.cpu.loadAverage.join(" ")}`,
        `Memory: ${gib(s.memory.usedBytes)} used of ${gib(s.memory.totalBytes)}`,
        s.disk
            ? `Disk (data folder): ${gib(s.disk.freeBytes)} free of ${gib(s.disk.totalBytes)}`
            : "Disk: unknown",
        `Backend: ${e.backend ?? "none"}${e.gpuDevices.length ? ` (${e.gpuDevices.join(", ")})` : ""}`,
        e.vram ? `VRAM: ${gib(e.vram.usedBytes)} used of ${gib(e.vram.totalBytes)}` : "VRAM: none",
        `Model: ${e.model ?? "none loaded"}`,
        `Context: ${e.contextUsed ?? 0} of ${e.contextSize ?? 0} tokens used`,
        `Last speed: ${e.lastTokensPerSecond === null ? "n/a" : `${e.lastTokensPerSecond.toFixed(1)} tokens/s`}`,
    ];
    return lines.join("\n");
}
