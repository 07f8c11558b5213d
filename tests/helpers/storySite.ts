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

/** The stories' loopback site: a SearXNG-format search endpoint over a small corpus, and an example page. */
export async function startStorySite() {
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
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
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
