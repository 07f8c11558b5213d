import assert from "node:assert/strict";
import {spawnSync} from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {after, before, test} from "node:test";
import {remoteStep, toMessages} from "../../main/llm/remote.js";
import type {Egress} from "../../main/net/network.js";
import type {StepRequest} from "../../main/llm/stepTypes.js";
import {startServe, type Served} from "../helpers/serve.js";
import {nextDone, openTestCore, unwrap} from "../helpers/core.js";
import {waitFor} from "../helpers/waitFor.js";
import {CLI, tempDir} from "../helpers/paths.js";
import {paced} from "../helpers/pace.js";

// "Another Cairn": the openai-compatible provider against Cairn's own local API, a real server process.
const KEY = "remote-test-key";
let served: Served;
let baseUrl = "";

before(async () => {
    served = await startServe({extra: ["--api", "--api-port", "0", "--api-key", KEY, "--max-tokens", "8"]});
    baseUrl = served.apiUrl!;
    // The model loads after the server starts; the tests need it.
    await waitFor(
        "the served model to be listed",
        async () => {
            const res = await fetch(`${baseUrl}/models`, {headers: {Authorization: `Bearer ${KEY}`}});
            const list = (await res.json()) as {data: unknown[]};
            return list.data.length > 0 ? true : undefined;
        },
        {everyMs: 100},
    );
});
after(() => served.stop());

const stats = {
    name: "system_stats",
    description: "How busy this computer is.",
    params: {type: "object", properties: {}},
} as const;

function request(extra: Partial<StepRequest> = {}): StepRequest & {texts: string[]} {
    const texts: string[] = [];
    return {
        history: [{type: "user", text: "How busy is this computer?"}],
        signal: new AbortController().signal,
        maxTokens: 8,
        onText: (t) => texts.push(t),
        texts,
        ...extra,
    };
}

test("a step streams text and reports usage; the egress log gets sizes, never the key", async () => {
    const egress: Egress[] = [];
    const req = request();
    const res = await remoteStep({baseUrl, model: "m", apiKey: KEY}, req, {
        refusal: () => null,
        record: (e) => egress.push(e),
    });
    assert.ok(res.ok, !res.ok ? res.error.message : "");
    assert.ok(req.texts.length > 1, "streamed in pieces");
    assert.equal(req.texts.join(""), res.value.text);
    assert.equal(res.value.stats.completionTokens, 8);
    assert.ok(res.value.stats.promptTokens > 0);
    assert.equal(res.value.finish, "length");
    assert.equal(egress.length, 1);
    assert.equal(egress[0]!.status, 200);
    assert.ok(egress[0]!.bytesSent > 0 && egress[0]!.bytesReceived > 0);
    assert.doesNotMatch(JSON.stringify(egress), new RegExp(KEY));
});

test("a forced call comes back as a call (written as it streams); its result goes back as a tool message", async () => {
    const chunks: string[] = [];
    const res = await remoteStep(
        {baseUrl, model: "m", apiKey: KEY},
        request({force: [stats], onCallChunk: (c) => chunks.push(c.name)}),
    );
    assert.ok(res.ok, !res.ok ? res.error.message : "");
    assert.deepEqual(
        res.value.calls.map((c) => c.name),
        ["system_stats"],
    );
    assert.equal(res.value.finish, "calls");
    assert.ok(chunks.includes("system_stats"));

    const history: StepRequest["history"] = [
        {type: "user", text: "How busy is this computer?"},
        {
            type: "model",
            response: [{type: "functionCall", name: "system_stats", params: {}, result: "CPU: 3% busy"}],
        },
    ];
    assert.deepEqual(toMessages(history), [
        {role: "user", content: "How busy is this computer?"},
        {
            role: "assistant",
            content: null,
            tool_calls: [
                {id: "call00001", type: "function", function: {name: "system_stats", arguments: "{}"}},
            ],
        },
        {role: "tool", tool_call_id: "call00001", name: "system_stats", content: "CPU: 3% busy"},
    ]);
    const next = await remoteStep({baseUrl, model: "m", apiKey: KEY}, request({history, functions: [stats]}));
    assert.ok(next.ok, !next.ok ? next.error.message : "");
    assert.ok(next.value.text.length > 0);
});

