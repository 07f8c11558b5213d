import type {Worker, WorkerOptions} from "node:worker_threads";
import type {Words} from "../../shared/result.js";
import {ReasonError} from "../words.js";
import {startWorker} from "../workers.js";
import type {ExtractedDocument} from "./formats/document.js";
import type {SearchResult} from "./duckduckgo.js";
import type {Extracted, PageInput} from "./extract.js";

export type Task =
    | {type: "page"; page: PageInput}
    | {type: "duckduckgo"; html: string; max: number}
    | {type: "file"; name: string; body: Uint8Array};
type Value<T extends Task> = T extends {type: "page"}
    ? Extracted
    : T extends {type: "file"}
      ? ExtractedDocument
      : SearchResult[];

/**
 * A failure the tool reports as it is (the model and the user read it); `words`, where the worker's reason has
 * them (shared/coreWords.ts).
 */
export class ExtractionError extends ReasonError {}

export type ExtractorOptions = {
    /** Workers running at once; more tasks wait their turn. */
    maxWorkers: number;
    /** A task running longer is stopped (its worker is terminated). */
    timeoutMs: number;
    /** An idle worker is ended after this long, giving its memory back. */
    idleMs: number;
    /** V8 heap limits for each worker: a page that needs more ends its worker, not Cairn. */
    maxOldGenerationSizeMb: number;
    maxYoungGenerationSizeMb: number;
    stackSizeMb: number;
    /** What a task reads, in its errors: "page" or "file". */
    subject: string;
    /** Told the worker's V8 heap size after each task (the extraction bench reports its peak). */
    onHeap?: (bytes: number) => void;
};

export const EXTRACTOR_DEFAULTS: ExtractorOptions = {
    maxWorkers: 2,
    timeoutMs: 10_000,
    idleMs: 30_000,
    maxOldGenerationSizeMb: 160,
    maxYoungGenerationSizeMb: 16,
    stackSizeMb: 4,
    subject: "page",
};

/** A document file: larger than a page (a 50 MB PDF, a workbook), so a longer deadline and a larger heap. */
export const FILE_EXTRACTOR: Partial<ExtractorOptions> = {
    maxWorkers: 1,
    timeoutMs: 60_000,
    maxOldGenerationSizeMb: 512,
    maxYoungGenerationSizeMb: 32,
    subject: "file",
};

type Idle = {worker: Worker; timer: NodeJS.Timeout};

/**
 * Runs parsing and extraction of untrusted content in worker threads with memory limits and a deadline.
 * A worker that runs out of memory, passes the deadline or is cancelled is terminated; the next task gets
 * a fresh one. The core's event loop only moves bytes in and results out.
 */
export class Extractor {
    private readonly idle: Idle[] = [];
    private readonly live = new Set<Worker>();
    private readonly waiting: Array<() => void> = [];
    private running = 0;
    private nextId = 0;
    private readonly options: ExtractorOptions;

    constructor(options: Partial<ExtractorOptions> = {}) {
        this.options = {...EXTRACTOR_DEFAULTS, ...options};
    }

    async run<T extends Task>(task: T, signal?: AbortSignal): Promise<Value<T>> {
        await this.turn(signal);
        try {
            return (await this.runOn(this.take(), task, signal)) as Value<T>;
        } finally {
            this.running--;
            this.waiting.shift()?.();
        }
    }

    /** Ends every worker (at exit, and in tests). */
    async close(): Promise<void> {
        for (const {timer} of this.idle.splice(0)) clearTimeout(timer);
        await Promise.all([...this.live].map((w) => w.terminate()));
        this.live.clear();
    }

    private async turn(signal?: AbortSignal): Promise<void> {
        while (this.running >= this.options.maxWorkers) {
            await new Promise<void>((resolve, reject) => {
                const wake = () => {
                    signal?.removeEventListener("abort", onAbort);
                    resolve();
                };
                const onAbort = () => {
                    this.waiting.splice(this.waiting.indexOf(wake), 1);
                    reject(cancelled());
                };
                this.waiting.push(wake);
                signal?.addEventListener("abort", onAbort, {once: true});
            });
        }
        if (signal?.aborted) throw cancelled();
        this.running++;
    }

