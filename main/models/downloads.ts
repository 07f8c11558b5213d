import {randomUUID} from "node:crypto";
import {deadline} from "../net/deadline.js";
import {outboundFetch, UNRECORDED, type Network, type Outbound} from "../net/network.js";
import fs from "node:fs";
import path from "node:path";
import type {DownloadProgress, InstalledModel, PartialDownload} from "../../shared/contract.js";
import {fail, ok, type AppError, type Result} from "../../shared/result.js";
import {errorWith, failSaying} from "../words.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {ModelDownloader} from "node-llama-cpp";
import {causeOf, formatBytes, messageOf} from "../../shared/format.js";
import {abortReason, JobRegistry} from "../jobs.js";
import {DEFAULT_HUB_URL} from "./hub.js";

/** node-llama-cpp's downloader (ipull) writes here until the file is complete, then renames it. */
const TEMP_SUFFIX = ".ipull";
const PROGRESS_INTERVAL_MS = 250;

export type DownloadTimeouts = {
    /** How long the first request may take before the host counts as unreachable. */
    probeMs: number;
    /** How long a transfer may go without a byte before it is stopped (kept to resume later). */
    stallMs: number;
};

export const DEFAULT_TIMEOUTS: DownloadTimeouts = {probeMs: 10_000, stallMs: 30_000};

type Job = {progress: DownloadProgress; controller: AbortController; done: Promise<void>};

export type DownloadDeps = {
    dir: string;
    emit: (progress: DownloadProgress) => void;
    /**
     * Checks the finished file and adds it to the models table (null: a vision projector, kept beside the
     * models without a row of its own); an error leaves nothing registered.
     */
    register: (file: string, uri: string) => Promise<Result<InstalledModel | null>>;
    timeouts?: Partial<DownloadTimeouts>;
    /** Offline mode and the egress log; none: nothing refused or recorded. */
    network?: Network;
    /** Where hf: addresses point and the token sent there; default huggingface.co, no token. */
    hub?: {url: string; token: () => string | null};
};

/** Model downloads through node-llama-cpp's downloader: progress, cancel, resume, checks before registering. */
export class ModelDownloads {
    private readonly jobs = new JobRegistry<Job>();
    private readonly timeouts: DownloadTimeouts;
    /** Set while Cairn closes: unfinished files are kept so the downloads resume next time. */
    private closing = false;

    constructor(private readonly deps: DownloadDeps) {
        this.timeouts = {...DEFAULT_TIMEOUTS, ...deps.timeouts};
    }

    start(uri: string): Result<{downloadId: string}> {
        const source = probeUrlOf(uri, this.hubUrl());
        if (!source.ok) return source;
        if (this.jobs.list().some((j) => j.progress.uri === uri && !isFinal(j.progress))) {
            return failSaying("DENIED", "alreadyDownloading", {uri});
        }
        const id = randomUUID();
        const job: Job = {
            controller: new AbortController(),
            done: Promise.resolve(),
            progress: {
                id,
                uri,
                fileName: null,
                state: "starting",
                downloadedBytes: 0,
                totalBytes: null,
                bytesPerSecond: 0,
                etaSeconds: null,
                error: null,
                modelId: null,
            },
        };
        this.jobs.add(id, job);
        this.deps.emit(job.progress);
        job.done = this.run(job, source.value);
        return ok({downloadId: id});
    }

    cancel(id: string): boolean {
        return this.jobs.cancel(id, new Error("cancelled"), (job) => !isFinal(job.progress));
    }

    /** Resolves when the download has finished, failed or been cancelled. */
    async settled(id: string): Promise<DownloadProgress | null> {
        return (await this.jobs.settled(id))?.progress ?? null;
    }

    list(): DownloadProgress[] {
        return this.jobs.list().map((j) => j.progress);
    }

    /** Unfinished files from interrupted transfers, not being downloaded now. */
    partial(): PartialDownload[] {
        const active = new Set(
            this.list()
                .filter((p) => !isFinal(p))
                .map((p) => p.fileName),
        );
        let names: string[];
        try {
            names = fs.readdirSync(this.deps.dir);
        } catch {
            return [];
        }
        return names
            .filter((name) => name.endsWith(TEMP_SUFFIX))
            .map((name) => ({
                fileName: name.slice(0, -TEMP_SUFFIX.length),
                downloadedBytes: fs.statSync(path.join(this.deps.dir, name)).size,
            }))
            .filter((p) => !active.has(p.fileName));
    }

    discardPartial(fileName: string): boolean {
        const file = path.join(this.deps.dir, path.basename(fileName) + TEMP_SUFFIX);
        if (!fs.existsSync(file)) return false;
        fs.rmSync(file, {force: true});
        return true;
    }

