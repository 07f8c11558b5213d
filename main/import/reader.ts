import fs from "node:fs";
import path from "node:path";
import type {Readable} from "node:stream";
import os from "node:os";
import {JSONParser} from "@streamparser/json";
import Database from "better-sqlite3";
import yauzl from "yauzl";
import {reason} from "../paths.js";
import {ReasonError} from "../words.js";
import {exportJson} from "../chat/exchange.js";
import {checkBackup} from "../store/backup.js";
import {ConversationStore} from "../store/conversations.js";
import {DB_FILE_NAME, openDatabase} from "../store/db.js";
import {MIGRATIONS} from "../store/migrations.js";
import type {JanThread} from "./jan.js";
import {messageOf} from "../../shared/format.js";
import {parseJson} from "../../shared/json.js";

/** One conversation as the export holds it, not yet understood (see convert.ts). */
export type RawItem = {value: unknown; fileName: string} | {jan: JanThread};

/** Reports how far through its input the reader is, as a share of 1. */
export type OnShare = (share: number) => void;

/** A file Cairn cannot read as an export: the whole file is refused, in words that say why. */
export class BadExport extends ReasonError {}

/**
 * A single JSON object (one conversation) is read whole, then parsed: above this it is refused (a 200 MB
 * object grew the process by 685 MB when the limit was 256 MB; 129 MB now).
 */
const MAX_OBJECT_BYTES = 64 * 1024 * 1024;

/**
 * The most bytes one conversation of a list may take: a 2 MB zip holding one 2 GiB string grew the reader's
 * string to 1.1 GB before the worker's heap ended it. Past this the file stops, the conversations before it in.
 */
export const MAX_ITEM_BYTES = 64 * 1024 * 1024;

/** A conversation of an export larger than MAX_ITEM_BYTES: the file stops there (run.ts says so). */
export class ItemTooLarge extends Error {
    readonly size = `${MAX_ITEM_BYTES / 2 ** 20} MB`;
}
const CONVERSATIONS_JSON = "conversations.json";

/**
 * Every conversation in an export: a JSON file (an array is streamed, one element at a time, so a 1 GB
 * conversations.json is never in memory at once), a zip (ChatGPT's and Claude's downloads), or a folder
 * (Jan's threads, LM Studio's conversations, an unzipped export).
 */
export async function* readExport(
    file: string,
    onShare: OnShare,
    name = path.basename(file),
): AsyncGenerator<RawItem, void> {
    let stat: fs.Stats;
    try {
        stat = await fs.promises.stat(file);
    } catch (error) {
        throw BadExport.saying("importCannotRead", {name, reason: reason(error)});
    }
    if (stat.isDirectory()) return yield* readFolder(file, onShare);
    if (path.basename(file) === "messages.jsonl" || path.basename(file) === "thread.json") {
        yield {jan: await readJanThread(path.dirname(file))};
        return onShare(1);
    }
    const head = await firstBytes(file, 16);
    if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
        return yield* readZip(file, name, onShare);
    if (head.toString("latin1") === "SQLite format 3\0") return yield* readBackup(file, name, onShare);
    if (name.endsWith(".jsonl")) return yield* readJsonLines(file, stat.size, name, onShare);
    yield* readJson(fs.createReadStream(file), stat.size, name, onShare);
}

async function firstBytes(file: string, count: number): Promise<Buffer> {
    const handle = await fs.promises.open(file, "r");
    try {
        const head = Buffer.alloc(count);
        const {bytesRead} = await handle.read(head, 0, count, 0);
        return head.subarray(0, bytesRead);
    } finally {
        await handle.close();
    }
}

/**
 * A Cairn backup's conversations, each as Cairn's own export (every version, tool calls, citations), to
 * merge into the library. A backup of an older schema is read from an upgraded copy; the backup itself is
 * never changed.
 */
