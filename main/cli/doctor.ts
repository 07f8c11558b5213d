import path from "node:path";
import {reason, resolveDataDir} from "../paths.js";
import type {CliArgs} from "./args.js";
import {backendLines, backendReport} from "../llm/backends.js";
import {cpuBuildLine, cpuBuildOf} from "../llm/cpuBuild.js";
import {buildEngine, builtOrPrebuilt, engineBuildLine, lastLine} from "../llm/engineBuild.js";
import {buildLlamaServer, builtLlamaServer} from "../llm/llamaServer/build.js";
import {BUILD_VISION_COMMAND} from "../llm/localVision.js";
import {sharedLlama} from "../llm/llama.js";

/**
 * `cairn doctor`: the llama.cpp backends this computer can use and the one in use, the CPU build, Cairn's
 * engine (prebuilt, building, built-here) and local vision's server; --build-native and --build-vision build
 * them; --json says it all as one object. `fail` says a failure in one line.
 */
export async function doctor(args: CliArgs, failLine: (message: string) => number): Promise<number> {
    if (args.buildNative) {
        // Built before any binding is loaded: this process, and Cairn at its next model load, use the engine.
        const built = await buildEngine((line) => process.stderr.write(`${line}\n`));
        if (!built.ok)
            return failLine(
                `the build for this CPU failed, so the prebuilt binaries stay in use: ${lastLine(built.log)}`,
            );
        process.stdout.write("Built Cairn's engine for this CPU: Cairn uses it from its next model load.\n");
    }
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
    const report = await backendReport({forceCpu: args.cpu});
    const cpuBuild = cpuBuildOf((await sharedLlama(false)).llama);
    if (args.json) {
        const json = {
            engineBuild: report.engineBuild.state,
            engineBuildPercent: report.engineBuild.percent,
            cpuBuild,
            backends: report,
            vision: visionLine(engines),
        };
        process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
        return 0;
    }
    for (const line of backendLines(report)) process.stdout.write(`${line}\n`);
    if (report.fallbackReason) process.stdout.write(`${report.fallbackReason}\n`);
    process.stdout.write(`${cpuBuildLine(cpuBuild)}\n`);
    process.stdout.write(`${engineBuildLine(builtOrPrebuilt())}\n`);
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
