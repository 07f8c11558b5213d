import {createHash, randomUUID} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type {DocumentInfo, IngestProgress} from "../../shared/contract.js";
import {fail, ok, type Result, type Words} from "../../shared/result.js";
import {failSaying, failWith} from "../words.js";
import {JobRegistry} from "../jobs.js";
import type {Embedder} from "../llm/embedder.js";
import {chunkDocument, DEFAULT_CHUNKING, documentText} from "./chunker.js";
import {extractFile, ExtractError, kindOf, readForIngest, refusedFile} from "./extract.js";
import type {DocumentStore, Scope} from "./store.js";
import {messageOf} from "../../shared/format.js";

const EMBED_BATCH = 16;
const SKIPPED_DIRS = new Set(["node_modules", ".git", ".hg", ".svn", "__pycache__", ".venv"]);

export type IngestDeps = {
    store: DocumentStore;
    embedder: Embedder;
    emit: (progress: IngestProgress) => void;
    chunking?: {maxTokens: number; overlapTokens: number};
};

type Job = {progress: IngestProgress; controller: AbortController; done: Promise<void>};

/**
 * Ingest jobs, one at a time, off the request path: each file is read, extracted, chunked, embedded and
 * written in its own transaction, with progress events between files. Cancel drops what was not indexed;
 * after a restart, documents still pending are indexed by a resumed job.
 */
export class IngestQueue {
    private readonly jobs = new JobRegistry<Job>();
    private chain: Promise<void> = Promise.resolve();

    constructor(private readonly deps: IngestDeps) {}

    /** Queues files and folders (recursively) into a collection or a conversation. */
    start(paths: string[], scope: Scope): Result<{jobId: string}> {
        const jobId = randomUUID();
        const errors: FileError[] = [];
        const files = expand(paths, errors);
        if (files.length === 0 && errors.length === 0) return failSaying("VALIDATION", "noSupportedFiles");
        const docs = files.map((file) =>
            this.deps.store.queue(file, path.basename(file), kindOf(file)!, scope, jobId),
        );
        return ok({jobId: this.run(jobId, docs, errors)});
    }

    /**
     * Indexes what is left pending: by a previous run (the app was closed or killed mid-job), or by a job that
     * could not embed (no embedding model chosen yet). A job running now keeps its own documents.
     */
    resumePending(): string[] {
        return [...this.deps.store.pendingJobs()]
            .filter(([jobId]) => this.jobs.get(jobId)?.progress.state !== "running")
            .map(([jobId, docs]) => this.run(jobId, docs, []));
    }

    cancel(jobId: string): boolean {
        return this.jobs.cancel(jobId, new Error("cancelled"), (job) => job.progress.state === "running");
    }

    async settled(jobId: string): Promise<IngestProgress | null> {
        return (await this.jobs.settled(jobId))?.progress ?? null;
    }

    list(): IngestProgress[] {
        return this.jobs.list().map((j) => j.progress);
    }

    async cancelAll(): Promise<void> {
        // Closing is not cancelling: pending documents stay pending and resume next time.
        await this.jobs.cancelAll(new Error("closing"));
    }

    private run(jobId: string, docs: DocumentInfo[], errors: FileError[]): string {
        const job: Job = {
            controller: new AbortController(),
            done: Promise.resolve(),
            progress: {
                jobId,
                state: "running",
                filesTotal: docs.length + errors.length,
                filesDone: errors.length,
                chunks: 0,
                currentFile: null,
                errors,
                message: null,
            },
        };
        this.jobs.add(jobId, job);
        this.deps.emit(job.progress);
        // A job that throws ends failed with its reason; the chain goes on to the next job.
        job.done = this.chain = this.chain
            .then(() => this.work(job, docs))
            .catch((error) => this.failed(job, error));
        return jobId;
    }

    private failed(job: Job, error: unknown): void {
        const reason = messageOf(error);
        job.progress = {
            ...job.progress,
            state: "failed",
            currentFile: null,
            message: `indexing stopped: ${reason}`,
        };
        console.error(`[cairn] ingest job ${job.progress.jobId} failed:`, error);
        // Its documents stay pending, so the next start tries them again.
        this.deps.emit(job.progress);
    }

    private async work(job: Job, docs: DocumentInfo[]): Promise<void> {
        const update = (patch: Partial<IngestProgress>) => {
            job.progress = {...job.progress, ...patch};
            this.deps.emit(job.progress);
        };
        const counter = await this.deps.embedder.tokenCounter();
        if (!counter.ok) {
            // Nothing is wrong with the files: they stay pending, and are indexed once an embedding model is
            // chosen (or on Retry, resumePending).
            return update({
                state: "failed",
                message: counter.error.message,
                messageWords: counter.error.words,
                currentFile: null,
            });
        }
        const signal = job.controller.signal;
        const meta = this.deps.store.vectors.meta();
        if (meta && meta.model !== counter.value.model) {
            const reembedded = await this.reembedAll(counter.value, signal, update);
            if (!reembedded.ok) return update({state: "failed", message: reembedded.error.message});
        }
        for (const doc of docs) {
            if (signal.aborted) break;
            update({currentFile: doc.path});
            const result = await this.indexOne(doc, counter.value, signal);
            if (signal.aborted && !result.ok) break;
            if (!result.ok) {
                this.deps.store.fail(doc.id, result.error.message, result.error.words);
                job.progress.errors = [...job.progress.errors, fileError(doc.path, result.error)];
            }
            update({
                filesDone: job.progress.filesDone + 1,
                chunks: job.progress.chunks + (result.ok ? result.value : 0),
            });
        }
        if (signal.aborted && (signal.reason as Error)?.message === "cancelled") {
            this.deps.store.dropPending(job.progress.jobId);
            return update({state: "cancelled", currentFile: null});
        }
        update({state: signal.aborted ? "cancelled" : "done", currentFile: null});
    }

