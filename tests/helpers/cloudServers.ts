import http from "node:http";
import type {AddressInfo} from "node:net";

/**
 * A loopback server that answers in a cloud API's documented stream format (OpenAI Responses, Gemini
 * generateContent, Anthropic Messages): it records what Cairn sent and replies with the events a test
 * scripts for each request, in that API's SSE framing.
 */
export type Recorded = {method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown};
/** `index` counts the steps (POSTs) so far, from 0. */
export type Script = (request: Recorded, index: number) => {events: SseEvent[]; status?: number};
export type SseEvent = {event?: string; data: unknown};
export type CloudServer = {url: string; requests: Recorded[]; close(): Promise<void>};

export async function startCloudServer(
    script: Script,
    models: unknown = {data: [{id: "cloud-model"}]},
): Promise<CloudServer> {
    const requests: Recorded[] = [];
    const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const recorded: Recorded = {
                method: req.method ?? "",
                path: req.url ?? "",
                headers: req.headers,
                body: text ? (JSON.parse(text) as unknown) : null,
            };
            requests.push(recorded);
            if (req.method === "GET") {
                res.writeHead(200, {"Content-Type": "application/json"});
                return res.end(JSON.stringify(models));
            }
            const steps = requests.filter((r) => r.method !== "GET").length;
            const {events, status = 200} = script(recorded, steps - 1);
            if (status !== 200) {
                res.writeHead(status, {"Content-Type": "application/json"});
                return res.end(JSON.stringify(events[0]?.data ?? {}));
            }
            res.writeHead(200, {"Content-Type": "text/event-stream"});
            for (const e of events)
                res.write(`${e.event ? `event: ${e.event}\n` : ""}data: ${JSON.stringify(e.data)}\n\n`);
            res.end();
        });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const {port} = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}/v1`,
        requests,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
}

/** Events with their type in both the SSE `event:` line and the payload, as OpenAI and Anthropic send them. */
export const typed = (events: {type: string; [key: string]: unknown}[]): SseEvent[] =>
    events.map((data) => ({event: data.type, data}));

/** OpenAI Responses: a text answer in pieces, ending with its usage. */
export function responsesText(pieces: string[], usage = {input_tokens: 40, output_tokens: 6}): SseEvent[] {
    return typed([
        {type: "response.created", response: {id: "resp_1", status: "in_progress"}},
        {type: "response.output_item.added", output_index: 0, item: {type: "message", id: "msg_1"}},
        ...pieces.map((delta) => ({type: "response.output_text.delta", output_index: 0, delta})),
        {type: "response.completed", response: {id: "resp_1", status: "completed", usage}},
    ]);
}

/**
 * OpenAI Responses with its own web search: the search (its query), then the answer's text with one
 * url_citation after `cited` and `rest` after that.
 */
export function responsesWebSearch(search: {
    query: string;
    cited: string;
    rest?: string;
    url: string;
    title: string;
}): SseEvent[] {
    return typed([
        {type: "response.output_item.added", output_index: 0, item: {type: "web_search_call", id: "ws_1"}},
        {
            type: "response.output_item.done",
            output_index: 0,
            item: {type: "web_search_call", id: "ws_1", action: {type: "search", query: search.query}},
        },
        {type: "response.output_text.delta", output_index: 1, delta: search.cited},
        {
            type: "response.output_text.annotation.added",
            output_index: 1,
            annotation: {type: "url_citation", url: search.url, title: search.title},
        },
        ...(search.rest ? [{type: "response.output_text.delta", output_index: 1, delta: search.rest}] : []),
        {type: "response.completed", response: {usage: {input_tokens: 20, output_tokens: 5}}},
    ]);
}
