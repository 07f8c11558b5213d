import fs from "node:fs";
import path from "node:path";
import assert from "node:assert/strict";
import i18next from "i18next";
import {CORE_WORDS} from "../../shared/coreWords.js";
import {test} from "node:test";
import OpenAI from "openai";
import {startApi} from "../../main/api/server.js";
import {sharedLlama} from "../../main/llm/llama.js";
import type {Message} from "../../shared/contract.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {mcpStatusWhen, servers, writeMcpJson} from "../helpers/mcp.js";
import {tempDir} from "../helpers/paths.js";
import {FAMILIES, templateModel} from "../helpers/templateModel.js";
import {EMBEDDING_FAMILIES, embeddingModel} from "../helpers/embeddingModel.js";
import {nameWords, searchText} from "../../main/tools/toolIndex.js";
import {ToolVectorCache, ToolVectors} from "../../main/tools/toolVectors.js";

/**
 * A core with the fixture server, its tool list grown by env (fillers, hostile schemas), on a model with
 * Qwen3's real tokenizer and chat template (random weights): the prompt's sizes are a real model's, and its
 * 8,192-token context gives the tools a budget of 2,048.
 */
async function open(env: Record<string, string>): Promise<TestCore> {
    const dataDir = tempDir();
    writeMcpJson(dataDir, {fixture: {...servers.fixture, env}});
    return openTestCore({
        dataDir,
        modelPath: templateModel(FAMILIES.qwen3),
        contextSize: 8192,
        generation: {maxTokens: 8, seed: 1, temperature: 0},
    });
}

async function ask(
    t: TestCore,
    text: string,
    req: {toolChoice?: string; preflight?: {name: string; args: Record<string, unknown>}[]} = {},
    id?: string,
): Promise<Message> {
    id ??= unwrap(await t.api.invoke("conversations.create", {})).id;
    const done = nextDone(t.api, id);
    unwrap(await t.api.invoke("chat.send", {conversationId: id, text, ...req}));
    return done;
}

/** The tool names the last prompt offered the model (as the chat format wrote them). */
function offeredIn(t: TestCore, names: string[]): string[] {
    const prompt = t.core.engine.lastPrompt()?.text ?? "";
    return names.filter((n) => prompt.includes(n));
}

test("2,000 MCP tools: a turn offers Cairn's tools, find_tools and the few relevant ones, says so, and answers", async () => {
    const t = await open({FIXTURE_FILLERS: "2000"});
    try {
        const message = await ask(t, "Please list the support tickets in the help desk.");
        assert.equal(message.status, "complete", message.error ?? "");
        // Ask mode, web access off: Cairn's read-only tools and the server's 400 read-only ones may be offered.
        const said =
            /^(\d+) of (\d+) tools offered: (\d) built-in, 8 by relevance; find_tools searches the rest$/.exec(
                message.stats?.toolsOffered ?? "",
            );
        assert.ok(said, message.stats?.toolsOffered);
        assert.ok(Number(said[2]) > 400 && Number(said[1]) === Number(said[3]) + 8, said[0]);
        const all = unwrap(await t.api.invoke("tools.list", {})).map((x) => x.name);
        assert.ok(all.length > 2000, `${all.length} tools`);
        const offered = offeredIn(t, all);
        assert.ok(offered.includes("find_tools"), offered.join(", "));
        assert.ok(offered.includes("system_stats"), "Cairn's own tools are always offered");
        assert.ok(
            offered.some((n) => /^fixture\.list_ticket_\d+$/.test(n)),
            offered.join(", "),
        );
        assert.ok(offered.length <= 9 + 1 + 8, `${offered.length} offered: ${offered.join(", ")}`);
        const next = await ask(t, "And the invoices?");
        assert.equal(next.status, "complete", next.error ?? "");
    } finally {
        await t.core.dispose();
    }
});

