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

/** The stories' loopback site: a SearXNG-format search endpoint over a small corpus, and an example page. */
export async function startStorySite() {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
        requests.push(req.url!);
        const url = new URL(req.url!, "http://x");
        if (url.pathname === "/search") {
            const q = (url.searchParams.get("q") ?? "").toLowerCase();
            const words = q.split(/\W+/).filter((w) => w.length > 2);
            const results = CORPUS.filter((d) =>
                words.some((w) => `${d.title} ${d.content}`.toLowerCase().includes(w)),
            );
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
