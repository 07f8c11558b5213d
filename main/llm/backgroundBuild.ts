import type {Llama} from "node-llama-cpp";
import type {EngineBuildStatus} from "../../shared/contract.js";
import {BuildPause} from "./cpuBuild.js";
import {wordsOf} from "../../shared/coreWords.js";
import {
    buildEngine,
    buildFailure,
    builtOrPrebuilt,
    missingTools,
    shareBuildStatus,
    type EngineBuilder,
} from "./engineBuild.js";

export type BackgroundBuildOptions = {
    /** Whether this process may build: one that keeps running (the app, `cairn serve`), not a one-off command. */
    longRunning: boolean;
    /** The setting (Settings → Engine): on unless turned off. */
    enabled: () => boolean;
    onChange: (status: EngineBuildStatus) => void;
    build?: EngineBuilder;
    /** The tools a build needs that this computer lacks (default: CMake and a C++ compiler on PATH). */
    missing?: () => string[];
};

/** How to get what a build needs, on this system. */
function howToGetTools(): string {
    if (process.platform === "darwin") return "xcode-select --install; brew install cmake";
    if (process.platform === "win32") return "Visual Studio Build Tools, with C++ and CMake";
    return "sudo apt install cmake g++ (Debian, Ubuntu), sudo dnf install cmake gcc-c++ (Fedora)";
}

/**
 * Builds Cairn's engine in the background the first time a model runs on node-llama-cpp's prebuilt CPU
 * binaries in a process that keeps running: prebuilt → building → built-here, used from the next model load
 * (sharedLlama). Never builds twice at once; a build that failed is not tried again until the next start.
 * CAIRN_ENGINE_BUILD=off (the tests) keeps it from starting.
 */
export class BackgroundBuild {
    private current: EngineBuildStatus = builtOrPrebuilt();
    private running: Promise<void> | null = null;
    private readonly abort = new AbortController();
    private readonly pause = new BuildPause();

    constructor(private readonly options: BackgroundBuildOptions) {}

    /** Turned off in Settings, it says so, unless a build is under way or done. */
    status(): EngineBuildStatus {
        const state = this.current.state;
        if (state !== "building" && state !== "built-here" && !this.options.enabled())
            return {state: "off", percent: null, words: null};
        return this.current;
    }

    /** Called with the binding a model was loaded on: starts the build where it is the prebuilt CPU code. */
    consider(llama: Pick<Llama, "gpu" | "buildType">): void {
        if (this.running || llama.gpu !== false || llama.buildType === "localBuild") return;
        if (this.current.state === "failed" || this.current.state === "no-compiler") return;
        const seen = builtOrPrebuilt();
        // Built, or being built by another Cairn process (node-llama-cpp's lock would make a second one wait).
        if (seen.state !== "prebuilt") return this.set(seen);
        if (!this.allowed()) return;
        const missing = (this.options.missing ?? missingTools)();
        if (missing.length > 0)
            return this.set({
                state: "no-compiler",
                percent: null,
                words: wordsOf("engineBuildNoTools", {missing: missing.join(", "), how: howToGetTools()}),
            });
        this.running = this.run().finally(() => {
            this.running = null;
        });
    }

    /** While an answer is being written the build is paused (BuildPause says why), and continued after. */
    hold(held: boolean): void {
        this.pause.set(held);
    }

    /** Stops a build under way (the process is closing); it starts again at a later start. */
    async stop(): Promise<void> {
        this.abort.abort();
        await this.running;
    }

    private allowed(): boolean {
        return this.options.longRunning && process.env.CAIRN_ENGINE_BUILD !== "off" && this.options.enabled();
    }

    private async run(): Promise<void> {
        this.set({state: "building", percent: 0, words: null}, true);
        const build = this.options.build ?? buildEngine;
        try {
            const built = await build(
                (_line, step) => this.set({state: "building", percent: step.percent, words: null}, true),
                {signal: this.abort.signal, lowPriority: true, pause: this.pause},
            );
            if (this.abort.signal.aborted) return shareBuildStatus(builtOrPrebuilt());
            this.set(
                built.ok ? {state: "built-here", percent: null, words: null} : buildFailure(built.log),
                true,
            );
        } catch (error) {
            this.set(buildFailure(String(error)), true);
        }
    }

    /** `own`: the status of this process's build, told to other processes while it runs. */
    private set(status: EngineBuildStatus, own = false): void {
        if (own) shareBuildStatus(status);
        this.current = status;
        this.options.onChange(status);
    }
}