async function* readBackup(file: string, name: string, onShare: OnShare): AsyncGenerator<RawItem, void> {
    const checked = checkBackup(file);
    if (!checked.ok) throw new BadExport(checked.message.replace(file, name).replace("restore", "merge"));
    const newest = Math.max(...MIGRATIONS.map((m) => m.version));
    let copyDir: string | null = null;
    let source = file;
    if (checked.value.schema < newest) {
        copyDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "cairn-merge-"));
        source = path.join(copyDir, DB_FILE_NAME);
        await fs.promises.copyFile(file, source);
    }
    const db = copyDir ? openDatabase(source) : new Database(source, {readonly: true, fileMustExist: true});
    try {
        const store = new ConversationStore(db);
        const conversations = store.list();
        for (const [index, conversation] of conversations.entries()) {
            const value = exportJson(
                conversation,
                store.allMessages(conversation.id),
                store.head(conversation.id),
                store.attachments,
            );
            yield {value, fileName: name};
            onShare((index + 1) / conversations.length);
        }
    } finally {
        db.close();
        if (copyDir) await fs.promises.rm(copyDir, {recursive: true, force: true});
    }
}

/** A JSON export streamed: an array's elements one by one, or one object (whole). Checks UTF-8 as it goes. */
async function* readJson(
    stream: Readable,
    size: number,
    name: string,
    onShare: OnShare,
): AsyncGenerator<RawItem, void> {
    const decoder = new TextDecoder("utf-8", {fatal: true});
    const found: unknown[] = [];
    let parser: JSONParser | null = null;
    let whole = "";
    let first = "";
    let read = 0;
    let sinceValue = 0;
    try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
            let piece: string;
            try {
                piece = decoder.decode(chunk, {stream: true});
            } catch {
                throw BadExport.saying("importNotUtf8At", {name, bytes: read + chunk.length});
            }
            read += chunk.length;
            if (!first) {
                first = piece.trimStart().charAt(0);
                if (first && first !== "[" && first !== "{") throw BadExport.saying("importNotJson", {name});
                if (first === "[") parser = arrayParser(found);
            }
            if (parser) {
                if (parser.isEnded) {
                    if (piece.trim()) throw BadExport.saying("importMoreAfterList", {name});
                } else parser.write(piece);
                // Bytes since the last whole conversation: one that never ends is refused, not held.
                sinceValue = found.length > 0 ? 0 : sinceValue + chunk.length;
                if (sinceValue > MAX_ITEM_BYTES)
                    throw new ItemTooLarge(`a conversation of ${name} is over ${MAX_ITEM_BYTES} bytes`);
                for (const value of found.splice(0)) yield {value, fileName: name};
            } else {
                whole += piece;
                if (whole.length > MAX_OBJECT_BYTES) throw BadExport.saying("importObjectTooLarge", {name});
            }
            onShare(size ? Math.min(1, read / size) : 0);
        }
        decoder.decode();
        if (!first) throw BadExport.saying("importEmpty", {name});
        if (parser) {
            if (!parser.isEnded) parser.end();
            for (const value of found.splice(0)) yield {value, fileName: name};
        } else {
            yield* objectItems(JSON.parse(whole), name);
        }
    } catch (error) {
        if (error instanceof BadExport || error instanceof ItemTooLarge) throw error;
        const message = messageOf(error);
        if (error instanceof TypeError && /encoded data/.test(message))
            throw BadExport.saying("importNotUtf8End", {name});
        throw BadExport.saying("importBadJson", {name, detail: message});
    } finally {
        stream.destroy();
    }
}

