import {randomBytes} from "node:crypto";
import path from "node:path";
import {fail, ok, type Result} from "../../shared/result.js";
import type {Engine} from "./engine/engine.js";
import {builtLlamaServer} from "./llamaServer/build.js";
import {startLlamaServer, type RunningServer} from "./llamaServer/process.js";
import {findProjector} from "./projector.js";
import {RemoteEngine} from "./providers.js";
import {remoteStep} from "./remote.js";
import type {StepRequest, StepResult} from "./stepTypes.js";
import {localCannotSee} from "./vision.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {Words} from "../../shared/result.js";
import {messageOf} from "../../shared/format.js";

/** The command that builds the server local vision runs on (main/cli's doctor). */
export const BUILD_VISION_COMMAND = "cairn doctor --build-vision";

/** How long an unused vision server stays up before its memory is given back. */
const IDLE_MS = 10 * 60_000;

export type LocalVisionOptions = {
    /** Where Cairn keeps what it builds (<data>/engines). */
    enginesDir: string;
    engine: Engine;
    /** The installed models' files, paired with their projectors at start and when they change. */
    installed: () => string[];
    /** A llama-server given for this run (CAIRN_LLAMA_SERVER), over the one built under enginesDir. */
    binary?: string;
    idleMs?: number;
    /** Called when a refresh paired or unpaired a model (the models list shows which see). */
    onChange?: () => void;
};

/** A server Cairn started, with the key its requests carry. */
type VisionServer = RunningServer & {key: string};
type Started = {key: string; ready: Promise<VisionServer>; idle: NodeJS.Timeout | null};

/**
 * Local vision: node-llama-cpp 3 reads text only, so a question with images to a local model that has a
 * projector is answered by llama.cpp's own server, which Cairn starts with the model and its projector
 * (`--mmproj`) on a random loopback port with a random key, stops after 10 idle minutes and kills with itself.
 * Answers stream, call tools and leave traces as a provider's do (it speaks OpenAI's chat completions).
 */
export class LocalVision {
    /** Each model file's projector (null: none), as last paired. */
    private readonly projectors = new Map<string, string | null>();
    /** Files being paired now: a second refresh leaves them to the first. */
    private readonly pairing = new Map<string, Promise<void>>();
    private server: Started | null = null;

    constructor(private readonly options: LocalVisionOptions) {}

    /** Pairs every installed model (and `also`) with its projector; the answers are kept for send's checks. */
    async refresh(also: (string | null)[] = []): Promise<void> {
        const before = JSON.stringify(this.pairs());
        const files = new Set([...this.options.installed(), ...also].filter((f): f is string => !!f));
        await Promise.all([...files].map((f) => this.pair(path.resolve(f))));
        if (JSON.stringify(this.pairs()) !== before) this.options.onChange?.();
    }

    /** Pairs one file; a second call while it is being paired waits for the first. */
    private pair(file: string): Promise<void> {
        const known = this.pairing.get(file);
        if (known) return known;
        const pairing = findProjector(file)
            .then((projector) => void this.projectors.set(file, projector))
            .finally(() => this.pairing.delete(file));
        this.pairing.set(file, pairing);
        return pairing;
    }

    /** The projector paired with a model file, or null; undefined while not yet paired. */
    projectorOf(modelPath: string): string | null | undefined {
        return this.projectors.get(path.resolve(modelPath));
    }

    /** Each model file paired with a projector, and that projector. */
    pairs(): {file: string; projector: string}[] {
        return [...this.projectors]
            .filter((pair): pair is [string, string] => pair[1] !== null)
            .map(([file, projector]) => ({file, projector}));
    }

    /** The installed models that can see (a projector paired), by file name. */
    seeingModels(): string[] {
        return this.pairs().map(({file}) => path.basename(file));
    }

    /** The llama-server that runs local vision: this run's, else the one built here; null if none is. */
    binary(): string | null {
        return this.options.binary ?? builtLlamaServer(this.options.enginesDir, "app");
    }

