// The local API bench's client, in a process of its own as a real client would be (bench/api.ts starts
// it): for each line on stdin it streams one completion with the official openai package and prints its
// timings as one JSON line. Kept running between runs, so that it stays warm and its connection open.
import readline from "node:readline";
import OpenAI from "openai";
import {readServerTiming} from "../tests/helpers/serverTiming.js";

const [url, key, maxTokens, prompt] = process.argv.slice(2) as [string, string, string, string];
const client = new OpenAI({baseURL: url, apiKey: key, maxRetries: 0});

async function run() {
    const started = performance.now();
    const stamps: number[] = [];
    let tokens = 0;
    let engineRate = NaN;
    const {data: stream, response} = await client.chat.completions
        .create({
            model: "local",
            messages: [{role: "user", content: prompt}],
            max_tokens: Number(maxTokens),
            stream: true,
            stream_options: {include_usage: true},
        })
        .withResponse();
    for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content) stamps.push(performance.now());
        if (chunk.usage) tokens = chunk.usage.completion_tokens;
        // Cairn adds llama.cpp server's `timings` to the usage chunk: the engine's own rate.
        const timings = (chunk as {timings?: {predicted_per_second: number}}).timings;
        if (timings) engineRate = timings.predicted_per_second;
    }
    const first = stamps[0]!;
    // The server's share of the wait for the first text, from its Server-Timing header.
    const server = readServerTiming(response.headers.get("server-timing"));
    return {
        serverBeforeEngineMs: server.read! + server.queue!,
        serverToFirstTextMs: server.read! + server.queue! + server.generate!,
        firstTokenMs: first - started,
        tokensPerSecond: ((tokens - 1) / (stamps.at(-1)! - first)) * 1000,
        engineTokensPerSecond: engineRate,
    };
}

for await (const _ of readline.createInterface({input: process.stdin})) {
    process.stdout.write(`${JSON.stringify(await run())}\n`);
}
