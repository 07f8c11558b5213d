// Hugging Face: repositories with GGUF files found by words, and a repository's files grouped by
// quantization with each one's fit on this computer and a recommended pick. The requests are made by the
// hub's own client (@huggingface/hub), through the models' way out (Offline mode, the egress log).
import type {ListFileEntry} from "@huggingface/hub";
import type {FitEstimate, HubFile, HubProjector, HubRepo, HubRepoFiles} from "../../shared/contract.js";
import {ok, type Result} from "../../shared/result.js";
import {causeOf, formatBytes, messageOf} from "../../shared/format.js";
import {fieldOf} from "../../shared/json.js";
import {sizeBasedFit, type MachineMemory} from "../llm/fit.js";
import {OfflineError, outboundFetch, type Outbound} from "../net/network.js";
import {failSaying, failWith} from "../words.js";

export const DEFAULT_HUB_URL = "https://huggingface.co";

export type HubDeps = {
    /** The hub's address, no trailing slash: huggingface.co, a mirror (HF_ENDPOINT), a test's server. */
    url: string;
    /** The way out for one request, named by what it is for (shown in the egress log). */
    outbound: (detail: string) => Outbound;
    /** The user's token (stored, or HF_TOKEN); null: none. */
    token: () => string | null;
    memory: () => Promise<MachineMemory>;
};

/** What a search or a repository's listing asks for at most (a repository's tree is paged by the hub). */
const SEARCH_LIMIT = 20;

/** Searches the hub and reads repositories' files; every failure comes back in words. */
export class Hub {
    constructor(private readonly deps: HubDeps) {}

    async search(query: string, limit = SEARCH_LIMIT): Promise<Result<HubRepo[]>> {
        return this.guarded(`search "${query}"`, `"${query}"`, async (request) => {
            // Loaded when first used (about 50 ms): most runs never search the hub.
            const {listModels} = await import("@huggingface/hub");
            const repos: HubRepo[] = [];
            const listed = listModels({
                search: {query, tags: ["gguf"]},
                sort: "downloads",
                limit,
                additionalFields: ["tags"],
                ...request,
            });
            for await (const m of listed) {
                repos.push({
                    repo: m.name,
                    downloads: m.downloads ?? 0,
                    likes: m.likes ?? 0,
                    updatedAt: m.updatedAt.getTime() || 0,
                    gated: Boolean(m.gated),
                    vision: isVision(m.task, m.tags),
                });
            }
            return repos;
        });
    }

    async files(repo: string): Promise<Result<HubRepoFiles>> {
        return this.guarded(`files of ${repo}`, repo, async (request) => {
            const {listFiles, modelInfo} = await import("@huggingface/hub");
            const info = await modelInfo({name: repo, additionalFields: ["cardData", "tags"], ...request});
            const entries: ListFileEntry[] = [];
            for await (const entry of listFiles({repo, recursive: true, ...request})) entries.push(entry);
            const memory = await this.deps.memory();
            const vision = isVision(info.task, info.tags);
            const grouped = groupFiles(repo, entries, memory);
            const notes = [...pickNotes(grouped.files), ...gateNotes(repo, info.gated, this.deps)];
            if (grouped.files.length === 0)
                notes.unshift(`${repo} has no GGUF files; Cairn runs GGUF models`);
            return {
                repo,
                gated: Boolean(info.gated),
                license: licenseOf(info.cardData?.license),
                vision: vision || grouped.projectors.length > 0,
                files: grouped.files,
                projectors: grouped.projectors,
                notes,
            };
        });
    }

    /**
     * Runs hub requests with the token and the way out, and puts any failure into words. `what` names the
     * request in the egress log; `subject` is what the words name (a repository, or a search's quoted text).
     */
    private async guarded<T>(
        what: string,
        subject: string,
        work: (request: {hubUrl: string; fetch: typeof fetch; accessToken?: string}) => Promise<T>,
    ): Promise<Result<T>> {
        const outbound = this.deps.outbound(what);
        const token = this.deps.token();
        let lastAnswer: Response | null = null;
        const request = {
            hubUrl: this.deps.url,
            fetch: (async (url: string | URL | Request, init?: RequestInit) => {
                lastAnswer = await outboundFetch(outbound, url instanceof Request ? url.url : url, init);
                return lastAnswer;
            }) as typeof fetch,
            ...(token ? {accessToken: token} : {}),
        };
        try {
            return ok(await work(request));
        } catch (error) {
            return hubFailure(error, lastAnswer, this.deps.url, subject);
        }
    }
}