    /**
     * The engine that lets a local model see images, or why it cannot in words that say what to do: it has
     * no projector beside it (the models that have one are named), or the server is not built yet.
     */
    engineFor(modelPath: string | null): LocalVisionEngine | Words {
        const name = modelPath ? path.basename(modelPath) : "The local model";
        const projector = modelPath ? this.projectorOf(modelPath) : null;
        if (!modelPath || !projector) return localCannotSee(name, this.seeingModels());
        const binary = this.binary();
        if (!binary)
            return wordsOf("visionNotBuilt", {
                model: name,
                projector: path.basename(projector),
                command: BUILD_VISION_COMMAND,
            });
        return new LocalVisionEngine(this, this.options.engine, {binary, modelPath, projector});
    }

    /** The running server for this model and projector, started (or restarted) if need be. */
    async serverFor(
        {binary, modelPath, projector}: VisionFiles,
        signal: AbortSignal,
    ): Promise<Result<VisionServer>> {
        const status = this.options.engine.status();
        const threads = status.threads;
        const context = status.contextSize ?? 8192;
        const key = JSON.stringify([binary, modelPath, projector, threads, context]);
        if (this.server?.key !== key) {
            await this.stop();
            const apiKey = randomBytes(24).toString("hex");
            const args = [
                ...["-m", modelPath, "--mmproj", projector, "--jinja", "--no-webui", "-np", "1"],
                ...["-c", String(context), "-t", String(threads), "--api-key", apiKey],
            ];
            const ready = startLlamaServer(binary, args, {timeoutMs: 300_000}).then((running) => ({
                ...running,
                key: apiKey,
            }));
            this.server = {key, ready, idle: null};
            void ready.then(
                (running) => void running.exited.then(() => this.forget(key)),
                () => this.forget(key),
            );
        }
        const started = this.server;
        try {
            const running = await started.ready;
            this.keepAlive(started);
            return ok(running);
        } catch (error) {
            if (signal.aborted) return fail("UNAVAILABLE", "stopped while the vision server started");
            return fail(
                "UNAVAILABLE",
                `the local vision server (llama.cpp's llama-server) could not start ${path.basename(modelPath)} with ${path.basename(projector)}: ${messageOf(error).trim()}`,
            );
        }
    }

    private keepAlive(started: Started): void {
        if (started.idle) clearTimeout(started.idle);
        started.idle = setTimeout(() => void this.stop(), this.options.idleMs ?? IDLE_MS);
        started.idle.unref();
    }

    private forget(key: string): void {
        if (this.server?.key === key) this.server = null;
    }

    /** Ends the server, if one runs. */
    async stop(): Promise<void> {
        const started = this.server;
        this.server = null;
        if (!started) return;
        if (started.idle) clearTimeout(started.idle);
        const running = await started.ready.catch(() => null);
        await running?.stop();
    }
}

type VisionFiles = {binary: string; modelPath: string; projector: string};

/** A local model with a projector, answering through its server: a provider on this computer. */
export class LocalVisionEngine extends RemoteEngine {
    constructor(
        private readonly vision: LocalVision,
        private readonly local: Engine,
        private readonly files: VisionFiles,
    ) {
        super({name: "local vision", type: "openai-compatible", baseUrl: "http://127.0.0.1"}, undefined);
    }

    override label(): string {
        return path.basename(this.files.modelPath).replace(/\.gguf$/i, "");
    }

    override imageRefusal(): Words | null {
        return null;
    }

    override async step(req: StepRequest): Promise<Result<StepResult>> {
        const running = await this.vision.serverFor(this.files, req.signal);
        if (!running.ok) return running;
        const {url, key} = running.value;
        return remoteStep({baseUrl: url, apiKey: key, model: this.label(), format: "chat"}, req);
    }

    /** Tool results are cut as for the same model in Cairn's own engine (the same context size). */
    override resultBudget(request?: Parameters<Engine["resultBudget"]>[0]): number | null {
        return request ? this.local.resultBudget(request) : null;
    }

    override fitText(text: string, budget?: number): string {
        return budget === undefined ? text : this.local.fitText(text, budget);
    }
}