    async cancelAll(): Promise<void> {
        this.closing = true;
        await this.jobs.cancelAll(new Error("Cairn is closing"));
    }

    private async run(job: Job, probeUrl: string): Promise<void> {
        const update = (patch: Partial<DownloadProgress>) => {
            job.progress = {...job.progress, ...patch};
            this.deps.emit(job.progress);
        };
        try {
            const error = await this.transfer(job, probeUrl, update);
            if (!error) return;
            const said =
                typeof error === "string" ? {error} : {error: error.message, errorWords: error.words};
            update({state: job.controller.signal.aborted ? "cancelled" : "failed", ...said});
        } catch (error) {
            update({state: "failed", error: messageOf(error)});
        }
    }

    /** Returns an error (a message, or one with its words), or null when the model is downloaded and registered. */
    private async transfer(
        job: Job,
        probeUrl: string,
        update: (patch: Partial<DownloadProgress>) => void,
    ): Promise<string | AppError | null> {
        const signal = job.controller.signal;
        const outbound = this.deps.network?.for("model download", job.progress.uri) ?? UNRECORDED;
        const refused = outbound.refusal(probeUrl);
        if (refused) return errorWith("NETWORK", refused);
        const token = this.deps.hub?.token() ?? null;
        const probe = await probeDownload(
            outbound,
            probeUrl,
            this.timeouts.probeMs,
            signal,
            this.hubAuth(probeUrl, token),
        );
        if (!probe.ok) return probe.error;
        fs.mkdirSync(this.deps.dir, {recursive: true});
        const space = checkDiskSpace(this.deps.dir, probe.value.totalBytes);
        if (space) return space;
        const {createModelDownloader} = await import("node-llama-cpp");
        const startedAt = Date.now();
        let resumedFrom: number | null = null;
        const downloader = await createModelDownloader({
            modelUri: job.progress.uri,
            dirPath: this.deps.dir,
            skipExisting: false,
            // Kept on failure so that the same download resumes; removed below when the user cancels.
            deleteTempFileOnCancel: false,
            onProgress: throttle((s) => update(rates(s.downloadedSize, s.totalSize, startedAt, resumedFrom))),
            endpoints: {huggingFace: this.hubUrl()},
            ...(token ? {tokens: {huggingFace: token}} : {}),
            ...otherFileName(job.progress.uri),
        });
        resumedFrom = downloader.downloadedSize;
        const fileName = downloader.entrypointFilename;
        const file = path.join(this.deps.dir, fileName);
        update({fileName, totalBytes: downloader.totalSize || probe.value.totalBytes, state: "downloading"});
        const stall = stallWatch(() => downloader.downloadedSize, this.timeouts.stallMs);
        let failure: unknown = null;
        try {
            const stop = AbortSignal.any([signal, stall.signal]);
            // The downloader does not give up a connection that stays open and sends nothing (a dead network)
            // when told to stop: a stall ends the wait here, and stopped() cancels the transfer. A person's
            // Cancel is left to the downloader, which then ends its transfer itself (ending the wait on it too
            // left the transfer's handles open in 1 of 5 cancels).
            await Promise.race([downloader.download({signal: stop}), whenAborted(stall.signal)]);
        } catch (error) {
            failure = error;
        } finally {
            stall.stop();
            // node-llama-cpp's downloader makes the transfer's own requests: recorded as one, with its bytes.
            const bytesReceived = Math.max(0, downloader.downloadedSize - (resumedFrom ?? 0));
            outbound.record({url: probeUrl, bytesSent: 0, bytesReceived, status: failure ? null : 200});
        }
        // An aborted download may resolve without throwing (the downloader closes quietly), so check both.
        if (signal.aborted || stall.signal.aborted || failure) {
            return this.stopped(downloader, file, {stalled: stall.signal.aborted, failure});
        }
        const parts = downloader.filesInfo.map((f) => ({file: f.filePath, bytes: f.totalSize}));
        return this.verify(job, parts, downloader.totalSize, update);
    }

    private hubUrl(): string {
        return this.deps.hub?.url ?? DEFAULT_HUB_URL;
    }

    /** The token goes to the hub only (the hub sends the file itself from elsewhere, by a signed address). */
    private hubAuth(url: string, token: string | null): Record<string, string> {
        return token && new URL(url).host === new URL(this.hubUrl()).host
            ? {Authorization: `Bearer ${token}`}
            : {};
    }

