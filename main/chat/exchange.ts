import {randomUUID} from "node:crypto";
import type {
    Attachment,
    Conversation,
    ExportedConversation,
    ExportedImage,
    Message,
    Plan,
    ToolCallRecord,
} from "../../shared/contract.js";
import type {AttachmentStore} from "../store/attachments.js";
import type {CitationStore} from "../store/citations.js";
import type {ConversationStore} from "../store/conversations.js";
import type {ToolCallStore} from "../store/toolCalls.js";
import {messageOf} from "../../shared/format.js";

const RESULT_CHARS = 4000;

/**
 * Everything about a conversation, as the JSON file `conversations.import` reads back, with the pixels of every
 * image its messages show (version 3), so that the file is whole without the library.
 */
export function exportJson(
    conversation: Conversation,
    messages: Message[],
    headId: string | null,
    attachments: Pick<AttachmentStore, "read">,
): ExportedConversation {
    const data: ExportedConversation = {
        format: "cairn.conversation",
        version: 3,
        exportedAt: Date.now(),
        conversation,
        messages,
        headId,
    };
    const images: Record<string, ExportedImage> = {};
    for (const message of messages)
        for (const {id} of message.attachments ?? []) {
            const image = id in images ? null : attachments.read(id, "full");
            if (image)
                images[id] = {mime: image.mime as ExportedImage["mime"], data: image.data.toString("base64")};
        }
    if (Object.keys(images).length > 0) data.images = images;
    return data;
}

/**
 * Keeps the images of an exported conversation, each checked again as an attached file is (decoded within the
 * limits, turned upright, metadata stripped, downscaled; kept by the hash of its bytes, never by the id the file
 * claims, which only links it to its messages). Returns what was kept by the file's ids, and a note for each
 * image that could not be (the conversation comes in without it).
 */
export async function keepImages(
    data: ExportedConversation,
    attachments: AttachmentStore,
): Promise<{kept: Map<string, Attachment>; notes: string[]}> {
    const kept = new Map<string, Attachment>();
    const notes: string[] = [];
    const names = new Map<string, string>();
    for (const message of data.messages)
        for (const a of message.attachments ?? []) if (!names.has(a.id)) names.set(a.id, a.name);
    let missing = 0;
    for (const [id, name] of names) {
        const image = data.images?.[id];
        if (!image || typeof image.data !== "string") {
            missing++;
            continue;
        }
        try {
            kept.set(id, await attachments.keep(Buffer.from(image.data, "base64"), name));
        } catch (error) {
            notes.push(`the image ${name} was left out: ${messageOf(error)}`);
        }
    }
    if (missing > 0)
        notes.push(
            `${missing === 1 ? "1 image was" : `${missing} images were`} named but not in the file (an export before version 3 names images without their pixels)`,
        );
    return {kept, notes};
}

/** What an export shows besides the messages themselves (Markdown and HTML; JSON keeps everything). */
export type ExportParts = {thinking: boolean; tools: boolean; sources: boolean};
export const ALL_PARTS: ExportParts = {thinking: true, tools: true, sources: true};

/** A conversation as Markdown: citations as footnotes, each tool step as a collapsible details block. */
export function exportMarkdown(
    conversation: Conversation,
    messages: Message[],
    parts: ExportParts = ALL_PARTS,
): string {
    const blocks = [`# ${conversation.title}`, `*Exported from Cairn on ${stamp(Date.now())}.*`];
    messages.forEach((message, index) => {
        blocks.push(
            `## ${speaker(message)} · ${stamp(message.createdAt)}${message.model ? ` · ${message.model}` : ""}`,
        );
        if (parts.thinking && message.thought) blocks.push(thoughtBlock(message.thought, message.thoughtMs));
        if (parts.tools && message.plan) blocks.push(planList(message.plan));
        if (parts.tools) blocks.push(...message.toolCalls.map(toolStep));
        // Markdown holds no pixels: each image is named (the HTML and PDF exports embed them).
        for (const a of message.attachments ?? []) blocks.push(`*Image: ${a.name} (${a.width}×${a.height})*`);
        blocks.push(parts.sources ? withFootnotes(message, `m${index + 1}`) : withoutMarkers(message));
    });
    return `${blocks.filter(Boolean).join("\n\n")}\n`;
}

export function speaker(message: Message): string {
    return message.role === "user" ? "You" : message.role === "assistant" ? "Cairn" : "System";
}

/**
 * Imports an exported conversation as a new one, with new ids; an answer cut off mid-stream stays cut off.
 * `images`: its images kept already (keepImages), linked to the messages that show them.
 */
