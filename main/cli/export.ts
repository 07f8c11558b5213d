import fs from "node:fs";
import path from "node:path";
import type {Conversation} from "../../shared/contract.js";
import {exportFileName, exportJson, exportMarkdown, type ExportParts} from "../chat/exchange.js";
import {exportHtml} from "../chat/exportHtml.js";
import type {ConversationStore} from "../store/conversations.js";
import type {CliArgs} from "./args.js";

type Out = {write(text: string): void; fail(message: string): number};

/**
 * `cairn export`: conversations as Markdown, HTML or JSON files, or the library as JSON lines (one
 * conversation, with every version of every message, per line), written as it is read.
 */
export async function exportCommand(
    store: ConversationStore,
    dataDir: string,
    args: CliArgs,
    out: Out,
): Promise<number> {
    const format = args.format ?? "markdown";
    if (!args.all && args.positionals.length === 0) {
        return out.fail("name the conversations to export (their ids), or --all for every one");
    }
    const chosen = args.all ? store.list() : args.positionals.map((id) => store.get(id));
    const missing = args.positionals.filter((_id, i) => !chosen[i]);
    if (missing.length) return out.fail(`no conversation ${missing.join(", ")} in ${dataDir}`);
    const conversations = chosen as Conversation[];
    const parts: ExportParts = {
        thinking: !args.without.includes("thinking"),
        tools: !args.without.includes("tools"),
        sources: !args.without.includes("sources"),
    };
    if (format === "jsonl") return await jsonLines(store, conversations, args.out, out);
    if (conversations.length > 1 && !args.out) {
        return out.fail(
            `${conversations.length} conversations make ${conversations.length} files: give --out DIR`,
        );
    }
    const many = conversations.length > 1 || (args.out !== undefined && isFolder(args.out));
    const names = new UniqueNames();
    for (const conversation of conversations) {
        const {fileName, content} = await render(store, conversation, format, parts);
        if (!args.out) out.write(content);
        else {
            const target = many ? path.join(args.out, names.take(fileName)) : args.out;
            fs.mkdirSync(path.dirname(target), {recursive: true});
            fs.writeFileSync(target, content);
            process.stderr.write(`wrote ${target}\n`);
        }
    }
    return 0;
}

async function render(
    store: ConversationStore,
    conversation: Conversation,
    format: "markdown" | "html" | "json",
    parts: ExportParts,
): Promise<{fileName: string; content: string}> {
    const id = conversation.id;
    if (format === "json") {
        const data = exportJson(conversation, store.allMessages(id), store.head(id), store.attachments);
        return {
            fileName: exportFileName(conversation.title, "json"),
            content: `${JSON.stringify(data, null, 2)}\n`,
        };
    }
    if (format === "html") {
        const content = await exportHtml(conversation, store.messages(id), parts, false, (image) =>
            store.attachments.read(image, "full"),
        );
        return {fileName: exportFileName(conversation.title, "html"), content};
    }
    return {
        fileName: exportFileName(conversation.title, "md"),
        content: exportMarkdown(conversation, store.messages(id), parts),
    };
}

async function jsonLines(
    store: ConversationStore,
    conversations: Conversation[],
    file: string | undefined,
    out: Out,
): Promise<number> {
    const stream = file ? fs.createWriteStream(file) : null;
    for (const [index, conversation] of conversations.entries()) {
        const data = exportJson(
            conversation,
            store.allMessages(conversation.id),
            store.head(conversation.id),
            store.attachments,
        );
        const line = `${JSON.stringify(data)}\n`;
        if (!stream) out.write(line);
        else if (!stream.write(line))
            await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
        if (file && (index + 1) % 1000 === 0)
            process.stderr.write(`exported ${index + 1} of ${conversations.length}\n`);
    }
    if (stream) {
        await new Promise<void>((resolve, reject) =>
            stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
        );
        process.stderr.write(`wrote ${conversations.length} conversations to ${file}\n`);
    }
    return 0;
}

function isFolder(target: string): boolean {
    return target.endsWith(path.sep) || (fs.existsSync(target) && fs.statSync(target).isDirectory());
}

/**
 * File names given once in a run: conversations that share a title get "Title (2).md", "Title (3).md", where
 * each wrote over the last (9 conversations made 7 files). Compared without case, as macOS and Windows do.
 */
export class UniqueNames {
    private readonly taken = new Set<string>();

    take(name: string): string {
        const dot = name.lastIndexOf(".");
        const [base, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
        let candidate = name;
        for (let n = 2; this.taken.has(candidate.toLowerCase()); n++)
            candidate = `${base} (${n})${extension}`;
        this.taken.add(candidate.toLowerCase());
        return candidate;
    }
}