    private async stopped(
        downloader: ModelDownloader,
        file: string,
        why: {stalled: boolean; failure: unknown},
    ): Promise<string | AppError> {
        const cancelled = !why.stalled && !why.failure && !this.closing;
        await downloader.cancel({deleteTempFile: cancelled}).catch(() => undefined);
        if (cancelled) return this.removeFiles(file, "cancelled");
        if (this.closing) return errorWith("CANCELLED", wordsOf("downloadInterrupted"));
        if (why.stalled) {
            const values = {
                seconds: this.timeouts.stallMs / 1000,
                done: formatBytes(downloader.downloadedSize),
                total: formatBytes(downloader.totalSize),
            };
            return errorWith("NETWORK", wordsOf("downloadStalled", values));
        }
        const reason = messageOf(why.failure);
        return `download failed: ${reason}; start it again to resume`;
    }

    /** Each file (a split model's parts, the first one loaded) has the size announced, then is registered. */
    private async verify(
        job: Job,
        parts: {file: string; bytes: number}[],
        totalBytes: number,
        update: (patch: Partial<DownloadProgress>) => void,
    ): Promise<AppError | null> {
        update({state: "verifying", downloadedBytes: totalBytes, etaSeconds: 0});
        const files = parts.map((p) => p.file);
        for (const {file, bytes} of parts) {
            await finalFile(file);
            dropResumeState(file, bytes);
            const size = fs.existsSync(file) ? fs.statSync(file).size : -1;
            if (bytes > 0 && size !== bytes) {
                const values = {file: path.basename(file), size, expected: bytes};
                return this.removeFiles(files, errorWith("NETWORK", wordsOf("downloadSizeMismatch", values)));
            }
        }
        const registered = await this.deps.register(files[0]!, job.progress.uri);
        if (!registered.ok) {
            // The file's own problem (not a GGUF model, incomplete…), which says what to do, is its words.
            const message = `downloaded file is not usable: ${registered.error.message}`;
            return this.removeFiles(files, {...registered.error, message});
        }
        update({state: "done", modelId: registered.value?.id ?? null});
        return null;
    }

    private removeFiles<T extends string | AppError>(files: string | string[], error: T): T {
        for (const file of [files].flat()) {
            fs.rmSync(file, {force: true});
            fs.rmSync(file + TEMP_SUFFIX, {force: true});
        }
        return error;
    }
}

/** Speed over this transfer (bytes already there from an earlier one do not count) and time left from it. */
function rates(done: number, total: number, startedAt: number, resumedFrom: number | null) {
    const seconds = (Date.now() - startedAt) / 1000;
    const speed = seconds > 0 ? Math.max(0, done - (resumedFrom ?? 0)) / seconds : 0;
    return {
        state: "downloading" as const,
        downloadedBytes: done,
        totalBytes: total || null,
        bytesPerSecond: speed,
        etaSeconds: speed > 0 && total > 0 ? Math.max(0, total - done) / speed : null,
    };
}

/**
 * The downloader renames <file>.ipull to <file> when it closes, which can come just after download()
 * resolves (seen on a loaded CI machine): wait for the rename, briefly.
 */
