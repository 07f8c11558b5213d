import path from "node:path";
import {reason, resolveDataDir} from "../paths.js";
import type {CliArgs} from "./args.js";
import {backendLines, backendReport} from "../llm/backends.js";
import {buildNative, cpuBuildLine, cpuBuildOf} from "../llm/cpuBuild.js";
import {buildLlamaServer, builtLlamaServer} from "../llm/llamaServer/build.js";
import {BUILD_VISION_COMMAND} from "../llm/localVision.js";
import {sharedLlama} from "../llm/llama.js";

/**
 * `cairn doctor`: the llama.cpp backends this computer can use and the one in use, the CPU build, and local
 * vision's server; --build-native and --build-vision build them. `fail` says a failure in one line.
 */
export async function doctor(args: CliArgs, failLine: (message: string) => number): Promise<number> {
    if (args.buildNative) {
        // Built before any binding is loaded: node-llama-cpp picks the new build at its next load.
        const built = await buildNative((line) => process.stderr.write(`${line}\n`));
        if (!built.ok) {
            const last = built.log.trim().split("\n").filter(Boolean).at(-1) ?? "no output";
            return failLine(`the build for this CPU failed, so the prebuilt binaries stay in use: ${last}`);
        }
        process.stdout.write("Built llama.cpp for this CPU: Cairn uses it from its next start.\n");
    }
    const report = await backendReport({forceCpu: args.cpu});
    for (const line of backendLines(report)) process.stdout.write(`${line}\n`);
    if (report.fallbackReason) process.stdout.write(`${report.fallbackReason}\n`);
    const cpu = await sharedLlama(false);
    process.stdout.write(`${cpuBuildLine(cpuBuildOf(cpu.llama))}\n`);
    const engines = path.join(resolveDataDir(args.data), "engines");
    if (args.buildVision) {
        try {
            await buildLlamaServer("app", {
                home: engines,
                progress: (line) => process.stderr.write(`${line}\n`),
            });
        } catch (error) {
            return failLine(`the build of llama-server for local vision failed: ${reason(error)}`);
        }
    }
    process.stdout.write(`${visionLine(engines)}\n`);
    return 0;
}

/** Where local vision's server comes from, or the command that builds it. */
export function visionLine(enginesDir: string): string {
    const given = process.env.CAIRN_LLAMA_SERVER;
    if (given) return `Local vision: llama-server ${given} (CAIRN_LLAMA_SERVER)`;
    const built = builtLlamaServer(enginesDir, "app");
    return built
        ? `Local vision: llama-server built here (${built})`
        : `Local vision: llama-server not built; a model with its projector sees images once it is: ${BUILD_VISION_COMMAND}`;
}