test("find_tools finds tools that were left out, and they are offered in the next step", async () => {
    const t = await open({FIXTURE_FILLERS: "2000"});
    try {
        const message = await ask(t, "Hello", {
            preflight: [{name: "find_tools", args: {query: "list the expense reports"}}],
        });
        assert.equal(message.status, "complete", message.error ?? "");
        const call = message.toolCalls[0]!;
        assert.equal(call.status, "ok", call.error ?? "");
        assert.match(call.resultText ?? "", /fixture\.list_expense_\d+: Lists a expense report/);
        const found = (call.resultData as {tools: string[]}).tools;
        assert.ok(found.length > 0 && found.length <= 5, found.join(", "));
        assert.deepEqual(offeredIn(t, found), found, "what find_tools found is offered next");
        assert.match(message.stats?.toolsOffered ?? "", /\d+ found by find_tools/);
    } finally {
        await t.core.dispose();
    }
});

test("hostile schemas: the unusable are left out with a reason, the rest are simplified for the grammar and still validated whole", async () => {
    const t = await open({FIXTURE_HOSTILE: "1"});
    try {
        unwrap(
            await t.api.invoke("tools.budget", {
                conversationId: unwrap(await t.api.invoke("conversations.create", {})).id,
            }),
        );
        const status = await mcpStatusWhen(t.api, (s) => s.servers[0]?.state === "ready");
        const server = status.servers[0]!;
        const refused = Object.fromEntries(server.refused.map((r) => [r.tool, r.reason]));
        assert.match(refused["fixture.too_deep"] ?? "", /nested deeper than 32 levels/);
        assert.match(refused["fixture.too_big"] ?? "", /over the 256 KiB a tool may declare/);
        assert.match(
            refused["fixture.dangling_ref"] ?? "",
            /refers to #\/\$defs\/Missing, which it does not define/,
        );
        assert.match(refused["fixture.not_a_schema"] ?? "", /not valid JSON Schema/);
        assert.ok(
            server.tools.includes("fixture.pick_country") && server.tools.includes("fixture.walk_tree"),
        );
        assert.ok(!server.tools.includes("fixture.too_deep"));

        const {llama} = await sharedLlama(false);
        for (const name of ["fixture.pick_country", "fixture.walk_tree", "fixture.chatty"]) {
            const tool = t.core.tools.resolve(name)!;
            assert.ok(JSON.stringify(tool.params).length < 20_000, `${name}'s grammar schema is small`);
            await llama.createGrammarForJsonSchema(tool.params);
            assert.ok(tool.description.length <= 1000, `${name}'s description is cut`);
        }
        // The grammar lets any string through where 5,000 values were; ajv checks the real enum.
        const wrong = t.core.tools.validate("fixture.pick_country", {code: "XX"});
        assert.equal(wrong.ok, false);
        assert.match(wrong.ok ? "" : wrong.message, /must be equal to one of the allowed values/);
        assert.equal(t.core.tools.validate("fixture.pick_country", {code: "R4999"}).ok, true);

        const tree = {root: {label: "a", left: {label: "b", right: {label: "c"}}, children: [{label: "d"}]}};
        const called = await ask(t, "Walk it.", {
            preflight: [{name: "fixture.walk_tree", args: tree}],
        });
        assert.equal(called.status, "complete", called.error ?? "");
        assert.equal(called.toolCalls[0]?.status, "ok", called.toolCalls[0]?.error ?? "");
        assert.match(called.toolCalls[0]?.resultText ?? "", /walk_tree done with .*"label":"d"/);
        const plain = await ask(t, "hello");
        assert.equal(plain.status, "complete", plain.error ?? "");
    } finally {
        await t.core.dispose();
    }
});