/** JSON lines (Cairn's library export): one conversation per line, read line by line. */
async function* readJsonLines(
    file: string,
    size: number,
    name: string,
    onShare: OnShare,
): AsyncGenerator<RawItem, void> {
    const decoder = new TextDecoder("utf-8", {fatal: true});
    let pending = "";
    let read = 0;
    let line = 0;
    const parse = (text: string) => {
        line++;
        try {
            return parseJson(text);
        } catch (error) {
            throw BadExport.saying("importBadJsonLine", {name, line, detail: messageOf(error)});
        }
    };
    for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
        try {
            pending += decoder.decode(chunk, {stream: true});
        } catch {
            throw BadExport.saying("importNotUtf8At", {name, bytes: read + chunk.length});
        }
        read += chunk.length;
        const lines = pending.split("\n");
        pending = lines.pop()!;
        for (const text of lines) if (text.trim()) yield {value: parse(text), fileName: name};
        onShare(size ? read / size : 0);
    }
    if (pending.trim()) yield {value: parse(pending), fileName: name};
}

function arrayParser(found: unknown[]): JSONParser {
    const parser = new JSONParser({paths: ["$.*"], keepStack: false});
    parser.onValue = ({value}) => found.push(value);
    return parser;
}

/** One conversation (LM Studio, Cairn, a single Open WebUI chat) or a wrapper holding a list of them. */
function* objectItems(value: unknown, fileName: string): Generator<RawItem, void> {
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.conversations)) {
        for (const item of record.conversations) yield {value: item, fileName};
    } else {
        yield {value, fileName};
    }
}

async function* readFolder(folder: string, onShare: OnShare): AsyncGenerator<RawItem, void> {
    const entries = await fs.promises.readdir(folder, {withFileTypes: true});
    const names = new Set(entries.map((e) => e.name));
    if (names.has(CONVERSATIONS_JSON)) {
        const file = path.join(folder, CONVERSATIONS_JSON);
        const {size} = await fs.promises.stat(file);
        return yield* readJson(fs.createReadStream(file), size, CONVERSATIONS_JSON, onShare);
    }
    if (names.has("thread.json")) {
        yield {jan: await readJanThread(folder)};
        return onShare(1);
    }
    const threads = names.has("threads") ? path.join(folder, "threads") : folder;
    const threadFolders = (await fs.promises.readdir(threads, {withFileTypes: true}))
        .filter((e) => e.isDirectory() && fs.existsSync(path.join(threads, e.name, "thread.json")))
        .map((e) => path.join(threads, e.name));
    const lmStudio = entries.filter((e) => e.isFile() && e.name.endsWith(".conversation.json"));
    if (threadFolders.length === 0 && lmStudio.length === 0) {
        throw BadExport.saying("importFolderNothing", {folder});
    }
    const total = threadFolders.length + lmStudio.length;
    let done = 0;
    for (const thread of threadFolders) {
        yield {jan: await readJanThread(thread)};
        onShare(++done / total);
    }
    for (const entry of lmStudio) {
        const file = path.join(folder, entry.name);
        yield* readJson(fs.createReadStream(file), 0, entry.name, () => undefined);
        onShare(++done / total);
    }
}

async function readJanThread(folder: string): Promise<JanThread> {
    const name = path.basename(folder);
    const read = async (file: string) => {
        const bytes = await fs.promises.readFile(path.join(folder, file)).catch(() => null);
        if (!bytes) return null;
        try {
            return new TextDecoder("utf-8", {fatal: true}).decode(bytes);
        } catch {
            throw BadExport.saying("importNotUtf8", {name: `${name}/${file}`});
        }
    };
    return janThread(name, await read("thread.json"), await read("messages.jsonl"));
}

export function janThread(
    folder: string,
    threadJson: string | null,
    messagesJsonl: string | null,
): JanThread {
    let thread: Record<string, unknown> = {};
    try {
        if (threadJson) thread = JSON.parse(threadJson) as Record<string, unknown>;
    } catch (error) {
        throw BadExport.saying("importThreadBadJson", {
            name: `${folder}/thread.json`,
            detail: messageOf(error),
        });
    }
    const messages = (messagesJsonl ?? "")
        .split("\n")
        .filter((line) => line.trim())
        .map((line, index) => {
            try {
                return parseJson(line);
            } catch {
                throw BadExport.saying("importLineBadJson", {
                    name: `${folder}/messages.jsonl`,
                    line: index + 1,
                });
            }
        });
    return {folder, thread, messages};
}

