import http from "node:http";
import net from "node:net";
import type {AddressInfo} from "node:net";

export type ServedFile = {
    body: Buffer;
    /** Cut the connection of the first ranged transfer after this many bytes. */
    cutAfterBytes?: number;
    /** Send this many bytes per 50 ms (slow transfers, for cancel and stall tests). */
    bytesPerTick?: number;
    /** Stop sending a ranged transfer after this many of its bytes, holding its connection open (a dead network). */
    stallAfterBytes?: number;
    /** Announce this total size instead of the real one (disk-full tests). */
    claimTotal?: number;
    /** Never answer. */
    hang?: boolean;
};

export type ModelServer = {
    url: (name: string) => string;
    /** Every request: path and Range header. */
    requests: {path: string; range: string | null}[];
    /** Bytes of file data sent so far. */
    sent: () => number;
    close: () => Promise<void>;
};

/** A loopback HTTP server for model files with byte ranges, speaking what Hugging Face's CDN speaks. */
export async function startModelServer(files: Record<string, ServedFile>): Promise<ModelServer> {
    const requests: ModelServer["requests"] = [];
    let sent = 0;
    let cut = false;
    const server = http.createServer((req, res) => {
        const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.slice(1));
        requests.push({path: name, range: req.headers.range ?? null});
        const file = files[name];
        if (!file) {
            res.writeHead(404, {"content-type": "text/plain"});
            res.end("Entry not found");
            return;
        }
        if (file.hang) return;
        const total = file.claimTotal ?? file.body.length;
        const m = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
        const start = m ? Number(m[1]) : 0;
        const end = m && m[2] ? Math.min(Number(m[2]), total - 1) : total - 1;
        const body = file.body.subarray(start, Math.min(end + 1, file.body.length));
        res.writeHead(m ? 206 : 200, {
            "content-type": "application/octet-stream",
            "accept-ranges": "bytes",
            "content-length": String(end - start + 1),
            ...(m ? {"content-range": `bytes ${start}-${end}/${total}`} : {}),
        });
        if (req.method === "HEAD") return void res.end();
        const cutHere = m && file.cutAfterBytes !== undefined && !cut && body.length > file.cutAfterBytes;
        const limit = cutHere ? file.cutAfterBytes! : body.length;
        if (cutHere) cut = true;
        const step = file.bytesPerTick ?? body.length;
        let offset = 0;
        const tick = () => {
            if (res.destroyed) return;
            const budget = m && file.stallAfterBytes !== undefined ? file.stallAfterBytes - offset : Infinity;
            const chunk = body.subarray(offset, Math.min(offset + step, limit, offset + Math.max(0, budget)));
            offset += chunk.length;
            sent += chunk.length;
            if (offset >= body.length) return void res.end(chunk);
            if (chunk.length > 0) res.write(chunk);
            if (offset >= limit) return void setTimeout(() => res.destroy(), 20);
            if (budget <= 0) return; // hold the connection open, sending nothing
            setTimeout(tick, 50);
        };
        tick();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    return {
        url: (name) => `http://127.0.0.1:${port}/${name}`,
        requests,
        sent: () => sent,
        close: async () => {
            server.closeAllConnections();
            await new Promise<void>((resolve) => server.close(() => resolve()));
        },
    };
}

/** A port that was just closed: connecting to it is refused (unlike fetch's blocked ports such as 9). */
export async function closedPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
}
