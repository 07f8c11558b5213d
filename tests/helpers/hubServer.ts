import {createHash} from "node:crypto";
import http from "node:http";
import type {AddressInfo} from "node:net";

/**
 * A loopback server speaking the part of Hugging Face's HTTP API that Cairn uses, as the hub's documentation
 * describes it (huggingface.co/docs/hub/api, /rate-limits, the "Resolve a file" endpoint):
 * - GET /api/models?search=&filter=&sort=&limit=&expand=…: repositories, most downloaded first, paged with a
 *   Link: <…>; rel="next" header;
 * - GET /api/models/OWNER/NAME/revision/REV: one repository's facts (gated, tags, cardData);
 * - GET /api/models/OWNER/NAME/tree/REV?recursive=true: its files with sizes (lfs for large ones), paged;
 * - GET|HEAD /OWNER/NAME/resolve/REV/PATH: a file; 302 to a signed address on another path (the CDN),
 *   which serves byte ranges. A gated repository's files need "Authorization: Bearer <token>" (401 without).
 * Rate limits answer 429 with the RateLimit headers of the IETF draft the hub follows.
 */
export type HubRepoFixture = {
    id: string;
    downloads: number;
    likes: number;
    lastModified: string;
    gated?: false | "auto" | "manual";
    pipelineTag?: string;
    tags?: string[];
    license?: string;
    /** Path → content. */
    files: Record<string, Buffer>;
};

export type HubServer = {
    url: string;
    /** Every request: method, path with query, and whether it carried a token. */
    requests: {method: string; path: string; token: string | null}[];
    /** The next n API requests are answered 429. */
    rateLimit(n: number): void;
    /** The next API answer stops half-way through its JSON and the connection is cut. */
    cutNextAnswer(): void;
    /** When the last API answer was sent whole (performance.now() of this process). */
    answeredAt(): number;
    close(): Promise<void>;
};

export async function startHubServer(
    repos: HubRepoFixture[],
    options: {token?: string; pageSize?: number} = {},
): Promise<HubServer> {
    const requests: HubServer["requests"] = [];
    let limited = 0;
    let cut = false;
    let answeredAt = 0;
    const pageSize = options.pageSize ?? 1000;
    const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://hub");
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? null;
        requests.push({method: req.method ?? "GET", path: url.pathname + url.search, token});
        const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
            const text = JSON.stringify(body);
            res.writeHead(status, {"content-type": "application/json; charset=utf-8", ...headers});
            if (cut && status === 200) {
                cut = false;
                res.write(text.slice(0, Math.floor(text.length / 2)));
                return void setTimeout(() => res.destroy(), 10);
            }
            res.end(text, () => void (answeredAt = performance.now()));
        };
        if (url.pathname.startsWith("/api/")) {
            if (limited > 0) {
                limited--;
                return json(
                    429,
                    {error: "You have exceeded our hourly quotas for action: api"},
                    {ratelimit: '"api";r=0;t=55', "ratelimit-policy": '"fixed window";"api";q=500;w=300'},
                );
            }
            return api(url, repos, pageSize, `http://${req.headers.host}`, json);
        }
        const resolve = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url.pathname);
        if (resolve) {
            const repo = repos.find((r) => r.id === resolve[1]);
            const path = decodeURIComponent(resolve[3]!);
            const body = repo?.files[path];
            if (!repo || !body)
                return json(404, {error: "Entry not found"}, {"x-error-code": "EntryNotFound"});
            if (repo.gated && token !== options.token) {
                return json(
                    401,
                    {
                        error: `Access to model ${repo.id} is restricted. You must have access to it and be authenticated to access it. Please log in.`,
                    },
                    {"x-error-code": "GatedRepo"},
                );
            }
            const sha = createHash("sha256").update(body).digest("hex");
            // The CDN is another origin, as it is for the real hub (a token must not follow the redirect).
            res.writeHead(302, {
                location: `http://localhost:${(server.address() as AddressInfo).port}/cdn/${sha}?expires=${Date.now() + 3_600_000}&signature=test`,
                "x-linked-size": String(body.length),
                "x-linked-etag": `"${sha}"`,
            });
            return void res.end();
        }
        const cdn = /^\/cdn\/([0-9a-f]{64})$/.exec(url.pathname);
        if (cdn) {
            const body = repos
                .flatMap((r) => Object.values(r.files))
                .find((b) => createHash("sha256").update(b).digest("hex") === cdn[1]);
            if (!body) return json(404, {error: "not found"});
            return serveRange(req, res, body);
        }
        json(404, {error: "Not Found"});
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    return {
        url: `http://127.0.0.1:${port}`,
        requests,
        rateLimit: (n) => void (limited = n),
        cutNextAnswer: () => void (cut = true),
        answeredAt: () => answeredAt,
        close: async () => {
            server.closeAllConnections();
            await new Promise<void>((resolve) => server.close(() => resolve()));
        },
    };
}

