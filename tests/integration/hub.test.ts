import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";
import {runCli} from "../helpers/cli.js";
import {openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {writeSplitGguf} from "../helpers/ggufFile.js";
import {startHubServer, type HubRepoFixture, type HubServer} from "../helpers/hubServer.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";
import {memoryVault} from "../helpers/vault.js";

const MODEL = fs.readFileSync(TEST_MODEL);
const TOKEN = "hf_testtokenabcdef123456";

/** stories260K written as llama.cpp's gguf-split writes a model in two parts. */
function splitParts(): Record<string, Buffer> {
    const dir = tempDir();
    const names = writeSplitGguf(TEST_MODEL, dir, "Tiny-Stories-Q8_0", 2);
    return Object.fromEntries(names.map((n) => [`Q8_0/${n}`, fs.readFileSync(path.join(dir, n))]));
}

const REPOS: HubRepoFixture[] = [
    {
        id: "tiny-org/Tiny-Stories-GGUF",
        downloads: 5000,
        likes: 40,
        lastModified: "2026-10-01T12:00:00.000Z",
        license: "mit",
        files: {
            "README.md": Buffer.from("# Tiny stories\n"),
            "tiny-stories-Q4_K_M.gguf": MODEL,
            "tiny-stories-IQ2_XS.gguf": MODEL.subarray(0, 600_000),
            "tiny-stories-F16.gguf": Buffer.concat([MODEL, MODEL, MODEL]),
            ...splitParts(),
        },
    },
    {
        id: "tiny-org/Tiny-Vision-GGUF",
        downloads: 900,
        likes: 12,
        lastModified: "2026-09-01T12:00:00.000Z",
        pipelineTag: "image-text-to-text",
        files: {"tiny-vision-Q4_K_M.gguf": MODEL, "mmproj-tiny-vision-f16.gguf": MODEL.subarray(0, 300_000)},
    },
    {
        id: "gated-org/Tiny-Gated-GGUF",
        downloads: 300,
        likes: 3,
        lastModified: "2026-08-01T12:00:00.000Z",
        gated: "manual",
        files: {"tiny-gated-Q4_K_M.gguf": MODEL},
    },
    {
        id: "other-org/Tiny-Safetensors",
        downloads: 99_999,
        likes: 500,
        lastModified: "2026-08-01T12:00:00.000Z",
        files: {"model.safetensors": Buffer.from("not gguf")},
    },
];

let hub: HubServer;
let t: TestCore;

before(async () => {
    hub = await startHubServer(REPOS, {token: TOKEN, pageSize: 2});
    t = await openTestCore({modelPath: null, hubUrl: hub.url, keyVault: memoryVault()});
});

after(async () => {
    await t.core.dispose();
    await hub.close();
});

test("a search lists the hub's GGUF repositories matching the words, most downloaded first, across pages", async () => {
    const repos = unwrap(await t.api.invoke("models.searchHub", {query: "tiny"}));
    assert.deepEqual(
        repos.map((r) => r.repo),
        ["tiny-org/Tiny-Stories-GGUF", "tiny-org/Tiny-Vision-GGUF", "gated-org/Tiny-Gated-GGUF"],
        "GGUF repositories only (the safetensors one is filtered by the hub), by downloads",
    );
    const [stories, vision, gated] = repos;
    assert.equal(stories!.downloads, 5000);
    assert.equal(stories!.likes, 40);
    assert.equal(stories!.updatedAt, Date.parse("2026-10-01T12:00:00.000Z"));
    assert.equal(vision!.vision, true);
    assert.equal(gated!.gated, true);
    const listed = hub.requests.filter((r) => r.path.startsWith("/api/models?"));
    assert.ok(listed.length >= 2, "the second page was followed through the Link header");
    assert.match(listed[0]!.path, /filter=gguf/);

    const log = unwrap(await t.api.invoke("network.egress", {})).filter((e) => e.purpose === "model search");
    assert.ok(log.length >= 2, "each request is in the egress log as a model search");
    assert.ok(log.every((e) => e.host === new URL(hub.url).host && e.bytesReceived > 0));
});

test("a repository's files are grouped by quantization, split parts joined, the projector apart, one recommended", async () => {
    const files = unwrap(await t.api.invoke("models.hubFiles", {repo: "tiny-org/Tiny-Stories-GGUF"}));
    assert.equal(files.license, "mit");
    assert.deepEqual(
        files.files.map((f) => f.quantization),
        ["IQ2_XS", "Q4_K_M", "Q8_0", "F16"],
        "by size; README.md left out",
    );
    const split = files.files.find((f) => f.quantization === "Q8_0")!;
    assert.equal(split.files.length, 2);
    assert.match(split.uri, /^hf:tiny-org\/Tiny-Stories-GGUF\/Q8_0\/Tiny-Stories-Q8_0-00001-of-00002\.gguf$/);
    const partSizes = split.files.map((f) => REPOS[0]!.files[f]!.length);
    assert.equal(split.sizeBytes, partSizes[0]! + partSizes[1]!);
    for (const f of files.files) {
        assert.equal(f.fit.verdict, "ram", "a CPU machine: each fits in RAM");
        assert.ok(f.contextTokens >= 4096);
    }
    assert.deepEqual(
        files.files.filter((f) => f.recommended).map((f) => f.quantization),
        ["Q4_K_M"],
        "on the CPU: up to Q4_K_M",
    );
    assert.match(files.notes.join(" "), /Recommended: Q4_K_M/);

    const vision = unwrap(await t.api.invoke("models.hubFiles", {repo: "tiny-org/Tiny-Vision-GGUF"}));
    assert.equal(vision.vision, true);
    assert.deepEqual(
        vision.projectors.map((p) => p.file),
        ["mmproj-tiny-vision-f16.gguf"],
    );
    assert.deepEqual(
        vision.files.map((f) => f.quantization),
        ["Q4_K_M"],
        "the projector is not offered as a model",
    );
});

test("a split GGUF downloads whole through the hub's redirect to its CDN and is installed", async () => {
    const files = unwrap(await t.api.invoke("models.hubFiles", {repo: "tiny-org/Tiny-Stories-GGUF"}));
    const split = files.files.find((f) => f.quantization === "Q8_0")!;
    const {downloadId} = unwrap(await t.api.invoke("models.download", {uri: split.uri}));
    const final = await t.core.models.downloads.settled(downloadId);
    assert.equal(final?.state, "done", final?.error ?? "");
    const dir = path.join(t.dataDir, "models");
    const saved = fs.readdirSync(dir);
    for (const part of split.files) {
        const name = saved.find((f) => f.endsWith(path.basename(part)));
        assert.ok(name, `${part} saved (${saved.join(", ")})`);
        assert.ok(fs.readFileSync(path.join(dir, name)).equals(REPOS[0]!.files[part]!), `${name} as served`);
    }
    assert.ok(
        hub.requests.some((r) => r.path.startsWith("/cdn/")),
        "the bytes came from the CDN address",
    );
    const {installed} = unwrap(await t.api.invoke("models.list", {}));
    const model = installed.find((m) => m.id === final?.modelId);
    assert.equal(model?.architecture, "llama");
    const loaded = await t.api.invoke("models.load", {path: model.file});
    assert.ok(loaded.ok, loaded.ok ? "" : loaded.error.message);
});

test("a gated repository says what it needs; its file downloads once a token is stored", async () => {
    const files = unwrap(await t.api.invoke("models.hubFiles", {repo: "gated-org/Tiny-Gated-GGUF"}));
    assert.equal(files.gated, true);
    assert.match(
        files.notes.join(" "),
        /accept the conditions on .*gated-org\/Tiny-Gated-GGUF.*Hugging Face token/,
    );
    const uri = files.files[0]!.uri;
    const refused = await t.api.invoke("models.download", {uri});
    const first = await t.core.models.downloads.settled(unwrap(refused).downloadId);
    assert.equal(first?.state, "failed");
    assert.match(first?.error ?? "", /HTTP 401.*gated or private.*add your Hugging Face token/);
    assert.deepEqual(first?.errorWords, {
        key: "downloadGated",
        values: {status: 401, host: new URL(hub.url).host},
    });

    assert.deepEqual(unwrap(await t.api.invoke("models.hubToken", {})), {set: false, from: null});
    const bad = await t.api.invoke("models.setHubToken", {token: "not-a-token"});
    assert.equal(bad.ok, false, "a token must look like one (hf_…)");
    unwrap(await t.api.invoke("models.setHubToken", {token: TOKEN}));
    assert.deepEqual(unwrap(await t.api.invoke("models.hubToken", {})), {set: true, from: "stored"});
    const stored = fs.readFileSync(path.join(t.dataDir, "secrets", "huggingface-token.bin"));
    assert.ok(!stored.includes(Buffer.from(TOKEN)), "the token is stored encrypted");

    const started = unwrap(await t.api.invoke("models.download", {uri}));
    const final = await t.core.models.downloads.settled(started.downloadId);
    assert.equal(final?.state, "done", final?.error ?? "");
    const resolves = hub.requests.filter((r) => r.path.includes("Tiny-Gated-GGUF/resolve/"));
    assert.ok(
        resolves.some((r) => r.token === TOKEN),
        "the hub was sent the token",
    );
    // node-llama-cpp's downloader also sends it after the hub's redirect, to the hub's own file host.
    assert.ok(
        hub.requests.some((r) => r.path.startsWith("/cdn/")),
        "the file came from the CDN address",
    );

    unwrap(await t.api.invoke("models.setHubToken", {token: null}));
    assert.deepEqual(unwrap(await t.api.invoke("models.hubToken", {})), {set: false, from: null});
});

test("rate limits, a missing repository and a cut-off answer each get a clear error", async () => {
    hub.rateLimit(1);
    const limited = await t.api.invoke("models.searchHub", {query: "tiny"});
    assert.equal(limited.ok, false);
    assert.match(
        limited.ok ? "" : limited.error.message,
        /limiting requests \(HTTP 429\); try again in 55 s/,
    );
    assert.deepEqual(
        limited.ok ? null : limited.error.words?.key,
        "hubLimitedWait",
        "in words for the window",
    );

    const missing = await t.api.invoke("models.hubFiles", {repo: "nobody/nothing"});
    assert.equal(missing.ok ? "" : missing.error.code, "NOT_FOUND");
    assert.match(missing.ok ? "" : missing.error.message, /no such repository \(HTTP 404\): nobody\/nothing/);
    assert.deepEqual(missing.ok ? null : missing.error.words, {
        key: "hubNoRepository",
        values: {host: new URL(hub.url).host, subject: "nobody/nothing"},
    });

    hub.cutNextAnswer();
    const cut = await t.api.invoke("models.searchHub", {query: "tiny"});
    assert.equal(cut.ok, false);
    assert.match(cut.ok ? "" : cut.error.message, /cut off|could not reach/);

    const again = await t.api.invoke("models.searchHub", {query: "tiny"});
    assert.ok(again.ok, "the next search works");
});

test("`cairn models search` and `cairn models files` read the hub named by HF_ENDPOINT", async () => {
    const env = {HF_ENDPOINT: hub.url};
    const data = tempDir();
    const search = await runCli(["models", "search", "stories", "--data", data], env);
    assert.equal(search.code, 0, search.stderr);
    assert.match(
        search.stdout,
        /^tiny-org\/Tiny-Stories-GGUF {2}5,000 downloads, 40 likes, updated 2026-10-01\n$/,
    );

    const files = await runCli(["models", "files", "tiny-org/Tiny-Stories-GGUF", "--data", data], env);
    assert.equal(files.code, 0, files.stderr);
    assert.match(
        files.stdout,
        /^\* Q4_K_M .*fits in RAM.*\n {4}cairn models download hf:tiny-org\/Tiny-Stories-GGUF\/tiny-stories-Q4_K_M\.gguf$/m,
    );
    assert.match(files.stdout, /Q8_0 .*, 2 parts\n/);

    const json = await runCli(
        ["models", "files", "tiny-org/Tiny-Vision-GGUF", "--json", "--data", data],
        env,
    );
    assert.deepEqual(
        (JSON.parse(json.stdout) as {projectors: {file: string}[]}).projectors.map((p) => p.file),
        ["mmproj-tiny-vision-f16.gguf"],
    );

    const missing = await runCli(["models", "files", "nobody/nothing", "--data", data], env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no such repository \(HTTP 404\)/);
});