test("pinned tools are offered with every question; when they cannot fit, the turn fails at once and says what to do", async () => {
    const t = await open({FIXTURE_FILLERS: "1000"});
    try {
        const id = unwrap(await t.api.invoke("conversations.create", {})).id;
        const budget = unwrap(await t.api.invoke("tools.budget", {conversationId: id}));
        assert.equal(budget.budgetTokens, 2048, "a quarter of the context by default");
        assert.match(budget.warning ?? "", /over the tools' budget of 2,048 \(of the context's 8,192\)/);
        const listed = budget.tools.filter((x) => /^fixture\.(list|get)_/.test(x.name)).map((x) => x.name);
        const pinned = unwrap(await t.api.invoke("tools.setPinned", {tool: listed[0]!, pinned: true}));
        assert.equal(pinned.find((x) => x.name === listed[0])!.pinned, true);
        const hello = await ask(t, "hello", {}, id);
        assert.equal(hello.status, "complete", hello.error ?? "");
        assert.deepEqual(offeredIn(t, [listed[0]!]), [listed[0]!]);
        assert.match(hello.stats?.toolsOffered ?? "", /1 pinned/);

        // Every read-only tool of the server pinned: far more than the context holds.
        for (const tool of listed) unwrap(await t.api.invoke("tools.setPinned", {tool, pinned: true}));
        const started = performance.now();
        const failed = await ask(t, "hello again", {}, id);
        assert.equal(failed.status, "error");
        assert.match(
            failed.error ?? "",
            /^this question cannot be answered in this model's context of 8,192 tokens: the system prompt, the \d+ tools' definitions and the newest messages take [\d,]+ tokens, and [\d,]+ are left beside the room kept for the answer\. Nothing was generated; pin fewer tools/,
        );
        assert.equal(failed.stats, null);
        // Kept with its words, which the window says in its language (German here) with the same numbers.
        assert.equal(failed.errorWords?.key, "wontFitTools");
        const stored = t.core.conversations.message(failed.id)!;
        assert.deepEqual(stored.errorWords, failed.errorWords, "read back from the library");
        const german = i18next.createInstance();
        await german.init({resources: {de: {translation: CORE_WORDS.de}}, lng: "de"});
        assert.match(
            german.t(failed.errorWords.key, failed.errorWords.values ?? {}),
            /^Diese Frage lässt sich im Kontext dieses Modells von 8\.192 Tokens nicht beantworten: der Systemprompt, die Definitionen der \d+ Werkzeuge/,
        );
        const wasted = performance.now() - started;

        for (const tool of listed) unwrap(await t.api.invoke("tools.setPinned", {tool, pinned: false}));
        const after = await ask(t, "and now?", {}, id);
        assert.equal(after.status, "complete", after.error ?? "");
        // Not a timing test: the failed turn evaluated no prompt, so it ended well before a full turn would.
        assert.ok(wasted < 60_000, `${wasted} ms`);
    } finally {
        await t.core.dispose();
    }
});

test("the local API: metadata.tools names a whole server; the request is offered the tools chosen for its question", async () => {
    const t = await open({FIXTURE_FILLERS: "2000"});
    const key = "test-key-0123456789";
    const api = await startApi({core: t.core, key: () => key});
    try {
        const client = new OpenAI({baseURL: api.url, apiKey: key, maxRetries: 0});
        await t.core.tools.prepare();
        const reply = await client.chat.completions.create({
            model: "m",
            messages: [{role: "user", content: "Show the DNS records of the domain zone"}],
            max_tokens: 2,
            // @ts-expect-error Cairn's own field: which of its tools the model may use.
            metadata: {tools: ["mcp:fixture"]},
        });
        assert.equal(reply.choices.length, 1);
        const all = t.core.tools.enabled().map((x) => x.name);
        const offered = offeredIn(t, all);
        assert.ok(
            offered.some((n) => /^fixture\.(list|get)_dns_record_\d+$/.test(n)),
            offered.join(", "),
        );
        assert.ok(offered.length <= 8, `${offered.length} offered: ${offered.join(", ")}`);
        const unknown = await client.chat.completions
            .create({
                model: "m",
                messages: [{role: "user", content: "x"}],
                // @ts-expect-error as above
                metadata: {tools: ["fixture.nope"]},
            })
            .catch((error: unknown) => error);
        assert.ok(unknown instanceof OpenAI.APIError && unknown.status === 400);
        assert.match(unknown.message, /no Cairn tool is named fixture\.nope \(known: .* and \d+ more\)/);
    } finally {
        await api.close();
        await t.core.dispose();
    }
});

test("a server's call limit is set from Settings: kept in mcp.json, and a call past it times out", async () => {
    const t = await open({});
    try {
        await t.core.tools.prepare();
        const status = unwrap(await t.api.invoke("mcp.setCallLimit", {name: "fixture", seconds: 1}));
        assert.equal(status.servers[0]!.callTimeoutMs, 1000);
        const file = JSON.parse(fs.readFileSync(path.join(t.dataDir, "mcp.json"), "utf8")) as {
            mcpServers: Record<string, {callTimeoutMs?: number; env?: unknown}>;
        };
        assert.equal(file.mcpServers.fixture!.callTimeoutMs, 1000);
        assert.deepEqual(file.mcpServers.fixture!.env, {}, "the rest of the entry is kept");
        const started = performance.now();
        const slow = await ask(t, "Wait.", {preflight: [{name: "fixture.slow", args: {ms: 20_000}}]});
        assert.equal(slow.toolCalls[0]!.status, "timeout");
        assert.ok(performance.now() - started < 15_000, "stopped at its limit, not the server's 20 s");
        const refused = await t.api.invoke("mcp.setCallLimit", {name: "nosuch", seconds: 5});
        assert.equal(refused.ok, false);
    } finally {
        await t.core.dispose();
    }
});