type Json = (status: number, body: unknown, headers?: Record<string, string>) => void;

function api(url: URL, repos: HubRepoFixture[], pageSize: number, base: string, json: Json): void {
    const q = url.searchParams;
    if (url.pathname === "/api/models") {
        const words = (q.get("search") ?? "").toLowerCase();
        const filters = q.getAll("filter");
        const found = repos
            .filter((r) => r.id.toLowerCase().includes(words))
            .filter((r) => filters.every((f) => tagsOf(r).includes(f)))
            .sort((a, b) => b.downloads - a.downloads);
        const limit = Math.min(Number(q.get("limit") ?? 1000), pageSize);
        const from = Number(q.get("cursor") ?? 0);
        const page = found.slice(from, from + limit);
        const next = new URLSearchParams(q);
        next.set("cursor", String(from + limit));
        const link: Record<string, string> =
            from + limit < found.length ? {link: `<${base}/api/models?${next}>; rel="next"`} : {};
        return json(200, page.map(summary), link);
    }
    const one = /^\/api\/models\/([^/]+\/[^/]+)\/(revision|tree)\/([^/]+)$/.exec(url.pathname);
    const repo = one && repos.find((r) => r.id === one[1]);
    if (!one || !repo) return json(404, {error: "Repository not found"}, {"x-error-code": "RepoNotFound"});
    if (one[2] === "revision") {
        return json(200, {
            ...summary(repo),
            cardData: repo.license ? {license: repo.license} : {},
            siblings: [],
        });
    }
    const entries = Object.entries(repo.files).map(([path, body]) => {
        const oid = createHash("sha1").update(body).digest("hex");
        const sha = createHash("sha256").update(body).digest("hex");
        return {
            type: "file",
            oid,
            size: body.length,
            path,
            lfs: {oid: sha, size: body.length, pointerSize: 134},
        };
    });
    const from = Number(q.get("cursor") ?? 0);
    const next = new URLSearchParams(q);
    next.set("cursor", String(from + pageSize));
    const link: Record<string, string> =
        from + pageSize < entries.length ? {link: `<${base}${url.pathname}?${next}>; rel="next"`} : {};
    json(200, entries.slice(from, from + pageSize), link);
}

function tagsOf(repo: HubRepoFixture): string[] {
    const gguf = Object.keys(repo.files).some((f) => f.endsWith(".gguf")) ? ["gguf"] : [];
    return [...gguf, ...(repo.tags ?? [])];
}

function summary(repo: HubRepoFixture) {
    return {
        _id: createHash("md5").update(repo.id).digest("hex").slice(0, 24),
        id: repo.id,
        private: false,
        gated: repo.gated ?? false,
        downloads: repo.downloads,
        likes: repo.likes,
        lastModified: repo.lastModified,
        pipeline_tag: repo.pipelineTag ?? "text-generation",
        tags: tagsOf(repo),
    };
}

function serveRange(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): void {
    const m = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] ? Math.min(Number(m[2]), body.length - 1) : body.length - 1;
    res.writeHead(m ? 206 : 200, {
        "content-type": "application/octet-stream",
        "accept-ranges": "bytes",
        "content-length": String(end - start + 1),
        ...(m ? {"content-range": `bytes ${start}-${end}/${body.length}`} : {}),
    });
    res.end(req.method === "HEAD" ? undefined : body.subarray(start, end + 1));
}
