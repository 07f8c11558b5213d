import http from "node:http";
import type {AddressInfo} from "node:net";

const CORPUS = [
    // S7's: a topic the deciding test model was not trained on (tests/fixtures/decider/examples.ts HELD_OUT).
    {
        title: "Rover mission update",
        url: "https://space.example/rover",
        content: "The Perseverance rover collected its first rock sample on Mars this week.",
    },
    {
        title: "Bitcoin price today",
        url: "https://prices.example/btc",
        content: "Bitcoin trades at $97,250 USD today.",
    },
    {
        title: "Crypto market update",
        url: "https://news.example/crypto",
        content: "Markets rose; BTC above $97,000.",
    },
];

const STOP_WORDS = new Set(
    "a an and any are about can does for from how in is it its of on or that the this to was what when who with".split(
        " ",
    ),
);
const wordsOf = (text: string) =>
    new Set(
        text
            .toLowerCase()
            .split(/[^a-z0-9$]+/)
            .filter((w) => w && !STOP_WORDS.has(w)),
    );

/** As a search engine ranks: documents with more of the query's words first, none without one. */
export function ranked(query: string) {
    const asked = wordsOf(query);
    return CORPUS.map((doc) => {
        const has = wordsOf(`${doc.title} ${doc.content}`);
        return {doc, score: [...asked].filter((w) => has.has(w)).length};
    })
        .filter(({score}) => score > 0)
        .sort((a, b) => b.score - a.score)
        .map(({doc}) => doc);
}

/**
 * The port `npm test`'s stories serve on. The deciding test model copies a page's address from the question
 * into its call digit by digit, and some ports it copies wrong (it repeated "37643" three times once): a
 * random port made S4 or S6 fail in about 1 run of 17. This one it copies right (20 of 20 runs).
 */
export const STORY_PORT = 41852;

/**
 * The stories' loopback site: a SearXNG-format search endpoint over a small corpus, and an example page; on
 * `port` when it is free, else on any free port (said on stderr).
 */
export async function startStorySite(port = 0) {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
        requests.push(req.url!);
        const url = new URL(req.url!, "http://x");
        if (url.pathname === "/search") {
            const q = url.searchParams.get("q") ?? "";
            const results = ranked(q);
            res.writeHead(200, {"Content-Type": "application/json"});
            return res.end(JSON.stringify({query: q, results}));
        }
        if (url.pathname === "/example") {
            res.writeHead(200, {"Content-Type": "text/html"});
            return res.end(
                "<html><head><title>Example Domain</title></head><body><h1>Example Domain</h1><p>This domain is for use in illustrative examples in documents.</p></body></html>",
            );
        }
        res.writeHead(404, {"Content-Type": "text/plain"}).end("not found");
    });
    await listenOn(server, port).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== "EADDRINUSE") throw error;
        process.stderr.write(`# the story site's port ${port} is taken: it serves on a free port instead\n`);
        await listenOn(server, 0);
    });
    return {
        site: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests: () => requests.length,
        /** Counts from zero again (one story's requests at a time). */
        reset: () => void requests.splice(0),
        close: () =>
            new Promise<void>((resolve) => {
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}

function listenOn(server: http.Server, port: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => {
            server.off("error", reject);
            resolve();
        });
    });
}
