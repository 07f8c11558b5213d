import assert from "node:assert/strict";
import {spawn} from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {test} from "node:test";
import type {AppEvent, DownloadProgress} from "../../shared/contract.js";
import {sayIn} from "../../main/words.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {runCli} from "../helpers/cli.js";
import {closedPort, startModelServer} from "../helpers/modelServer.js";
import {CLI, TEST_MODEL, tempDir} from "../helpers/paths.js";

const MODEL_BYTES = fs.readFileSync(TEST_MODEL);
// ipull (node-llama-cpp's downloader) keeps progress per 5 MiB chunk: a file over 10 MiB shows range resumes.
// Bytes after the last tensor are ignored by GGUF readers, so the padded copy is still a valid model file.
const BIG_MODEL = Buffer.concat([MODEL_BYTES, Buffer.alloc(11_000_000)]);

async function openNoModel(options: Parameters<typeof openTestCore>[0] = {}): Promise<TestCore> {
    return openTestCore({modelPath: null, downloadTimeouts: {probeMs: 1500, stallMs: 1500}, ...options});
}

async function download(t: TestCore, uri: string): Promise<DownloadProgress> {
    const {downloadId} = unwrap(await t.api.invoke("models.download", {uri}));
    const final = await t.core.models.downloads.settled(downloadId);
    assert.ok(final);
    return final;
}

