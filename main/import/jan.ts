import {
    isRecord,
    Skip,
    splitThinking,
    stepResult,
    text,
    toMillis,
    type ImportedConversation,
    type ImportedMessage,
    type ImportedStep,
} from "./model.js";

/** A Jan thread as read from its folder: `thread.json` and the lines of `messages.jsonl`. */
export type JanThread = {folder: string; thread: Record<string, unknown>; messages: unknown[]};

/**
 * A Jan thread (`threads/<id>/thread.json` + `messages.jsonl`, one message per line, in order). Content
 * parts: text (`text.value`, with a reasoning model's `<think>` split off as the thought), images (named,
 * not brought in) and tool calls (steps).
 */
export function fromJan({folder, thread, messages: lines}: JanThread): ImportedConversation {
    const sourceId = text(thread.id) || folder;
    if (!sourceId) throw Skip.saying("skipThreadNoId");
    const createdAt = toMillis(thread.created) ?? toMillis(thread.created_at) ?? Date.now();
    const model = threadModel(thread);
    const messages: ImportedMessage[] = [];
    for (const [index, item] of lines.entries()) {
        if (!isRecord(item)) continue;
        const role = item.role === "user" || item.role === "system" ? item.role : "assistant";
        messages.push({
            id: text(item.id) || `#${index}`,
            parentId: messages[messages.length - 1]?.id ?? null,
            role,
            ...body(item.content),
            createdAt: toMillis(item.created_at) ?? toMillis(item.created) ?? createdAt,
            model: role === "assistant" ? text(item.model) || model : null,
            status: item.status === "error" || item.status === "pending" ? "interrupted" : "complete",
        });
    }
    return {
        source: "jan",
        sourceId,
        title: text(thread.title).trim() || text(thread.summary).trim() || "Untitled",
        createdAt,
        updatedAt: toMillis(thread.updated) ?? toMillis(thread.updated_at) ?? createdAt,
        messages,
        headId: null,
    };
}

function threadModel(thread: Record<string, unknown>): string | null {
    const assistant = Array.isArray(thread.assistants) ? thread.assistants.find(isRecord) : undefined;
    const model = assistant?.model;
    if (typeof model === "string") return model || null;
    if (isRecord(model)) return text(model.id) || null;
    return text(thread.model_id) || null;
}

function body(content: unknown): {content: string; thought: string; steps: ImportedStep[]} {
    if (typeof content === "string") return {...splitThinking(content), steps: []};
    const parts: string[] = [];
    const steps: ImportedStep[] = [];
    for (const part of Array.isArray(content) ? content.filter(isRecord) : []) {
        if (part.type === "text") {
            parts.push(isRecord(part.text) ? text(part.text.value) : text(part.text));
        } else if (part.type === "image_url" || part.type === "image") {
            parts.push("*[image from the export: not brought in]*");
        } else if (part.type === "tool_call") {
            steps.push({
                tool: text(part.tool_name) || "tool",
                args: part.input ?? null,
                result: stepResult(part.output),
                failed: false,
            });
        }
    }
    return {...splitThinking(parts.join("\n\n")), steps};
}