/**
 * ChatGPT's and Claude's downloads: conversations.json inside, streamed from the zip. A zip of Jan threads
 * or LM Studio conversations is read entry by entry.
 */
async function* readZip(file: string, name: string, onShare: OnShare): AsyncGenerator<RawItem, void> {
    const zip = await openZip(file, name);
    try {
        const entries = await listEntries(zip);
        const conversations = entries
            .filter((e) => path.posix.basename(e.fileName) === CONVERSATIONS_JSON)
            .sort((a, b) => a.fileName.length - b.fileName.length)[0];
        if (conversations) {
            const stream = await openEntry(zip, conversations);
            return yield* readJson(stream, conversations.uncompressedSize, CONVERSATIONS_JSON, onShare);
        }
        yield* zipThreads(zip, entries, onShare);
    } finally {
        zip.close();
    }
}

async function* zipThreads(
    zip: Zip,
    entries: yauzl.Entry[],
    onShare: OnShare,
): AsyncGenerator<RawItem, void> {
    const threads = entries.filter((e) => path.posix.basename(e.fileName) === "thread.json");
    const lmStudio = entries.filter((e) => e.fileName.endsWith(".conversation.json"));
    if (threads.length === 0 && lmStudio.length === 0) {
        throw BadExport.saying("importZipNothing", {name: zip.fileName ?? "zip"});
    }
    const total = threads.length + lmStudio.length;
    let done = 0;
    for (const thread of threads) {
        const folder = path.posix.dirname(thread.fileName);
        const messages = entries.find((e) => e.fileName === `${folder}/messages.jsonl`);
        const text = async (entry: yauzl.Entry | undefined) => (entry ? await entryText(zip, entry) : null);
        yield {jan: janThread(path.posix.basename(folder), await text(thread), await text(messages))};
        onShare(++done / total);
    }
    for (const entry of lmStudio) {
        yield* readJson(
            await openEntry(zip, entry),
            entry.uncompressedSize,
            path.posix.basename(entry.fileName),
            () => undefined,
        );
        onShare(++done / total);
    }
}

type Zip = yauzl.ZipFile & {fileName?: string};

function openZip(file: string, name: string): Promise<Zip> {
    return new Promise((resolve, reject) => {
        yauzl.open(file, {lazyEntries: true, autoClose: false, validateEntrySizes: true}, (error, zip) => {
            if (error || !zip) {
                return reject(
                    BadExport.saying("importZipIncomplete", {name, detail: error?.message ?? "unreadable"}),
                );
            }
            resolve(Object.assign(zip, {fileName: name}));
        });
    });
}

function listEntries(zip: Zip): Promise<yauzl.Entry[]> {
    return new Promise((resolve, reject) => {
        const entries: yauzl.Entry[] = [];
        zip.on("entry", (entry: yauzl.Entry) => {
            entries.push(entry);
            zip.readEntry();
        });
        zip.once("end", () => resolve(entries));
        zip.once("error", (error: Error) =>
            reject(
                BadExport.saying("importZipDamaged", {
                    name: zip.fileName ?? "zip",
                    detail: error.message,
                }),
            ),
        );
        zip.readEntry();
    });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
    return new Promise((resolve, reject) => {
        zip.openReadStream(entry, (error, stream) => {
            if (error || !stream)
                return reject(
                    BadExport.saying("importZipEntry", {
                        name: entry.fileName,
                        detail: error?.message ?? "unreadable",
                    }),
                );
            resolve(stream);
        });
    });
}

async function entryText(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
    try {
        return new TextDecoder("utf-8", {fatal: true}).decode(Buffer.concat(chunks));
    } catch {
        throw BadExport.saying("importNotUtf8", {name: entry.fileName});
    }
}
