import {spawn} from "node:child_process";
import {once} from "node:events";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import {tempDir} from "./paths.js";

const MB = 1024 * 1024;

function repeatTo(size: number, head: string, unit: string, tail: string): string {
    return head + unit.repeat(Math.floor((size - head.length - tail.length) / unit.length)) + tail;
}

/** Pages that froze the core when they were parsed on its thread (the hardening issue's list). */
export const HOSTILE_PAGES: Record<string, () => string> = {
    // 4.9 MB of flat paragraphs: about 150,000 elements.
    flat: () =>
        repeatTo(
            4.9 * MB,
            "<html><head><title>Flat</title></head><body>",
            "<p>Lorem ipsum dolor sit amet.</p>",
            "</body></html>",
        ),
    // 4.9 MB of table rows: about 260,000 elements.
    table: () =>
        repeatTo(
            4.9 * MB,
            "<html><head><title>Table</title></head><body><table>",
            "<tr><td>cell a</td><td>cell b</td><td>42</td></tr>",
            "</table></body></html>",
        ),
    // 55 KB: 5,000 nested divs around one sentence.
    nested: () =>
        `<html><head><title>Nested</title></head><body>${"<div>".repeat(5000)}Deep inside.${"</div>".repeat(5000)}</body></html>`,
};

/** A realistic article of about `size` bytes: headings, paragraphs, a list, links, page chrome. */
export function articlePage(size: number): string {
    const paragraph = (i: number) =>
        `<p>Paragraph ${i}: cairns are human-made piles of stones raised as landmarks, memorials and trail markers since prehistory; <a href="/p${i}">walkers</a> add a stone as they pass, and some cairns in the Highlands are thousands of years old.</p>`;
    const parts = [
        "<html><head><title>Cairns</title></head><body><nav><a href='/'>Home</a> | <a href='/a'>About</a></nav><article><h1>Cairns</h1>",
    ];
    let length = parts[0]!.length;
    for (let i = 1; length < size - 200; i++) {
        const chunk =
            (i % 20 === 0 ? `<h2>Section ${i / 20}</h2><ul><li>one</li><li>two</li></ul>` : "") +
            paragraph(i);
        parts.push(chunk);
        length += chunk.length;
    }
    parts.push("</article><footer>Footer links</footer></body></html>");
    return parts.join("");
}

/** The site's process: serves `<dir>/<name>` at /<name> on 127.0.0.1 and prints its port. */
const SITE_SOURCE = `
const fs = require("node:fs"), http = require("node:http"), path = require("node:path");
const dir = process.argv[1];
const server = http.createServer((req, res) => {
    const name = path.basename(decodeURIComponent((req.url || "/").slice(1)));
    fs.readFile(path.join(dir, name), (error, page) => {
        res.writeHead(error ? 404 : 200, {"Content-Type": "text/html; charset=utf-8"});
        res.end(error ? "" : page);
    });
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

/**
 * Serves each page by name on 127.0.0.1, from a process of its own: what is measured beside it is the core's
 * event loop, and sending megabytes is the site's work, not the core's. Resolves with the base URL and a close
 * function.
 */
export async function servePages(
    pages: Record<string, string>,
): Promise<{base: string; close: () => Promise<void>}> {
    const dir = tempDir("cairn-site-");
    for (const [name, page] of Object.entries(pages)) fs.writeFileSync(path.join(dir, name), page);
    const child = spawn(process.execPath, ["-e", SITE_SOURCE, dir], {stdio: ["ignore", "pipe", "inherit"]});
    const exited = once(child, "exit");
    const [line] = (await Promise.race([
        once(readline.createInterface({input: child.stdout}), "line"),
        exited.then(([code]) => Promise.reject(new Error(`the pages' server exited (${code})`))),
    ])) as [string];
    return {
        base: `http://127.0.0.1:${Number(line)}`,
        close: async () => {
            child.kill();
            await exited;
        },
    };
}

export type Responsiveness = {
    pings: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
    rssGrowthMb: number;
};

/**
 * Calls `ping` every 50 ms and samples RSS until stopped; a ping's latency counts from when it was due,
 * so time the event loop spent blocked before it could even start shows up.
 */
export function watchResponsiveness(ping: () => Promise<unknown>): {stop: () => Promise<Responsiveness>} {
    const latencies: number[] = [];
    const rssStart = process.memoryUsage().rss;
    let rssPeak = rssStart;
    let due = performance.now() + 50;
    let running = true;
    const loop = (async () => {
        while (running) {
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
            await ping();
            latencies.push(performance.now() - due);
            rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
            due = Math.max(due + 50, performance.now());
        }
    })();
    return {
        async stop() {
            running = false;
            await loop;
            const sorted = [...latencies].sort((a, b) => a - b);
            const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
            return {
                pings: sorted.length,
                p50Ms: at(0.5),
                p99Ms: at(0.99),
                maxMs: sorted.at(-1) ?? 0,
                rssGrowthMb: (rssPeak - rssStart) / MB,
            };
        },
    };
}