export function importConversation(
    data: ExportedConversation,
    stores: {conversations: ConversationStore; toolCalls: ToolCallStore; citations: CitationStore},
    images: ReadonlyMap<string, Attachment> = new Map(),
): Conversation {
    const {conversations, toolCalls, citations} = stores;
    const source = data.conversation;
    const created = conversations.create(source.title);
    conversations.setMode(created.id, source.mode);
    if (source.generation) conversations.setGeneration(created.id, source.generation);
    const ids = new Map<string, string>();
    let previous: string | null = null;
    for (const message of data.messages) {
        // Version 1 files list one branch in order; version 2 name each message's parent.
        const parent = data.version === 1 ? previous : (message.parentId ?? null);
        const copy = conversations.addMessage({
            conversationId: created.id,
            role: message.role,
            content: "",
            status: "streaming",
            model: message.model,
            createdAt: message.createdAt,
            parentId: parent === null ? null : (ids.get(parent) ?? previous),
            attachments: (message.attachments ?? []).flatMap((a) => {
                const image = images.get(a.id);
                return image ? [{id: image.id, name: a.name}] : [];
            }),
        });
        ids.set(message.id, copy.id);
        previous = copy.id;
        const callIds = new Map<string, string>();
        for (const call of message.toolCalls) {
            const id = randomUUID();
            callIds.set(call.id, id);
            // A composite tool's inner calls follow their parent, whose new id is known by then.
            const parentId = call.parentId ? callIds.get(call.parentId) : undefined;
            const {parentId: _old, ...rest} = call;
            toolCalls.save({
                ...rest,
                ...(parentId ? {parentId} : {}),
                id,
                messageId: copy.id,
                conversationId: created.id,
            });
        }
        if (message.plan) {
            const steps = message.plan.steps.map(({toolCallId, ...step}) => {
                const id = toolCallId ? callIds.get(toolCallId) : undefined;
                return id ? {...step, toolCallId: id} : step;
            });
            conversations.setPlan(copy.id, {...message.plan, steps});
        }
        for (const citation of message.citations) {
            const toolCallId = citation.toolCallId ? (callIds.get(citation.toolCallId) ?? null) : null;
            citations.add(copy.id, {...citation, toolCallId});
        }
        conversations.finish(copy.id, {
            content: message.content,
            status: message.status === "streaming" ? "interrupted" : message.status,
            stats: message.stats && {...message.stats, thoughtTokens: message.stats.thoughtTokens ?? 0},
            error: message.error,
            thought: message.thought ?? "",
            thoughtMs: message.thoughtMs ?? null,
        });
    }
    const head = data.headId ? ids.get(data.headId) : undefined;
    if (head) conversations.showVersion(head);
    return conversations.get(created.id)!;
}

function thoughtBlock(thought: string, ms: number | null): string {
    const label = ms === null ? "Thought" : `Thought for ${Math.round(ms / 100) / 10} s`;
    return ["<details>", `<summary>${label}</summary>`, "", thought.trim(), "", "</details>"].join("\n");
}

/** A plan as a task list: done steps checked, the others with their status. */
export function planList(plan: Plan): string {
    const lines = plan.steps.map((step) => {
        const what = step.tool ? ` (\`${step.tool}\`)` : step.action === "memory" ? " (documents)" : "";
        const status = step.status === "ok" ? "" : ` — ${step.status}${step.error ? `: ${step.error}` : ""}`;
        return `- [${step.status === "ok" ? "x" : " "}] ${step.label}${what}${status}`;
    });
    return [`**Plan** (${plan.state})`, "", ...lines].join("\n");
}

function toolStep(call: ToolCallRecord): string {
    const result = call.status === "ok" ? call.resultText : call.error;
    const shown = result && result.length > RESULT_CHARS ? `${result.slice(0, RESULT_CHARS)}\n…` : result;
    return [
        "<details>",
        `<summary>Tool: ${call.tool} (${call.status})</summary>`,
        "",
        fence("json", JSON.stringify(call.args ?? call.rawArgs, null, 2)),
        "",
        shown ? fence("text", shown) : "",
        "</details>",
    ].join("\n");
}

/** The text with its citation markers taken out (sources left out of the export). */
export function withoutMarkers(message: Message): string {
    const known = new Set(message.citations.map((c) => c.number));
    return message.content.replace(/\[(\d{1,3})\](?!\()/g, (marker, n: string) =>
        known.has(Number(n)) ? "" : marker,
    );
}

/** [n] markers become footnotes named per message (`[^m3-1]`), listed after the message. */
export function withFootnotes(message: Message, prefix: string): string {
    if (message.citations.length === 0) return message.content;
    const known = new Set(message.citations.map((c) => c.number));
    const text = message.content.replace(/\[(\d{1,3})\](?!\()/g, (marker, n: string) =>
        known.has(Number(n)) ? `[^${prefix}-${n}]` : marker,
    );
    const notes = message.citations.map(
        (c) => `[^${prefix}-${c.number}]: ${c.title}${c.url ? ` — <${c.url}>` : ""}`,
    );
    return `${text}\n\n${notes.join("\n")}`;
}

function fence(language: string, text: string): string {
    const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
    const ticks = "`".repeat(longest + 1);
    return `${ticks}${language}\n${text}\n${ticks}`;
}

export function stamp(time: number): string {
    return new Date(time).toISOString().replace("T", " ").slice(0, 16);
}

/** A file name from the title: letters, digits and dashes. */
export function exportFileName(title: string, extension: string): string {
    const base = title
        .normalize("NFKD")
        .replace(/[^\p{L}\p{N}]+/gu, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 60);
    return `${base || "conversation"}.${extension}`;
}