test("a server that storms notifications, floods text or sends content of no known type: each call ends cleanly and the next turn works", async () => {
    const t = await open({FIXTURE_HOSTILE: "1"});
    try {
        let progress = 0;
        const off = t.api.onEvent((e) => {
            if (e.type === "tool.progress") progress++;
        });
        const message = await ask(t, "Go.", {
            preflight: [
                {name: "fixture.storm", args: {}},
                {name: "fixture.flood", args: {}},
                {name: "fixture.malformed", args: {}},
            ],
        });
        off();
        assert.equal(message.status, "complete", message.error ?? "");
        const [storm, flood, malformed] = message.toolCalls;
        assert.equal(storm!.status, "ok", storm!.error ?? "");
        assert.equal(storm!.resultText, "calm again");
        assert.ok(progress > 0 && progress <= 100, `${progress} progress events reached the window`);
        // Over the MCP SDK's 10 MB message limit: the connection is closed, the call fails in words.
        assert.equal(flood!.status, "error");
        assert.match(
            flood!.error ?? "",
            /fixture sent a reply over 10 MB, more than Cairn reads from a server/,
        );
        assert.equal(malformed!.status, "error");
        assert.match(
            malformed!.error ?? "",
            /^fixture's result was malformed: content\[0\] has type "hologram"/,
        );
        const after = await ask(t, "hello");
        assert.equal(after.status, "complete", after.error ?? "");
    } finally {
        await t.core.dispose();
    }
});