/** An error of the hub's client, fetch or the answer's JSON, as a code and words people can act on. */
function hubFailure(error: unknown, answer: Response | null, hubUrl: string, subject: string): Result<never> {
    if (error instanceof OfflineError) return failWith("NETWORK", error.words);
    const host = new URL(hubUrl).host;
    // The hub client's errors carry the answer's HTTP status.
    const statusCode = fieldOf(error, "statusCode");
    const status = typeof statusCode === "number" ? statusCode : undefined;
    if (status === 429) {
        const seconds = retryAfterSeconds(answer);
        return seconds === null
            ? failSaying("NETWORK", "hubLimited", {host})
            : failSaying("NETWORK", "hubLimitedWait", {host, seconds});
    }
    if (status === 404) return failSaying("NOT_FOUND", "hubNoRepository", {host, subject});
    if (status === 401 || status === 403) return failSaying("DENIED", "hubRefused", {host, subject, status});
    if (status !== undefined) return failSaying("NETWORK", "hubHttp", {host, subject, status});
    if (error instanceof SyntaxError) return failSaying("NETWORK", "hubCutOff", {host, subject});
    const cause = causeOf(error).code ?? messageOf(error);
    return failSaying("NETWORK", "hubUnreachable", {host, cause});
}

/**
 * Seconds until the hub takes requests again: the RateLimit header's t= (the IETF draft the hub follows:
 * `"api";r=0;t=55`), else Retry-After.
 */
export function retryAfterSeconds(answer: Response | null): number | null {
    const limit = /(?:^|;)\s*t=(\d+)/.exec(answer?.headers.get("ratelimit") ?? "");
    if (limit) return Number(limit[1]);
    const after = Number(answer?.headers.get("retry-after"));
    return Number.isFinite(after) && after > 0 ? after : null;
}

const VISION_TAGS = new Set(["image-text-to-text", "vision", "multimodal", "llava"]);

function isVision(task: string | undefined, tags: string[] | undefined): boolean {
    return VISION_TAGS.has(task ?? "") || (tags ?? []).some((t) => VISION_TAGS.has(t));
}

function licenseOf(license: unknown): string | null {
    if (typeof license === "string") return license;
    if (Array.isArray(license)) return license.filter((l) => typeof l === "string").join(", ") || null;
    return null;
}

const SPLIT = /-(\d{5})-of-(\d{5})\.gguf$/i;
const QUANT =
    /(?:^|[-_.])(I?Q\d_K_[SMLX]{1,2}|I?Q\d_K|IQ\d_(?:XXS|XS|S|M|NL)|Q\d_\d|TQ\d_\d|MXFP4(?:_MOE)?|BF16|F16|FP16|F32)(?=$|[-_.])/i;

/** The quantization a GGUF file's name (or folder) says, upper case; "unknown" when it says none. */
export function quantizationOf(file: string): string {
    const name = file.replace(SPLIT, "").replace(/\.gguf$/i, "");
    const found = QUANT.exec(name)?.[1]?.toUpperCase();
    return found === "FP16" ? "F16" : (found ?? "unknown");
}

/** About how many bits a weight takes in each quantization: which file has more quality. */
const BITS: Record<string, number> = {
    IQ1_S: 1.6,
    IQ1_M: 1.8,
    IQ2_XXS: 2.1,
    IQ2_XS: 2.3,
    IQ2_S: 2.5,
    IQ2_M: 2.7,
    Q2_K: 2.6,
    Q2_K_S: 2.6,
    IQ3_XXS: 3.1,
    IQ3_XS: 3.3,
    IQ3_S: 3.4,
    IQ3_M: 3.7,
    Q3_K_S: 3.4,
    Q3_K_M: 3.9,
    Q3_K_L: 4.3,
    IQ4_XS: 4.3,
    IQ4_NL: 4.5,
    Q4_0: 4.5,
    Q4_1: 5,
    Q4_K_S: 4.6,
    Q4_K_M: 4.8,
    MXFP4: 4.3,
    MXFP4_MOE: 4.3,
    Q5_0: 5.5,
    Q5_1: 6,
    Q5_K_S: 5.5,
    Q5_K_M: 5.7,
    Q6_K: 6.6,
    Q8_0: 8.5,
    BF16: 16,
    F16: 16,
    F32: 32,
};

function bitsOf(quantization: string): number {
    return BITS[quantization] ?? (Number(/\d+/.exec(quantization)?.[0]) || 99);
}

/** Contexts a user picks from; the longest that fits beside the weights is shown. */
const CONTEXTS = [4096, 8192, 16384, 32768, 65536, 131072];

