// A large model download killed halfway and started again (`npm run bench:resume` alone): the bytes sent
// twice, against node-llama-cpp's downloader's 5 MiB chunk. 4 GiB by default (CAIRN_BENCH_RESUME_GIB): a
// real GGUF header padded with a sparse tail, served with byte ranges from a file on 127.0.0.1.
import {spawn} from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {pathToFileURL} from "node:url";
import {CLI, TEST_MODEL, tempDir} from "../tests/helpers/paths.js";
import {waitFor} from "../tests/helpers/waitFor.js";

const CHUNK = 5 * 1024 * 1024;

export async function resumeFigures(gib = Number(process.env.CAIRN_BENCH_RESUME_GIB ?? 4)) {
    const dir = tempDir();
    const source = path.join(dir, "big.gguf");
    fs.copyFileSync(TEST_MODEL, source);
    const total = Math.round(gib * 1024 ** 3);
    fs.truncateSync(source, total);
    let sent = 0;
    const server = http.createServer((req, res) => {
        const m = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
        const start = m ? Number(m[1]) : 0;
        const end = m && m[2] ? Math.min(Number(m[2]), total - 1) : total - 1;
        res.writeHead(m ? 206 : 200, {
            "content-type": "application/octet-stream",
            "accept-ranges": "bytes",
            "content-length": String(end - start + 1),
            ...(m ? {"content-range": `bytes ${start}-${end}/${total}`} : {}),
        });
        const stream = fs.createReadStream(source, {start, end});
        stream.on("data", (chunk) => (sent += chunk.length));
        // A client that has its chunk closes the connection: stop reading (at most 64 KiB more is counted).
        res.on("close", () => stream.destroy());
        stream.pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/big.gguf`;
    const data = path.join(dir, "data");
    try {
        const started = performance.now();
        const first = download(url, data);
        await waitFor("half of the file sent", () => (sent >= total / 2 ? true : undefined), {
            timeoutMs: 600_000,
        });
        first.kill("SIGKILL");
        await new Promise((resolve) => first.once("exit", resolve));
        const sentBeforeKill = sent;
        const second = download(url, data);
        const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
        if (code !== 0) throw new Error(`the resumed download exited ${code}`);
        const seconds = (performance.now() - started) / 1000;
        const sentTwice = Math.max(0, sent - total);
        return {
            bytes: total,
            sentBeforeKill,
            sentAfterResume: sent - sentBeforeKill,
            sentTwice,
            chunkBytes: CHUNK,
            lostChunks: sentTwice / CHUNK,
            seconds,
        };
    } finally {
        server.close();
        fs.rmSync(dir, {recursive: true, force: true});
    }
}

function download(url: string, data: string) {
    return spawn(process.execPath, [CLI, "models", "download", url, "--data", data], {
        stdio: "ignore",
        env: {...process.env, CAIRN_MODEL: ""},
    });
}

export function resumeRows(f: Awaited<ReturnType<typeof resumeFigures>>): Record<string, string> {
    const gib = (n: number) => (n / 1024 ** 3).toFixed(2);
    return {
        [`download of ${gib(f.bytes)} GiB killed halfway, resumed: bytes sent twice (chunks of 5 MiB; target <= 1)`]: `${(f.sentTwice / 1024 ** 2).toFixed(1)} MiB (${f.lostChunks.toFixed(2)} chunks); ${gib(f.sentBeforeKill)} + ${gib(f.sentAfterResume)} GiB sent in ${f.seconds.toFixed(0)} s`,
    };
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
    const figures = await resumeFigures();
    console.log(JSON.stringify(figures, null, 2));
    console.table(resumeRows(figures));
}