test("malformed MCP results on a 2,048-token model: the model reads one line on them, the trace keeps every problem, the turn ends cleanly", async () => {
    const dataDir = tempDir();
    writeMcpJson(dataDir, {fixture: {...servers.fixture, env: {FIXTURE_HOSTILE: "1"}}});
    const t = await openTestCore({
        dataDir,
        modelPath: templateModel(FAMILIES.qwen3),
        contextSize: 2048,
        generation: {maxTokens: 8, seed: 1, temperature: 0},
    });
    try {
        const calls = [
            {kind: "unknown_type", count: 500},
            {kind: "text_without_text", count: 1},
            {kind: "null_item", count: 3},
            {kind: "bad_image", count: 1},
            {kind: "mixed", count: 2},
            {kind: "checked_by_server", count: 500},
        ];
        const message = await ask(t, "Go.", {
            preflight: calls.map((args) => ({name: "fixture.malformed", args})),
        });
        assert.equal(message.status, "complete", message.error ?? "");
        const [many, noText, nulls, image, mixed, report] = message.toolCalls;
        // The model reads the summary (the prompt, below); the trace has it and every problem, folded.
        assert.match(
            many!.error!,
            /^fixture's result was malformed: content\[0\] has type "hologram", which MCP does not have; 499 more problems\n\ncontent\[0\] has type "hologram"[^]*\ncontent\[99\] has type "hologram", which MCP does not have\n… and 400 more$/,
        );
        const trace = many!.resultData as {malformed: {problems: string[]; total: number}};
        assert.equal(trace.malformed.total, 500);
        assert.equal(trace.malformed.problems.length, 100);
        assert.equal(
            trace.malformed.problems[99],
            'content[99] has type "hologram", which MCP does not have',
        );
        const summary = (call: (typeof message.toolCalls)[number] | undefined) => call!.error!.split("\n")[0];
        assert.equal(
            summary(noText),
            "fixture's result was malformed: content[0].text: expected string, received undefined",
        );
        assert.equal(summary(nulls), "fixture's result was malformed: content[0] is null; 2 more problems");
        assert.match(summary(image)!, /^fixture's result was malformed: content\[0\]\.data: /);
        // The good item is kept; the bad ones are said in one line.
        assert.equal(mixed!.status, "ok");
        assert.equal(
            mixed!.resultText,
            "the part that is fine\n(fixture's result was malformed: content[1] is null; 1 more problem; those items were left out)",
        );
        // A server's own validation report of 1.7 MB: whole in the trace, a few lines of it for the model.
        assert.equal(
            summary(report),
            "fixture's result was malformed: content[0] is not valid (the server's own check); 499 more problems",
        );
        assert.ok(report!.error!.length > 1_000_000, `${report!.error!.length} characters in the trace`);
        assert.match(report!.error!, /The server's own report:\nMCP error -32602: /);
        const prompt = t.core.engine.lastPrompt()?.text ?? "";
        assert.ok(prompt.includes("499 more problems"), "the model read the summary");
        assert.ok(!prompt.includes("invalid_union"), "and not the SDK's validation report");
    } finally {
        await t.core.dispose();
    }
});

test("with an embedding model chosen, every tool's text is embedded in the background and kept by model and text: a restart embeds none; search fuses meaning with words", async () => {
    const dataDir = tempDir();
    writeMcpJson(dataDir, {fixture: {...servers.fixture, env: {FIXTURE_FILLERS: "200"}}});
    const embedding = embeddingModel(EMBEDDING_FAMILIES.bge);
    const start = async () => {
        const t = await openTestCore({dataDir, modelPath: null});
        unwrap(await t.api.invoke("settings.set", {embeddingModelPath: embedding}));
        await t.core.tools.prepare();
        await t.core.tools.meaningSettled();
        // Nothing is embedded until a question needs search by meaning (few tools never load the model).
        assert.equal(t.core.tools.meaningProgress()!.done, 0);
        await t.core.tools.readQuery("open a support ticket");
        await t.core.tools.meaningSettled();
        return t;
    };
    const first = await start();
    let total: number;
    try {
        const progress = first.core.tools.meaningProgress()!;
        total = progress.total;
        assert.ok(total > 200, `every tool has a text: ${total}`);
        assert.deepEqual(progress, {done: total, total, embedded: total});
        const kept = first.core.db.prepare("SELECT count(*) FROM tool_vectors").pluck().get();
        assert.equal(kept, total, "each text's vector is kept");

        // A question worded as one tool's text is nearest to it by meaning (a fresh index of the same
        // tools reads every vector from the cache), and first in the registry's fused search.
        const tool = first.core.tools.resolve("fixture.approve_vendor_0")!;
        const question = `${nameWords(tool.name)}\n${searchText(tool)}`;
        const vectors = new ToolVectors(first.core.embedder, new ToolVectorCache(first.core.db));
        vectors.setSource(
            "mcp:fixture",
            first.core.tools.enabled().filter((t) => t.source === "mcp:fixture"),
        );
        await vectors.settled();
        assert.equal(vectors.progress().embedded, 0, "all from the cache");
        await vectors.read(question);
        const nearest = vectors.nearest(question, 3);
        assert.equal(nearest[0]?.name, tool.name);
        assert.ok(nearest[0].score > 0.999, `${nearest[0].score}`);
        await first.core.tools.readQuery(question);
        assert.equal(first.core.tools.search(question, 5, () => true)[0], tool.name);
    } finally {
        await first.core.dispose();
    }
    const second = await start();
    try {
        assert.deepEqual(second.core.tools.meaningProgress(), {done: total, total, embedded: 0});
    } finally {
        await second.core.dispose();
    }
});

test("with an embedding model chosen but only a few tools, a turn embeds nothing (the model is not loaded for tools)", async () => {
    const t = await openTestCore({contextSize: 8192, generation: {maxTokens: 4, seed: 1, temperature: 0}});
    try {
        unwrap(
            await t.api.invoke("settings.set", {embeddingModelPath: embeddingModel(EMBEDDING_FAMILIES.bge)}),
        );
        const message = await ask(t, "How busy is this computer?", {
            preflight: [{name: "system_stats", args: {}}],
        });
        assert.equal(message.status, "complete", message.error ?? "");
        await t.core.tools.meaningSettled();
        assert.deepEqual(t.core.tools.meaningProgress(), {
            done: 0,
            total: t.core.tools.enabled().length,
            embedded: 0,
        });
    } finally {
        await t.core.dispose();
    }
});