    private take(): Worker {
        const idle = this.idle.pop();
        if (idle) {
            clearTimeout(idle.timer);
            idle.worker.ref();
            return idle.worker;
        }
        const o = this.options;
        const worker = startExtractWorker({
            resourceLimits: {
                maxOldGenerationSizeMb: o.maxOldGenerationSizeMb,
                maxYoungGenerationSizeMb: o.maxYoungGenerationSizeMb,
                stackSizeMb: o.stackSizeMb,
            },
        });
        this.live.add(worker);
        worker.once("exit", () => this.live.delete(worker));
        return worker;
    }

    private release(worker: Worker): void {
        worker.unref();
        const timer = setTimeout(() => {
            const index = this.idle.findIndex((i) => i.worker === worker);
            if (index >= 0) this.idle.splice(index, 1);
            void worker.terminate();
        }, this.options.idleMs);
        timer.unref();
        this.idle.push({worker, timer});
    }

    private runOn(worker: Worker, task: Task, signal?: AbortSignal): Promise<unknown> {
        const id = this.nextId++;
        const {timeoutMs, maxOldGenerationSizeMb, subject} = this.options;
        return new Promise((resolve, reject) => {
            const end = (outcome: () => void, keep: boolean) => {
                clearTimeout(timer);
                signal?.removeEventListener("abort", onAbort);
                worker.off("message", onMessage).off("error", onError).off("exit", onExit);
                if (keep) this.release(worker);
                else void worker.terminate();
                outcome();
            };
            const onMessage = (reply: {
                id: number;
                ok: boolean;
                value?: unknown;
                message?: string;
                words?: Words;
                heapBytes?: number;
            }) => {
                if (reply.id !== id) return;
                if (reply.heapBytes) this.options.onHeap?.(reply.heapBytes);
                end(
                    () =>
                        reply.ok
                            ? resolve(reply.value)
                            : reject(new ExtractionError(reply.words ?? reply.message!)),
                    true,
                );
            };
            const onError = (error: Error & {code?: string}) => {
                const message =
                    error.code === "ERR_WORKER_OUT_OF_MEMORY"
                        ? `extraction stopped: the ${subject} needs more than ${maxOldGenerationSizeMb} MB to read`
                        : `extraction failed: ${error.message}`;
                end(() => reject(new ExtractionError(message)), false);
            };
            const onExit = (code: number) =>
                end(
                    () => reject(new ExtractionError(`extraction failed: the worker exited (${code})`)),
                    false,
                );
            const onAbort = () => end(() => reject(cancelled()), false);
            const timer = setTimeout(
                () =>
                    end(
                        () =>
                            reject(
                                new ExtractionError(
                                    `extraction stopped: the ${subject} took longer than ${timeoutMs / 1000} s to read`,
                                ),
                            ),
                        false,
                    ),
                timeoutMs,
            );
            if (signal?.aborted) return onAbort();
            signal?.addEventListener("abort", onAbort, {once: true});
            worker.on("message", onMessage).on("error", onError).on("exit", onExit);
            worker.postMessage({id, task}, transferables(task));
        });
    }
}

function cancelled(): ExtractionError {
    return new ExtractionError("extraction cancelled");
}

/** A page's bytes are moved to the worker, not copied (a copy is made first if they share a pool). */
function transferables(task: Task): ArrayBuffer[] {
    const holder = task.type === "page" ? task.page : task.type === "file" ? task : null;
    if (!holder) return [];
    const body = holder.body;
    if (
        body.byteOffset !== 0 ||
        body.byteLength !== body.buffer.byteLength ||
        !(body.buffer instanceof ArrayBuffer)
    )
        holder.body = new Uint8Array(body);
    return [holder.body.buffer as ArrayBuffer];
}

/** The worker beside this module: the bundled .js in out/main and out/electron, or the .ts source. */
function startExtractWorker(options: WorkerOptions): Worker {
    return startWorker(import.meta.url, "extractWorker", options);
}

let shared: Extractor | null = null;

/** The process's one extractor, made on first use. */
export function sharedExtractor(): Extractor {
    shared ??= new Extractor();
    return shared;
}

let files: Extractor | null = null;

/** The process's extractor for document files (ingest), made on first use. */
export function fileExtractor(): Extractor {
    files ??= new Extractor(FILE_EXTRACTOR);
    return files;
}