function modelsDirFiles(t: TestCore): string[] {
    const dir = path.join(t.dataDir, "models");
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

function progressEvents(events: AppEvent[]): DownloadProgress[] {
    return events.flatMap((e) => (e.type === "models.download" ? [e.progress] : []));
}

test("a download from a URL shows progress, lands in <data>/models and is registered with its facts", async () => {
    const server = await startModelServer({"stories.gguf": {body: BIG_MODEL, bytesPerTick: 400_000}});
    const t = await openNoModel();
    try {
        const final = await download(t, server.url("stories.gguf"));
        assert.equal(final.state, "done", final.error ?? "");
        assert.equal(final.totalBytes, BIG_MODEL.length);
        const progress = progressEvents(t.events).filter((p) => p.state === "downloading");
        assert.ok(progress.length >= 2, "several progress events");
        assert.ok(progress.some((p) => p.downloadedBytes > 0 && p.downloadedBytes < BIG_MODEL.length));
        assert.ok(
            progress.some((p) => p.bytesPerSecond > 0),
            "speed reported",
        );
        assert.ok(
            progress.some((p) => p.etaSeconds !== null && p.etaSeconds > 0),
            "time left reported",
        );
        assert.deepEqual(modelsDirFiles(t), ["stories.gguf"]);
        assert.ok(fs.readFileSync(path.join(t.dataDir, "models", "stories.gguf")).equals(BIG_MODEL));

        const {installed} = unwrap(await t.api.invoke("models.list", {}));
        assert.equal(installed.length, 1);
        const m = installed[0]!;
        assert.equal(m.id, final.modelId);
        assert.equal(m.architecture, "llama");
        assert.equal(m.parameterCount, 292_800);
        assert.equal(m.contextLength, 2048);
        assert.equal(m.hasChatTemplate, false);
        // What generation runs for it (read with its tokenizer), with node-llama-cpp's call syntax.
        assert.equal(m.chatWrapper, "Llama2Chat");
        assert.equal(m.functionCalling, "generic");
        assert.equal(m.source, server.url("stories.gguf"));
        assert.equal(m.sizeBytes, BIG_MODEL.length);
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("a connection cut halfway is resumed with range requests and the file is complete", async () => {
    const server = await startModelServer({"stories.gguf": {body: BIG_MODEL, cutAfterBytes: 3_000_000}});
    const t = await openNoModel();
    try {
        const final = await download(t, server.url("stories.gguf"));
        assert.equal(final.state, "done", final.error ?? "");
        const ranged = server.requests.filter((r) => r.range && !/^bytes=0-0$/.test(r.range));
        assert.ok(ranged.length > 1, `several ranged requests: ${JSON.stringify(server.requests)}`);
        assert.ok(
            ranged.some((r) => !r.range!.startsWith("bytes=0-")),
            "a request starts past the beginning",
        );
        assert.ok(fs.readFileSync(path.join(t.dataDir, "models", "stories.gguf")).equals(BIG_MODEL));
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("a download killed with the app is listed as partial and resumes from where it stopped", async () => {
    const server = await startModelServer({"stories.gguf": {body: BIG_MODEL, bytesPerTick: 100_000}});
    const dataDir = tempDir();
    try {
        const child = spawn(process.execPath, [
            CLI,
            "models",
            "download",
            server.url("stories.gguf"),
            "--data",
            dataDir,
        ]);
        // ipull keeps finished 5 MiB chunks; by 9.5 MB sent over its parallel connections, some are finished.
        await waitFor(() => server.sent() > 9_500_000, 30_000);
        child.kill("SIGKILL");
        await new Promise((resolve) => child.once("exit", resolve));
        const requestsBefore = server.requests.length;

        const t = await openNoModel({dataDir});
        try {
            const {installed, partial} = unwrap(await t.api.invoke("models.list", {}));
            assert.equal(installed.length, 0, "nothing registered");
            assert.deepEqual(
                partial.map((p) => p.fileName),
                ["stories.gguf"],
            );
            const final = await download(t, server.url("stories.gguf"));
            assert.equal(final.state, "done", final.error ?? "");
            const again = requestedBytes(server.requests.slice(requestsBefore), BIG_MODEL.length);
            assert.ok(
                again <= BIG_MODEL.length - 1_000_000,
                `resumed: ${again} of ${BIG_MODEL.length} bytes asked again`,
            );
            assert.ok(fs.readFileSync(path.join(dataDir, "models", "stories.gguf")).equals(BIG_MODEL));
            assert.deepEqual(unwrap(await t.api.invoke("models.list", {})).partial, []);
        } finally {
            await t.core.dispose();
        }
    } finally {
        await server.close();
    }
});

test("the CLI lists, inspects and removes models, with --json", async () => {
    const dataDir = tempDir();
    const run = (...args: string[]) => runCli([...args, "--data", dataDir]);
    const inspected = JSON.parse((await run("models", "inspect", TEST_MODEL, "--json")).stdout) as {
        info: {architecture: string};
        fit: {verdict: string};
    };
    assert.equal(inspected.info.architecture, "llama");
    assert.equal(inspected.fit.verdict, "ram");
    const t = await openNoModel({dataDir});
    const added = unwrap(await t.api.invoke("models.add", {path: TEST_MODEL}));
    await t.core.dispose();
    const listed = JSON.parse((await run("models", "list", "--json")).stdout) as {installed: {id: string}[]};
    assert.deepEqual(
        listed.installed.map((m) => m.id),
        [added.id],
    );
    assert.match((await run("models", "list")).stdout, /stories260K\.gguf/);
    assert.deepEqual(JSON.parse((await run("models", "remove", added.id, "--json")).stdout), {
        deletedFile: false,
    });
    const missing = await run("models", "inspect", "/nonexistent/model.gguf");
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^cairn: model file not found: \/nonexistent\/model\.gguf/);
    const bad = await run("models", "download", "http://127.0.0.1:1/x.gguf", "--json");
    assert.equal(bad.code, 1);
});

/** Bytes asked for by ranged requests (the 1-byte probe and the downloader's header-only GET excluded). */
function requestedBytes(requests: {range: string | null}[], total: number): number {
    return requests.reduce((sum, r) => {
        const m = /bytes=(\d+)-(\d*)/.exec(r.range ?? "");
        if (!m || r.range === "bytes=0-0") return sum;
        return sum + (m[2] ? Number(m[2]) : total - 1) - Number(m[1]) + 1;
    }, 0);
}

test("a cancelled download leaves no file and nothing registered", async () => {
    const server = await startModelServer({"stories.gguf": {body: BIG_MODEL, bytesPerTick: 200_000}});
    const t = await openNoModel();
    try {
        const {downloadId} = unwrap(await t.api.invoke("models.download", {uri: server.url("stories.gguf")}));
        await waitFor(() =>
            progressEvents(t.events).some((p) => p.state === "downloading" && p.downloadedBytes > 0),
        );
        assert.deepEqual(unwrap(await t.api.invoke("models.cancelDownload", {downloadId})), {
            cancelled: true,
        });
        const final = await t.core.models.downloads.settled(downloadId);
        assert.equal(final?.state, "cancelled");
        assert.deepEqual(modelsDirFiles(t), []);
        const overview = unwrap(await t.api.invoke("models.list", {}));
        assert.deepEqual([overview.installed, overview.partial], [[], []]);
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("404, no answer, refused connection, no disk space and a non-GGUF file each fail clearly and leave nothing", async () => {
    const server = await startModelServer({
        "hang.gguf": {body: MODEL_BYTES, hang: true},
        "huge.gguf": {body: MODEL_BYTES, claimTotal: 2 ** 52},
        "notes.gguf": {body: Buffer.from("these are not weights ".repeat(5000))},
    });
    const t = await openNoModel();
    try {
        // The reachability and disk-space failures carry their words too, for the window to say in its language.
        const cases: [string, RegExp, string?][] = [
            [server.url("missing.gguf"), /not found \(HTTP 404\).*check the address/, "downloadNotFound"],
            [server.url("hang.gguf"), /did not answer within 1\.5 s/, "downloadTimedOut"],
            [
                `http://127.0.0.1:${await closedPort()}/m.gguf`,
                /could not reach 127\.0\.0\.1:\d+ \(nothing is listening there\); downloads need an internet connection/,
                "downloadUnreachable",
            ],
            [server.url("huge.gguf"), /not enough disk space: the model needs .* free/, "noDiskSpace"],
            [
                server.url("notes.gguf"),
                /downloaded file is not usable: not a GGUF model file/,
                "modelNotGguf",
            ],
        ];
        for (const [uri, message, words] of cases) {
            const started = Date.now();
            const final = await download(t, uri);
            assert.equal(final.state, "failed", uri);
            assert.match(final.error ?? "", message);
            assert.equal(final.errorWords?.key, words, uri);
            assert.ok(Date.now() - started < 10_000, `${uri} failed within seconds`);
        }
        const overview = unwrap(await t.api.invoke("models.list", {}));
        assert.deepEqual([overview.installed, overview.partial], [[], []]);
        assert.deepEqual(modelsDirFiles(t), []);
        const bad = await t.api.invoke("models.download", {uri: "ftp://example.org/m.gguf"});
        assert.equal(bad.ok ? "" : bad.error.code, "VALIDATION");
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("a download whose connection stays open and sends nothing ends as stalled, in words", async () => {
    const server = await startModelServer({"stalls.gguf": {body: MODEL_BYTES, stallAfterBytes: 100_000}});
    const t = await openNoModel();
    try {
        // The downloader waited for ever on such a connection: it now ends after the stall time (1.5 s here).
        const final = await download(t, server.url("stalls.gguf"));
        assert.equal(final.state, "failed");
        assert.match(
            final.error ?? "",
            /^download stalled: no data for 1\.5 s at [\d.]+ [KM]iB of 1\.1 MiB; start it again to resume$/,
        );
        assert.ok(final.errorWords);
        assert.match(
            sayIn("ja", final.errorWords),
            /^ダウンロードが止まりました: 1\.1 MiB 中 [\d.]+ [KM]iB の時点で 1\.5 秒間/,
        );
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("inspect reports the model's facts and a fit for this computer; recommendations use the file's header when reachable", async () => {
    const server = await startModelServer({"stories.gguf": {body: MODEL_BYTES}});
    const catalogDir = tempDir();
    const catalogFile = path.join(catalogDir, "models.json");
    const offline = `http://127.0.0.1:${await closedPort()}/big.gguf`;
    const entry = {kind: "chat", parameters: "260K", quantization: "F32", notes: ""};
    fs.writeFileSync(
        catalogFile,
        JSON.stringify({
            models: [
                {
                    ...entry,
                    id: "reachable",
                    name: "Stories",
                    uri: server.url("stories.gguf"),
                    sizeBytes: 1_185_376,
                },
                {...entry, id: "offline", name: "Big", uri: offline, sizeBytes: 1e15},
            ],
        }),
    );
    const t = await openNoModel({catalogFile});
    try {
        const {info, fit} = unwrap(await t.api.invoke("models.inspect", {path: TEST_MODEL}));
        assert.equal(info.architecture, "llama");
        assert.equal(info.quantization, "F32");
        assert.equal(fit.basis, "gguf");
        assert.equal(fit.verdict, "ram", "CPU only here: fits in RAM");
        assert.equal(fit.contextSize, 2048, "the trained context, below the automatic cap");
        assert.ok(fit.ramBytes > 1_000_000 && fit.ramBytes < 100_000_000, String(fit.ramBytes));
        assert.match(fit.summary, /fits in RAM .*needs .* RAM at 2048 tokens of context; .* free/);

        const recs = unwrap(await t.api.invoke("models.listRecommended", {}));
        assert.deepEqual(
            recs.map((r) => [r.id, r.fit.basis, r.fit.verdict]),
            [
                ["reachable", "gguf", "ram"],
                ["offline", "size", "too-large"],
            ],
        );
        const bundled = JSON.parse(fs.readFileSync(path.resolve("resources/models.json"), "utf8")) as {
            models: {kind: string; uri: string; sizeBytes: number}[];
        };
        assert.ok(bundled.models.filter((m) => m.kind === "chat").length >= 4);
        assert.ok(bundled.models.filter((m) => m.kind === "embedding").length >= 2);
        for (const m of bundled.models) assert.match(m.uri, /^hf:[\w.-]+\/[\w.-]+/);
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

test("remove deletes a downloaded model's file and row; a model chosen from disk keeps its file", async () => {
    const server = await startModelServer({"stories.gguf": {body: MODEL_BYTES}});
    const t = await openNoModel();
    try {
        const done = await download(t, server.url("stories.gguf"));
        assert.equal(done.state, "done", done.error ?? "");
        const local = unwrap(await t.api.invoke("models.add", {path: TEST_MODEL}));
        unwrap(await t.api.invoke("models.load", {path: path.join(t.dataDir, "models", "stories.gguf")}));
        assert.deepEqual(unwrap(await t.api.invoke("models.remove", {id: done.modelId!})), {
            deletedFile: true,
        });
        assert.equal(t.core.engine.status().state, "no-model", "the loaded model was unloaded first");
        assert.deepEqual(modelsDirFiles(t), []);
        assert.deepEqual(unwrap(await t.api.invoke("models.remove", {id: local.id})), {deletedFile: false});
        assert.ok(fs.existsSync(TEST_MODEL));
        assert.deepEqual(unwrap(await t.api.invoke("models.list", {})).installed, []);
        const again = await t.api.invoke("models.remove", {id: local.id});
        assert.equal(again.ok ? "" : again.error.code, "NOT_FOUND");
    } finally {
        await t.core.dispose();
        await server.close();
    }
});

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!check()) {
        if (Date.now() > until) throw new Error("condition not met in time");
        await new Promise((r) => setTimeout(r, 20));
    }
}
