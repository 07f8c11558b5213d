import assert from "node:assert/strict";
import {test} from "node:test";
import OpenAI from "openai";
import {startApi} from "../../main/api/server.js";
import {openTestCore, unwrap} from "../helpers/core.js";

// metadata.mode "research" on the local API, through OpenAI's own client: the answer is a research run's report,
// written by the chat service in a conversation the window lists, with the run and its sources in metadata.
const KEY = "k-research-0123456789";

type ResearchMetadata = {
    mode: string;
    conversation_id: string;
    message_id: string;
    research: {state: string; offline: boolean; budget: {steps: number}; used: {steps: number}};
};

test("a chat completion in research mode answers with the run's report, and the run is the window's too", async () => {
    const t = await openTestCore({contextSize: 4096, generation: {maxTokens: 8, seed: 1}});
    const api = await startApi({core: t.core, key: () => KEY});
    const client = new OpenAI({baseURL: api.url, apiKey: KEY, maxRetries: 0});
    try {
        const completion = await client.chat.completions
            .create({
                model: "local",
                messages: [{role: "user", content: "How do lighthouses work?"}],
                metadata: {mode: "research", offline: "true"},
            })
            .catch((error: unknown) => error);
        assert.ok(completion instanceof OpenAI.BadRequestError);
        assert.match(completion.message, /metadata.offline must be true or false/);

        const body = {
            model: "local",
            messages: [{role: "user" as const, content: "How do lighthouses work?"}],
            metadata: {mode: "research", offline: true, budget: {steps: 4}},
        };
        const answer = await client.chat.completions.create(
            body as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming,
        );
        const content = answer.choices[0]!.message.content ?? "";
        assert.match(content, /^# Research: How do lighthouses work\?/);
        const metadata = (answer.choices[0]!.message as unknown as {metadata: ResearchMetadata}).metadata;
        assert.equal(metadata.mode, "research");
        assert.equal(metadata.research.state, "done");
        assert.equal(metadata.research.offline, true);
        assert.equal(metadata.research.budget.steps, 4);
        assert.ok(metadata.research.used.steps <= 4);
        const shown = unwrap(await t.api.invoke("messages.list", {conversationId: metadata.conversation_id}));
        const report = shown.find((m) => m.id === metadata.message_id);
        assert.equal(report?.content, content, "the window shows the same report");
        assert.equal(report.research?.state, "done");

        const stream = await client.chat.completions.create({
            ...(body as unknown as OpenAI.ChatCompletionCreateParamsStreaming),
            stream: true,
        });
        let streamed = "";
        for await (const chunk of stream) streamed += chunk.choices[0]?.delta.content ?? "";
        assert.match(streamed, /^# Research: How do lighthouses work\?/);
    } finally {
        await api.close();
        await t.core.dispose();
    }
});