    /**
     * A new embedding model: every chunk is embedded again into a new vector table (its dimension may
     * differ), document by document; the full-text side keeps answering meanwhile.
     */
    private async reembedAll(
        counter: {model: string; dimension: number},
        signal: AbortSignal,
        update: (patch: Partial<IngestProgress>) => void,
    ): Promise<Result<void>> {
        const docs = this.deps.store.documentsToReembed();
        this.deps.store.vectors.ensureTable({model: counter.model, dimension: counter.dimension});
        for (const [i, doc] of docs.entries()) {
            if (signal.aborted) return fail("CANCELLED", "cancelled");
            update({currentFile: `re-embedding ${doc.path} (${i + 1} of ${docs.length})`});
            const chunks = this.deps.store.chunkTexts(doc.id);
            const vectors = await this.deps.embedder.embed(
                chunks.map((c) => c.text),
                signal,
            );
            if (!vectors.ok) return vectors;
            this.deps.store.replaceVectors(
                doc.id,
                chunks.map((c, j) => ({id: c.id, vector: vectors.value[j]!})),
                counter,
            );
        }
        return ok(undefined);
    }

    /** Embeds everything again with the current embedding model, as a job with progress. */
    reembed(): Result<{jobId: string}> {
        return ok({jobId: this.run(randomUUID(), [], [])});
    }

    /** Indexes one document; returns its chunk count (0 when unchanged). */
    private async indexOne(
        doc: DocumentInfo,
        counter: {count: (text: string) => number; model: string; dimension: number},
        signal: AbortSignal,
    ): Promise<Result<number>> {
        try {
            const {bytes, mtimeMs} = await readForIngest(doc.path);
            const hash = createHash("sha256").update(bytes).digest("hex");
            const stored = this.deps.store.document(doc.id);
            const sameModel = this.deps.store.vectors.meta()?.model === counter.model;
            // The bytes move to the extraction worker (the Buffer is emptied): their size is taken first.
            const size = bytes.length;
            this.deps.store.setFileStat(doc.id, size, mtimeMs);
            if (stored?.hash === hash && stored.chunkCount > 0 && sameModel) {
                this.deps.store.markUnchanged(doc.id);
                return ok(0);
            }
            const extracted = await extractFile(doc.path, bytes, signal);
            const chunks = chunkDocument(extracted.sections, {
                ...DEFAULT_CHUNKING,
                ...this.deps.chunking,
                count: counter.count,
            });
            const vectors: Float32Array[] = [];
            for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
                const batch = await this.deps.embedder.embed(
                    chunks.slice(i, i + EMBED_BATCH).map((c) => c.text),
                    signal,
                );
                if (!batch.ok) return batch;
                vectors.push(...batch.value);
            }
            const text = documentText(extracted.sections);
            this.deps.store.index(doc.id, {title: extracted.title, hash, size, text}, chunks, vectors, {
                dimension: counter.dimension,
                model: counter.model,
            });
            return ok(chunks.length);
        } catch (error) {
            if (error instanceof ExtractError)
                return error.words ? failWith("VALIDATION", error.words) : fail("VALIDATION", error.message);
            return fail("INTERNAL", messageOf(error));
        }
    }
}

/** Files under the given paths; folders recursively (hidden and dependency folders skipped). */
function expand(paths: string[], errors: FileError[]): string[] {
    const files: string[] = [];
    const walk = (dir: string) => {
        for (const entry of fs
            .readdirSync(dir, {withFileTypes: true})
            .sort((a, b) => a.name.localeCompare(b.name))) {
            if (entry.name.startsWith(".") || SKIPPED_DIRS.has(entry.name)) continue;
            const full = path.join(dir, entry.name);
            if (entry.isDirectory()) walk(full);
            else if (entry.isFile() && kindOf(full)) files.push(full);
        }
    };
    for (const given of paths) {
        const full = path.resolve(given);
        try {
            const stat = fs.statSync(full);
            if (stat.isDirectory()) walk(full);
            else if (kindOf(full)) files.push(full);
            else
                errors.push(
                    fileError(full, refusedFile("fileUnsupported", {ext: path.extname(full) || "(none)"})),
                );
        } catch {
            errors.push(fileError(full, refusedFile("fileMissing")));
        }
    }
    return [...new Set(files)];
}

/** A file a job could not add: its path, its reason, and the reason's words where it has them. */
type FileError = IngestProgress["errors"][number];

function fileError(file: string, {message, words}: {message: string; words?: Words}): FileError {
    return words ? {path: file, error: message, words} : {path: file, error: message};
}