async function finalFile(file: string, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (fs.existsSync(file + TEMP_SUFFIX) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
}

function isFinal(p: DownloadProgress): boolean {
    return p.state === "done" || p.state === "failed" || p.state === "cancelled";
}

/**
 * The address to check before handing a download to node-llama-cpp, whose downloader retries an unreachable
 * host for minutes. hf:<user>/<repo>/<file>[#branch] maps to its file; hf:<user>/<repo>:<quant> to the repo.
 */
export function probeUrlOf(uri: string, hubUrl = DEFAULT_HUB_URL): Result<string> {
    if (/^https?:\/\//i.test(uri)) {
        try {
            return ok(new URL(uri).toString());
        } catch {
            return failSaying("VALIDATION", "notAnAddress", {address: uri});
        }
    }
    const hf = /^hf:([\w.-]+)\/([\w.-]+)(?:\/([^#]+?))?(?::([\w.-]+))?(?:#([\w./-]+))?$/.exec(uri);
    if (!hf) {
        return fail(
            "VALIDATION",
            `unsupported model reference: ${uri}; use an https:// address or hf:<user>/<repo>/<file>`,
        );
    }
    const [, user, repo, file, , branch] = hf;
    const base = `${hubUrl}/${user}/${repo}`;
    return ok(file ? `${base}/resolve/${branch ?? "main"}/${file}` : base);
}

/** One small request with a deadline: reachability, HTTP errors and the file's size, in seconds. */
async function probeDownload(
    outbound: Outbound,
    url: string,
    timeoutMs: number,
    signal: AbortSignal,
    auth: Record<string, string> = {},
): Promise<Result<{totalBytes: number | null}>> {
    const host = new URL(url).host;
    const limit = deadline(signal, timeoutMs);
    try {
        const res = await outboundFetch(outbound, url, {
            headers: {Range: "bytes=0-0", ...auth},
            redirect: "follow",
            signal: limit.signal,
        });
        await res.body?.cancel();
        if (res.status === 404) return failSaying("NOT_FOUND", "downloadNotFound", {url});
        if (res.status === 401 || res.status === 403) {
            const key = auth.Authorization ? "downloadGatedWithToken" : "downloadGated";
            return failSaying("DENIED", key, {status: res.status, host});
        }
        if (!res.ok) return failSaying("NETWORK", "downloadHttp", {host, status: res.status, url});
        return ok({totalBytes: totalBytesOf(res)});
    } catch (error) {
        if (signal.aborted) return failSaying("CANCELLED", "cancelled");
        const name = error instanceof Error ? error.name : "";
        if (name === "TimeoutError" || name === "AbortError") {
            return failSaying("TIMEOUT", "downloadTimedOut", {host, seconds: timeoutMs / 1000});
        }
        const cause = causeOf(error).code ?? messageOf(error);
        return failSaying("NETWORK", "downloadUnreachable", {host, cause});
    } finally {
        limit.clear();
    }
}

function totalBytesOf(res: Response): number | null {
    const range = /\/(\d+)$/.exec(res.headers.get("content-range") ?? "");
    if (range) return Number(range[1]);
    const length = Number(res.headers.get("content-length"));
    return res.status === 200 && length > 0 ? length : null;
}

function checkDiskSpace(dir: string, totalBytes: number | null): AppError | null {
    if (!totalBytes) return null;
    const stats = fs.statfsSync(dir);
    const free = stats.bavail * stats.bsize;
    if (totalBytes <= free) return null;
    return errorWith(
        "VALIDATION",
        wordsOf("noDiskSpace", {needed: formatBytes(totalBytes), free: formatBytes(free), folder: dir}),
    );
}

/** A promise that rejects with the signal's reason once it aborts (and never settles before). */
function whenAborted(signal: AbortSignal): Promise<never> {
    return new Promise((_, reject) => {
        if (signal.aborted) return reject(abortReason(signal));
        signal.addEventListener("abort", () => reject(abortReason(signal)), {once: true});
    });
}

/** Aborts when the byte count has not moved for stallMs. */
function stallWatch(bytes: () => number, stallMs: number) {
    const controller = new AbortController();
    let last = -1;
    let since = Date.now();
    const timer = setInterval(
        () => {
            const now = bytes();
            if (now !== last) {
                last = now;
                since = Date.now();
            } else if (Date.now() - since >= stallMs) controller.abort(new Error("stalled"));
        },
        Math.min(1000, stallMs / 4),
    );
    return {signal: controller.signal, stop: () => clearInterval(timer)};
}

function throttle<T>(fn: (value: T) => void): (value: T) => void {
    let lastAt = 0;
    return (value) => {
        const now = Date.now();
        if (now - lastAt < PROGRESS_INTERVAL_MS) return;
        lastAt = now;
        fn(value);
    };
}

/**
 * The downloader keeps its resume state as JSON after the file's last byte and cuts it off when the file is
 * complete; a process killed at the wrong moment, then resumed, can leave that JSON in place (seen once: 67
 * bytes past a 12 MB model). A file longer than announced whose extra bytes are exactly such a JSON object is
 * cut back to its size; any other difference stays a failure.
 */
export function dropResumeState(file: string, expectedBytes: number): void {
    let fd: number | null = null;
    try {
        const size = fs.statSync(file).size;
        const extra = size - expectedBytes;
        if (expectedBytes <= 0 || extra <= 0 || extra > 1024 * 1024) return;
        fd = fs.openSync(file, "r+");
        const tail = Buffer.alloc(extra);
        fs.readSync(fd, tail, 0, extra, expectedBytes);
        const state: unknown = JSON.parse(tail.toString("utf8"));
        if (typeof state === "object" && state !== null && !Array.isArray(state))
            fs.ftruncateSync(fd, expectedBytes);
    } catch {
        // Not the downloader's state (or no file): the size check says what is wrong.
    } finally {
        if (fd !== null) fs.closeSync(fd);
    }
}

/**
 * A file that is not GGUF (a whisper.cpp speech model, ggml-base.en.bin) keeps its own name: node-llama-cpp
 * names an hf: download after its repository and cuts the name as if it ended in ".gguf".
 */
function otherFileName(uri: string): {fileName?: string} {
    const name =
        uri
            .replace(/[?#].*$/, "")
            .split("/")
            .pop() ?? "";
    const file =
        uri.startsWith("hf:") && uri.split("/").length >= 3 ? name : uri.startsWith("http") ? name : "";
    return file && !/\.gguf$/i.test(file) && /^[\w.-]+$/.test(file) ? {fileName: file} : {};
}