test("an unreachable server, a wrong key and a 500 each fail at once, in words", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const t0 = performance.now();
    const down = await remoteStep({baseUrl: `http://127.0.0.1:${port}/v1`, model: "m"}, request());
    assert.ok(performance.now() - t0 < 5000);
    assert.equal(!down.ok && down.error.code, "NETWORK");
    assert.match(
        !down.ok ? down.error.message : "",
        /^cannot reach 127\.0\.0\.1:\d+ \(nothing is listening there\); .*local model/,
    );
    // With its words, which the window says in its language.
    assert.deepEqual(!down.ok && down.error.words, {
        key: "remoteUnreachable",
        values: {host: `127.0.0.1:${port}`, cause: " (nothing is listening there)"},
    });

    const wrongKey = await remoteStep({baseUrl, model: "m", apiKey: "nope"}, request());
    assert.match(!wrongKey.ok ? wrongKey.error.message : "", /answered 401: Incorrect API key/);

    const broken = http.createServer((_req, res) => {
        res.writeHead(500, {"Content-Type": "application/json"});
        res.end(JSON.stringify({error: {message: "model crashed", type: "server_error"}}));
    });
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/v1`;
    const failed = await remoteStep({baseUrl: url, model: "m"}, request());
    broken.close();
    assert.match(!failed.ok ? failed.error.message : "", /answered 500: model crashed$/);

    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const quiet = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
    const hung = await remoteStep({baseUrl: quiet, model: "m", connectTimeoutMs: 300}, request());
    silent.closeAllConnections();
    silent.close();
    assert.match(
        !hung.ok ? hung.error.message : "",
        /did not answer within 0\.3 s; check that the server is running/,
    );
});

test("a conversation answered by a provider: the tool loop runs here, the model there; logged, the key nowhere", async () => {
    const dataDir = tempDir();
    process.env.CAIRN_TEST_REMOTE_KEY = KEY;
    fs.writeFileSync(
        path.join(dataDir, "providers.json"),
        JSON.stringify({
            providers: {
                other: {type: "openai-compatible", baseUrl, model: "m", keyEnv: "CAIRN_TEST_REMOTE_KEY"},
            },
        }),
    );
    // No local model: the answer must come from the other Cairn.
    const t = await openTestCore({dataDir, modelPath: null, generation: {maxTokens: 8}});
    try {
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        const missing = await t.api.invoke("conversations.setProvider", {id, provider: "nowhere"});
        assert.equal(!missing.ok && missing.error.code, "NOT_FOUND");
        const set = unwrap(await t.api.invoke("conversations.setProvider", {id, provider: "other"}));
        assert.equal(set.provider, "other");
        assert.deepEqual(unwrap(await t.api.invoke("providers.list", {})), [
            {
                name: "other",
                type: "openai-compatible",
                baseUrl,
                model: "m",
                key: "env CAIRN_TEST_REMOTE_KEY",
                webSearch: "cairn",
            },
        ]);
        const done = nextDone(t.api, id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: id,
                text: "How busy?",
                toolChoice: "system_stats",
            }),
        );
        const answer = await done;
        assert.equal(answer.status, "complete", answer.error ?? "");
        assert.deepEqual(
            answer.toolCalls.map((c) => [c.tool, c.status]),
            [["system_stats", "ok"]],
        );
        assert.ok(answer.content.length > 0);
        assert.match(answer.model ?? "", /^m · 127\.0\.0\.1:\d+$/);
        const log = unwrap(await t.api.invoke("network.egress", {}));
        assert.equal(log.length, 2, "two steps: the forced call, then the answer");
        assert.ok(
            log.every(
                (e) =>
                    e.purpose === "provider" &&
                    e.detail === "other" &&
                    e.conversationId === id &&
                    e.status === 200,
            ),
        );

        // The key is in no file of the data directory (database, logs, exports).
        const exported = unwrap(await t.api.invoke("conversations.export", {id, format: "json"}));
        assert.doesNotMatch(exported.content, new RegExp(KEY));
        for (const file of fs.readdirSync(dataDir, {recursive: true}) as string[]) {
            const full = path.join(dataDir, file);
            if (fs.statSync(full).isFile())
                assert.ok(!fs.readFileSync(full).includes(KEY), `${file} holds the key`);
        }

        // Back to the local model: with none loaded, the answer is refused in words.
        unwrap(await t.api.invoke("conversations.setProvider", {id, provider: null}));
        const local = await t.api.invoke("chat.send", {conversationId: id, text: "And now?"});
        assert.equal(!local.ok && local.error.code, "MODEL_NOT_LOADED");
    } finally {
        delete process.env.CAIRN_TEST_REMOTE_KEY;
        await t.core.dispose();
    }
});

test("cairn providers add/list/remove keep keys out of the file; chat --base-url answers from the server", () => {
    const data = tempDir();
    const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
        spawnSync(process.execPath, [CLI, ...args], {
            encoding: "utf8",
            env: {...process.env, CAIRN_MODEL: "", CAIRN_DATA_DIR: "", CAIRN_API_KEY: "", ...env},
            timeout: paced(60_000),
        });
    const clear = cli(["providers", "add", "box", "--data", data, "--base-url", baseUrl, "--api-key", KEY]);
    assert.equal(clear.status, 1);
    assert.match(clear.stderr, /keys are not stored in clear/);
    const added = cli([
        "providers",
        "add",
        "box",
        "--data",
        data,
        "--base-url",
        baseUrl,
        "--key-env",
        "BOX_KEY",
    ]);
    assert.equal(added.status, 0, added.stderr);
    const file = path.join(data, "providers.json");
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.doesNotMatch(fs.readFileSync(file, "utf8"), new RegExp(KEY));
    const listed = cli(["providers", "list", "--data", data]);
    assert.equal(listed.stdout, `box\topenai-compatible\t${baseUrl}\t(first listed)\tkey from $BOX_KEY\n`);

    // The named provider, its key from the environment, no local model at all.
    const named = cli(["chat", "--data", data, "--provider", "box", "--max-tokens", "4", "Hi"], {
        BOX_KEY: KEY,
    });
    assert.equal(named.status, 0, named.stderr);
    assert.ok(named.stdout.trim().length > 0);
    const unset = cli(["chat", "--data", data, "--provider", "box", "Hi"]);
    assert.match(unset.stderr, /box's key variable BOX_KEY is not set/);
    // A server for one command: nothing is written about it.
    const once = cli(["chat", "--data", data, "--base-url", baseUrl, "--max-tokens", "4", "--json", "Hi"], {
        CAIRN_API_KEY: KEY,
    });
    assert.equal(once.status, 0, once.stderr);
    // No --remote-model: the first model the server lists answers, and the answer records it.
    assert.match((JSON.parse(once.stdout) as {model: string}).model, /^stories260K · 127\.0\.0\.1:\d+$/);
    assert.doesNotMatch(fs.readFileSync(file, "utf8"), /command-line/);

    assert.equal(cli(["providers", "remove", "box", "--data", data]).status, 0);
    assert.match(cli(["providers", "list", "--data", data]).stdout, /^No providers in /);
});
