import {buildLlamaServer, type LlamaServerBuild} from "../../main/llm/llamaServer/build.js";
import {startLlamaServer as start, type RunningServer} from "../../main/llm/llamaServer/process.js";
import {CACHE} from "./templateModel.js";

export type {LlamaServerBuild};

/**
 * llama.cpp's own `llama-server` (CPU), built once from the llama.cpp source node-llama-cpp ships and cached
 * under the OS temp folder (main/llm/llamaServer/build.ts; progress and the time are printed). "test" by default:
 * -O0 on node-llama-cpp's prebuilt libraries, 47 s on 2 cores.
 */
export function llamaServerBinary(build: LlamaServerBuild = "test"): Promise<string> {
    return buildLlamaServer(build, {home: CACHE, progress: (line) => process.stderr.write(`# ${line}\n`)});
}

export type LlamaServer = Pick<RunningServer, "url" | "stop">;

/**
 * Starts llama-server on a free 127.0.0.1 port with the model's own chat template (--jinja), a 4,096-token
 * context and one thread, and returns once it serves (Cairn's own managed start: main/llm/llamaServer/process.ts).
 */
export function startLlamaServer(binary: string, model: string, extra: string[] = []): Promise<LlamaServer> {
    return start(binary, ["-m", model, "--jinja", "-c", "4096", "-t", "1", ...extra], {timeoutMs: 60_000});
}