/** A repository's GGUF files: split parts joined, projectors apart, each with its fit; one recommended. */
export function groupFiles(
    repo: string,
    entries: Pick<ListFileEntry, "path" | "size" | "type" | "lfs">[],
    memory: MachineMemory,
): {files: HubFile[]; projectors: HubProjector[]} {
    const ggufs = entries.filter((e) => e.type === "file" && /\.gguf$/i.test(e.path));
    const sizeOf = (e: (typeof ggufs)[number]) => e.lfs?.size ?? e.size;
    const uri = (path: string) => `hf:${repo}/${path}`;
    const projectors = ggufs
        .filter((e) => /(^|\/)mmproj/i.test(e.path))
        .map((e) => ({file: e.path, sizeBytes: sizeOf(e), uri: uri(e.path)}));
    const groups = new Map<string, {paths: string[]; size: number}>();
    for (const e of ggufs) {
        if (/(^|\/)mmproj/i.test(e.path)) continue;
        const key = e.path.replace(SPLIT, (_, _part, of: string) => `-of-${of}.gguf`);
        const group = groups.get(key) ?? {paths: [], size: 0};
        group.paths.push(e.path);
        group.size += sizeOf(e);
        groups.set(key, group);
    }
    const files = [...groups.values()]
        .filter((g) => isComplete(g.paths))
        .map((g): HubFile => {
            const paths = g.paths.sort();
            const fit = sizeBasedFit(g.size, memory);
            return {
                quantization: quantizationOf(paths[0]!),
                files: paths,
                sizeBytes: g.size,
                uri: uri(paths[0]!),
                fit,
                contextTokens: longestContext(g.size, memory),
                recommended: false,
            };
        })
        .sort((a, b) => a.sizeBytes - b.sizeBytes);
    const pick = recommend(files);
    if (pick) pick.recommended = true;
    return {files, projectors};
}

/** A split GGUF is offered only with every part (a listing without part 2 of 3 cannot be loaded). */
function isComplete(paths: string[]): boolean {
    const split = SPLIT.exec(paths[0]!);
    return !split || paths.length === Number(split[2]);
}

function longestContext(sizeBytes: number, memory: MachineMemory): number {
    let longest = 0;
    for (const context of CONTEXTS) {
        if (sizeBasedFit(sizeBytes, memory, context).verdict !== "too-large") longest = context;
    }
    return longest;
}

const RANK: Record<FitEstimate["verdict"], number> = {vram: 2, ram: 1, "too-large": 0};

/**
 * The file to suggest: among those that fit best (all in VRAM, else in RAM), the most bits per weight up to
 * Q8_0 on a GPU, where memory speed allows it; on the CPU, where every weight is read for every token, up to
 * Q4_K_M's 4.8 bits, the usual balance of speed and quality. Nothing when nothing fits.
 */
export function recommend(files: HubFile[]): HubFile | null {
    const best = Math.max(0, ...files.map((f) => RANK[f.fit.verdict]));
    if (best === 0) return null;
    const fitting = files.filter((f) => RANK[f.fit.verdict] === best);
    const ceiling = best === RANK.vram ? BITS.Q8_0! : BITS.Q4_K_M!;
    const under = fitting.filter((f) => bitsOf(f.quantization) <= ceiling);
    const byBits = (a: HubFile, b: HubFile) => bitsOf(a.quantization) - bitsOf(b.quantization);
    return under.length > 0 ? under.sort(byBits).at(-1)! : fitting.sort(byBits)[0]!;
}

function pickNotes(files: HubFile[]): string[] {
    const pick = files.find((f) => f.recommended);
    if (!pick) {
        return files.length > 0
            ? [
                  "None of these files fits this computer's free memory; free some memory or pick a smaller model",
              ]
            : [];
    }
    const where =
        pick.fit.verdict === "vram"
            ? "the most quality that fits in VRAM (up to Q8_0)"
            : "up to Q4_K_M on the CPU, the usual balance of speed and quality";
    return [`Recommended: ${pick.quantization} (${formatBytes(pick.sizeBytes)}), ${where}`];
}

function gateNotes(repo: string, gated: unknown, deps: Pick<HubDeps, "url" | "token">): string[] {
    if (!gated) return [];
    const page = `${deps.url}/${repo}`;
    return [
        deps.token()
            ? `Gated: your Hugging Face token is sent with the download; if it is refused, accept the conditions on ${page} while signed in`
            : `Gated: accept the conditions on ${page} while signed in, then add your Hugging Face token in Models to download`,
    ];
}
