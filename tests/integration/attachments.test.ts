import assert from "node:assert/strict";
import {createHash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {after, before, test} from "node:test";
import sharp from "sharp";
import type {CairnApi, ExportedConversation} from "../../shared/contract.js";
import {UPLOAD_CHUNK_BYTES} from "../../shared/contract/base.js";
import {remoteStep} from "../../main/llm/remote.js";
import type {StepRequest, UserItem} from "../../main/llm/stepTypes.js";
import {startCloudServer, typed, type CloudServer, type Recorded} from "../helpers/cloudServers.js";
import {nextDone, openTestCore, unwrap, type TestCore} from "../helpers/core.js";
import {runCli} from "../helpers/cli.js";
import {servers, writeMcpJson} from "../helpers/mcp.js";
import {TEST_MODEL, tempDir} from "../helpers/paths.js";

// Images sent with a message: checked, turned upright, stripped and kept once (real libvips through sharp),
// refused in words by a model that cannot see, and sent to one that can in each provider's own format
// (loopback servers speaking each API).

/** A photo as a phone writes it: 3000x2000 stored sideways (EXIF orientation 6), with its camera and place. */
async function phonePhoto(): Promise<Buffer> {
    return sharp({create: {width: 3000, height: 2000, channels: 3, background: {r: 200, g: 30, b: 30}}})
        .jpeg({quality: 80})
        .withMetadata({orientation: 6})
        .withExif({
            IFD0: {Make: "TestCam", Model: "Phone 9"},
            IFD3: {GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1"},
        })
        .toBuffer();
}

/** Sends a file the way the window does: begin, chunks in order, finish. */
async function attach(api: CairnApi, name: string, bytes: Buffer) {
    const {uploadId} = unwrap(await api.invoke("attachments.begin", {name, size: bytes.length}));
    const chunk = UPLOAD_CHUNK_BYTES / 2;
    for (let offset = 0; offset < bytes.length; offset += chunk)
        unwrap(
            await api.invoke("attachments.chunk", {
                uploadId,
                offset,
                data: bytes.subarray(offset, offset + chunk).toString("base64"),
            }),
        );
    return api.invoke("attachments.finish", {uploadId});
}

/** An OpenAI-compatible server that answers every step with one sentence. */
function chatServer(): Promise<CloudServer> {
    return startCloudServer(() => ({
        events: [
            {data: {choices: [{delta: {content: "A red square."}}]}},
            {data: {choices: [{delta: {}, finish_reason: "stop"}]}},
        ],
    }));
}

let t: TestCore;
let photo: Buffer;
before(async () => {
    t = await openTestCore();
    photo = await phonePhoto();
});
after(() => t.core.dispose());

test("a phone photo is kept upright, downscaled, without its metadata, once, with a thumbnail", async () => {
    const kept = unwrap(await attach(t.api, "IMG_0001.jpg", photo));
    assert.equal(kept.mime, "image/jpeg");
    // Sideways 3000x2000 turned upright (2000x3000), then fitted in 2048 on its long side.
    assert.deepEqual([kept.width, kept.height], [1365, 2048]);
    assert.equal(kept.name, "IMG_0001.jpg");
    const full = unwrap(await t.api.invoke("attachments.read", {id: kept.id, size: "full"}));
    const meta = await sharp(Buffer.from(full.data, "base64")).metadata();
    assert.deepEqual([meta.width, meta.height, meta.format], [1365, 2048, "jpeg"]);
    assert.equal(meta.exif, undefined, "no EXIF block (camera, GPS) in the kept copy");
    assert.equal(meta.orientation, undefined);
    const thumb = unwrap(await t.api.invoke("attachments.read", {id: kept.id, size: "thumb"}));
    const thumbMeta = await sharp(Buffer.from(thumb.data, "base64")).metadata();
    assert.equal(thumb.mime, "image/webp");
    assert.deepEqual([thumbMeta.width, thumbMeta.height], [213, 320]);
    // The same file again is the same image, kept once.
    const again = unwrap(await attach(t.api, "copy.jpg", photo));
    assert.equal(again.id, kept.id);
    assert.equal(again.name, "copy.jpg");
    const rows = t.core.db.prepare("SELECT count(*) AS n FROM attachments").get() as {n: number};
    assert.equal(rows.n, 1);
    assert.deepEqual(fs.readdirSync(path.join(t.dataDir, "attachments-incoming")), [], "uploads deleted");
});

test("what is not an image Cairn can read is refused in words, and nothing is kept", async () => {
    const before = (t.core.db.prepare("SELECT count(*) AS n FROM attachments").get() as {n: number}).n;
    const text = await attach(t.api, "notes.txt", Buffer.from("not an image at all"));
    assert.match(!text.ok ? text.error.message : "", /^notes\.txt is not an image Cairn can read/);
    const svg = await attach(
        t.api,
        "logo.svg",
        Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
        ),
    );
    assert.match(!svg.ok ? svg.error.message : "", /^logo\.svg is an SVG drawing: attach a PNG, JPEG/);
    // 12,000 x 10,000 pixels of one colour: a small file, refused from its header before it is decoded.
    const huge = await sharp({create: {width: 12_000, height: 10_000, channels: 3, background: "#fff"}})
        .png({compressionLevel: 9})
        .toBuffer();
    const refused = await attach(t.api, "huge.png", huge);
    assert.match(
        !refused.ok ? refused.error.message : "",
        /huge\.png is 12000×10000 pixels: images up to 100 megapixels/,
    );
    const cut = await attach(t.api, "cut.jpg", photo.subarray(0, photo.length / 2));
    assert.match(
        !cut.ok ? cut.error.message : "",
        /^cut\.jpg could not be read \(VipsJpeg: premature end of JPEG image\): the file may be cut short or damaged$/,
    );
    // Each with its words, for the window to say in its language.
    assert.deepEqual(
        [text, svg, refused, cut].map((r) => (!r.ok ? r.error.words : null)),
        [
            {
                key: "imageUnreadable",
                values: {name: "notes.txt", reason: "Input buffer contains unsupported image format"},
            },
            {key: "imageSvg", values: {name: "logo.svg"}},
            {key: "imageTooManyPixels", values: {name: "huge.png", width: 12000, height: 10000, most: 100}},
            {key: "imageDamaged", values: {name: "cut.jpg", reason: "VipsJpeg: premature end of JPEG image"}},
        ],
    );
    const tooBig = await t.api.invoke("attachments.begin", {name: "big.png", size: 41 * 1024 * 1024});
    assert.equal(!tooBig.ok && tooBig.error.code, "VALIDATION");
    const after = (t.core.db.prepare("SELECT count(*) AS n FROM attachments").get() as {n: number}).n;
    assert.equal(after, before);
});

test("the local model cannot see: the question with an image is refused before anything is stored", async () => {
    const kept = unwrap(await attach(t.api, "IMG_0001.jpg", photo));
    const {id} = unwrap(await t.api.invoke("conversations.create", {}));
    const sent = await t.api.invoke("chat.send", {
        conversationId: id,
        text: "What is this?",
        attachments: [kept.id],
    });
    assert.equal(!sent.ok && sent.error.code, "UNAVAILABLE");
    assert.match(
        !sent.ok ? sent.error.message : "",
        /^stories260K\.gguf cannot see images: it has no vision projector \(mmproj\) beside it\. Put the model's projector \(its mmproj \.gguf file\) in the same folder, choose a vision model, or switch this conversation to a provider whose model sees images/,
    );
    assert.deepEqual(unwrap(await t.api.invoke("messages.list", {conversationId: id})), []);
    const unknown = await t.api.invoke("chat.send", {
        conversationId: id,
        text: "And this?",
        attachments: ["0".repeat(64)],
    });
    assert.match(!unknown.ok ? unknown.error.message : "", /an image of this message is no longer kept/);
});

test("a provider's model sees the image as an image_url part; later turns send it again; it goes with its conversation", async () => {
    const server = await chatServer();
    try {
        unwrap(
            await t.api.invoke("providers.add", {
                name: "vision",
                type: "openai-compatible",
                baseUrl: server.url,
                model: "qwen2.5-vl-7b",
            }),
        );
        const kept = unwrap(await attach(t.api, "IMG_0001.jpg", photo));
        const {id} = unwrap(await t.api.invoke("conversations.create", {}));
        unwrap(await t.api.invoke("conversations.setProvider", {id, provider: "vision"}));
        let done = nextDone(t.api, id);
        unwrap(
            await t.api.invoke("chat.send", {
                conversationId: id,
                text: "What colour?",
                attachments: [kept.id],
            }),
        );
        assert.equal((await done).status, "complete");
        const [question] = unwrap(await t.api.invoke("messages.list", {conversationId: id}));
        assert.deepEqual(question!.attachments, [kept]);
        const full = unwrap(await t.api.invoke("attachments.read", {id: kept.id, size: "full"}));
        const sentParts = (posts(server)[0]!.messages as {role: string; content: unknown}[]).at(-1)!.content;
        assert.deepEqual(sentParts, [
            {type: "text", text: "What colour?"},
            {type: "image_url", image_url: {url: `data:image/jpeg;base64,${full.data}`}},
        ]);
        done = nextDone(t.api, id);
        unwrap(await t.api.invoke("chat.send", {conversationId: id, text: "Sure?"}));
        await done;
        const second = posts(server)[1]!.messages as {role: string; content: unknown}[];
        assert.equal(
            second.filter((m) => Array.isArray(m.content)).length,
            1,
            "the first question keeps its image",
        );

        // A model known to read text only is refused before anything is sent.
        unwrap(
            await t.api.invoke("conversations.setProvider", {id, provider: "vision", model: "gpt-3.5-turbo"}),
        );
        const before = server.requests.length;
        const refused = await t.api.invoke("chat.send", {
            conversationId: id,
            text: "And now?",
            attachments: [kept.id],
        });
        assert.match(
            !refused.ok ? refused.error.message : "",
            /^gpt-3\.5-turbo \(vision\) reads text only and cannot see images/,
        );
        assert.equal(server.requests.length, before);

        unwrap(await t.api.invoke("conversations.delete", {id}));
        const gone = await t.api.invoke("attachments.read", {id: kept.id, size: "thumb"});
        assert.equal(!gone.ok && gone.error.code, "NOT_FOUND", "deleted with the last message that used it");
    } finally {
        await server.close();
    }
});

const posts = (server: CloudServer) =>
    server.requests.filter((r) => r.method === "POST").map((r) => r.body as Record<string, unknown>);

test("each cloud API gets the image in its own format", async () => {
    const image = {mime: "image/png", data: "iVBORw0KGgo=", width: 4, height: 3};
    const question: UserItem = {type: "user", text: "What is this?", images: [image]};
    const history: StepRequest["history"] = [question];
    const step = (server: CloudServer, format: "responses" | "anthropic" | "gemini") =>
        remoteStep(
            {baseUrl: server.url, model: "m", apiKey: "k", format},
            {history, signal: new AbortController().signal, onText: () => {}, maxTokens: 8},
        );
    const bodies: Record<string, Recorded["body"]> = {};
    for (const [format, events] of [
        ["responses", typed([{type: "response.completed", response: {status: "completed"}}])],
        ["anthropic", typed([{type: "message_stop"}])],
        ["gemini", [{data: {candidates: [{content: {parts: [{text: "ok"}]}, finishReason: "STOP"}]}}]],
    ] as const) {
        const server = await startCloudServer(() => ({events: [...events]}));
        await step(server, format);
        bodies[format] = posts(server)[0];
        await server.close();
    }
    assert.deepEqual((bodies.responses as {input: unknown[]}).input, [
        {
            role: "user",
            content: [
                {type: "input_text", text: "What is this?"},
                {type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo="},
            ],
        },
    ]);
    assert.deepEqual((bodies.anthropic as {messages: unknown[]}).messages, [
        {
            role: "user",
            content: [
                {type: "image", source: {type: "base64", media_type: "image/png", data: "iVBORw0KGgo="}},
                {type: "text", text: "What is this?"},
            ],
        },
    ]);
    assert.deepEqual((bodies.gemini as {contents: unknown[]}).contents, [
        {
            role: "user",
            parts: [{text: "What is this?"}, {inlineData: {mimeType: "image/png", data: "iVBORw0KGgo="}}],
        },
    ]);
});

test("cairn chat --image: refused in words by the local model; sent to a provider's model", async () => {
    const dir = tempDir();
    const file = path.join(dir, "IMG_0001.jpg");
    fs.writeFileSync(file, photo);
    const data = path.join(dir, "data");
    const local = await runCli([
        "chat",
        "--data",
        data,
        "--model",
        TEST_MODEL,
        "--image",
        file,
        "What is this?",
    ]);
    assert.equal(local.code, 1);
    assert.match(
        local.stderr,
        /stories260K\.gguf cannot see images: it has no vision projector \(mmproj\) beside it/,
    );
    const missing = await runCli(["chat", "--data", data, "--image", path.join(dir, "nope.png"), "Hi"]);
    assert.match(missing.stderr, /no such image file: .*nope\.png/);
    const server = await chatServer();
    try {
        const sent = await runCli([
            "chat",
            "--data",
            data,
            "--base-url",
            server.url,
            "--remote-model",
            "llava-1.6",
            "--image",
            file,
            "What is this?",
        ]);
        assert.equal(sent.code, 0, sent.stderr);
        assert.match(sent.stdout, /A red square\./);
        const parts = (posts(server)[0]!.messages as {content: unknown}[]).at(-1)!.content as {
            type: string;
        }[];
        assert.deepEqual(
            parts.map((p) => p.type),
            ["text", "image_url"],
        );
    } finally {
        await server.close();
    }
});

test("an MCP tool's image is shown to a provider's model that sees (after the tool's result); one that cannot reads a note", async () => {
    const server = await chatServer();
    const dataDir = tempDir();
    writeMcpJson(dataDir, {everything: servers.everything});
    const m = await openTestCore({dataDir, modelPath: null});
    try {
        unwrap(
            await m.api.invoke("providers.add", {
                name: "vision",
                type: "openai-compatible",
                baseUrl: server.url,
                model: "gemma-3-4b-it",
            }),
        );
        const {id} = unwrap(await m.api.invoke("conversations.create", {}));
        unwrap(await m.api.invoke("conversations.setProvider", {id, provider: "vision"}));
        const preflight = [{name: "everything.get-tiny-image", args: {}}];
        let done = nextDone(m.api, id);
        unwrap(await m.api.invoke("chat.send", {conversationId: id, text: "Show me", preflight}));
        const answer = await done;
        assert.equal(answer.toolCalls[0]!.status, "ok", answer.toolCalls[0]!.error ?? "");
        const [kept] = answer.attachments!;
        const full = unwrap(await m.api.invoke("attachments.read", {id: kept!.id, size: "full"}));
        const messages = posts(server).at(-1)!.messages as {role: string; content: unknown}[];
        const tool = messages.findIndex((x) => x.role === "tool");
        assert.match(String(messages[tool]!.content), /\[image: 20x20, image\/png; shown to the person\]/);
        assert.deepEqual(messages[tool + 1], {
            role: "user",
            content: [
                {type: "text", text: "The images everything.get-tiny-image returned:"},
                {type: "image_url", image_url: {url: `data:image/png;base64,${full.data}`}},
            ],
        });
        // A model known to read text only gets the note alone, in this turn and the next.
        unwrap(
            await m.api.invoke("conversations.setProvider", {id, provider: "vision", model: "gpt-3.5-turbo"}),
        );
        done = nextDone(m.api, id);
        unwrap(await m.api.invoke("chat.send", {conversationId: id, text: "Again", preflight}));
        await done;
        const text = posts(server).at(-1)!.messages as {role: string; content: unknown}[];
        assert.ok(
            text.every((x) => typeof x.content === "string" || x.content === null),
            JSON.stringify(text),
        );
    } finally {
        await m.core.dispose();
        await server.close();
    }
});

/** A conversation whose question shows the phone photo, attached as `fileName`. */
async function questionWithPhoto(title: string, question: string, fileName: string) {
    const kept = unwrap(await attach(t.api, fileName, photo));
    const conversationId = t.core.conversations.create(title).id;
    t.core.conversations.addMessage({
        conversationId,
        role: "user",
        content: question,
        status: "complete",
        attachments: [{id: kept.id, name: fileName}],
    });
    return {kept, conversationId};
}

test("exports: HTML embeds a question's images (data: URLs, its CSP allows no other), Markdown names them", async () => {
    const {kept, conversationId} = await questionWithPhoto("With a photo", "What is this?", "IMG_0001.jpg");
    const html = unwrap(
        await t.api.invoke("conversations.export", {id: conversationId, format: "html"}),
    ).content;
    const full = unwrap(await t.api.invoke("attachments.read", {id: kept.id, size: "full"}));
    assert.ok(
        html.includes(
            `<img src="data:image/jpeg;base64,${full.data}" alt="IMG_0001.jpg" width="1365" height="2048">`,
        ),
    );
    const md = unwrap(
        await t.api.invoke("conversations.export", {id: conversationId, format: "markdown"}),
    ).content;
    assert.match(md, /\*Image: IMG_0001\.jpg \(1365×2048\)\*\n\nWhat is this\?/);
});

test("a JSON export carries its images' pixels; imported into another library, each is checked again and shown with its question", async () => {
    const {kept, conversationId} = await questionWithPhoto("Photo to carry", "What is this?", "IMG_0002.jpg");
    const json = unwrap(
        await t.api.invoke("conversations.export", {id: conversationId, format: "json"}),
    ).content;
    const data = JSON.parse(json) as ExportedConversation;
    const full = unwrap(await t.api.invoke("attachments.read", {id: kept.id, size: "full"}));
    assert.equal(data.version, 3);
    assert.deepEqual(data.images, {[kept.id]: {mime: "image/jpeg", data: full.data}});

    const other = await openTestCore({modelPath: null});
    try {
        const imported = unwrap(await other.api.invoke("conversations.import", {data}));
        const [question] = unwrap(await other.api.invoke("messages.list", {conversationId: imported.id}));
        const [image] = question!.attachments!;
        assert.equal(image!.name, "IMG_0002.jpg");
        assert.deepEqual([image!.mime, image!.width, image!.height], ["image/jpeg", 1365, 2048]);
        // Kept by the hash of the bytes the file carried, not under the id it claims (which names the photo
        // as first sent): a file cannot put its pixels under another image's id.
        const carried = Buffer.from(data.images[kept.id]!.data, "base64");
        assert.equal(image!.id, createHash("sha256").update(carried).digest("hex"));
        assert.notEqual(image!.id, kept.id);
        const copy = unwrap(await other.api.invoke("attachments.read", {id: image!.id, size: "full"}));
        const pixel = await sharp(Buffer.from(copy.data, "base64")).resize(1, 1).raw().toBuffer();
        assert.ok(
            pixel[0]! > 150 && pixel[1]! < 80,
            `the photo's red, not another image: ${[...pixel].join(",")}`,
        );
    } finally {
        await other.core.dispose();
    }
});

test("cairn import: an exported image that is not an image is left out with a note; its conversation comes in", async () => {
    const {kept, conversationId} = await questionWithPhoto("Damaged photo", "And this?", "IMG_0003.jpg");
    const data = JSON.parse(
        unwrap(await t.api.invoke("conversations.export", {id: conversationId, format: "json"})).content,
    ) as ExportedConversation;
    data.images![kept.id]!.data = Buffer.from("not a JPEG at all").toString("base64");
    const file = path.join(tempDir(), "damaged.json");
    fs.writeFileSync(file, JSON.stringify(data));
    const dataDir = tempDir();
    const run = await runCli(["import", "--data", dataDir, file]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /damaged\.json \(Cairn\): 1 conversation imported \(1 message\)/);
    assert.match(
        run.stdout,
        /note: Damaged photo: the image IMG_0003\.jpg was left out: IMG_0003\.jpg is not an image Cairn can read/,
    );
});

test("restore --merge: a backup's images come in with its conversations", async () => {
    await questionWithPhoto("Photo in a backup", "Keep this", "IMG_0004.jpg");
    const backup = path.join(tempDir(), "photos.cairn-backup");
    assert.equal((await runCli(["backup", "--data", t.dataDir, backup])).code, 0);
    const dataDir = tempDir();
    const merged = await runCli(["restore", "--merge", "--data", dataDir, backup]);
    assert.equal(merged.code, 0, merged.stderr);
    assert.doesNotMatch(merged.stdout, /note:/);
    const json = await runCli(["export", "--data", dataDir, "--format", "jsonl", "--all"]);
    const merges = json.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as ExportedConversation);
    const photo4 = merges.find((d) => d.conversation.title === "Photo in a backup")!;
    const [image] = photo4.messages[0]!.attachments!;
    assert.equal(image!.name, "IMG_0004.jpg");
    assert.equal(photo4.images?.[image!.id]?.mime, "image/jpeg");
});
