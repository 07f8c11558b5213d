import {
    attachmentBlock,
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

/**
 * One chat of Open WebUI's export (Settings → Chats → Export, a JSON array): `chat.history.messages` is the
 * tree (each with `parentId`) and `chat.history.currentId` the branch shown. Reasoning and tool calls that
 * Open WebUI folds into the text as `<details>` blocks become the answer's thought and steps (from
 * `output` when the export has it).
 */
export function fromOpenWebui(raw: Record<string, unknown>): ImportedConversation {
    const sourceId = text(raw.id);
    const chat = isRecord(raw.chat) ? raw.chat : null;
    if (!sourceId || !chat) throw Skip.saying("skipNoIdOrChat");
    const history = isRecord(chat.history) ? chat.history : null;
    const createdAt = toMillis(raw.created_at) ?? toMillis(chat.timestamp) ?? Date.now();
    const models = Array.isArray(chat.models) ? chat.models.map(text).filter(Boolean) : [];
    const list = history && isRecord(history.messages) ? Object.values(history.messages) : chat.messages;
    if (!Array.isArray(list)) throw Skip.saying("skipNoMessages");
    const linear = !history;
    const messages: ImportedMessage[] = [];
    list.filter(isRecord).forEach((item, index) => {
        const id = text(item.id) || `#${index}`;
        const role = item.role === "user" || item.role === "system" ? item.role : "assistant";
        const parentId = linear ? (messages[messages.length - 1]?.id ?? null) : text(item.parentId) || null;
        messages.push({
            id,
            parentId,
            role,
            ...body(item),
            createdAt: toMillis(item.timestamp) ?? createdAt,
            model: role === "assistant" ? text(item.model) || models[0] || null : null,
            status: item.done === false ? "interrupted" : "complete",
        });
    });
    return {
        source: "openwebui",
        sourceId,
        title: text(raw.title).trim() || text(chat.title).trim() || "Untitled",
        createdAt,
        updatedAt: toMillis(raw.updated_at) ?? createdAt,
        messages,
        headId: history ? text(history.currentId) || null : null,
    };
}

const DETAILS = /<details type="(\w+)"[^>]*>([\s\S]*?)<\/details>/g;

function body(item: Record<string, unknown>): {content: string; thought: string; steps: ImportedStep[]} {
    const thoughts: string[] = [];
    const folded: ImportedStep[] = [];
    let content = text(item.content).replace(DETAILS, (_all, type: string, inner: string) => {
        const shown = unescapeHtml(inner.replace(/<summary>[\s\S]*?<\/summary>/, "")).trim();
        if (type === "reasoning") thoughts.push(shown.replace(/^> ?/gm, ""));
        else if (type === "tool_calls") folded.push({tool: "tool", args: null, result: shown, failed: false});
        return "";
    });
    const split = splitThinking(content);
    content = split.content.trim();
    if (split.thought) thoughts.push(split.thought);
    const steps = stepsFromOutput(item.output) ?? folded;
    for (const file of Array.isArray(item.files) ? item.files.filter(isRecord) : []) {
        content += `\n\n${attachmentBlock(text(file.name) || text(file.url) || "a file", null)}`;
    }
    if (thoughts.length === 0) thoughts.push(...reasoningFromOutput(item.output));
    return {content: content.trim(), thought: thoughts.filter(Boolean).join("\n\n"), steps};
}

/** Newer exports list the answer's parts in `output`, as the Responses API does. */
function stepsFromOutput(output: unknown): ImportedStep[] | null {
    if (!Array.isArray(output)) return null;
    const steps = new Map<string, ImportedStep>();
    for (const part of output.filter(isRecord)) {
        const id = text(part.call_id) || text(part.id);
        if (part.type === "function_call") {
            let args: unknown = text(part.arguments);
            try {
                args = JSON.parse(args as string);
            } catch {
                // kept as the text the model wrote
            }
            steps.set(id, {tool: text(part.name) || "tool", args, result: "", failed: false});
        } else if (part.type === "function_call_output") {
            const step = steps.get(id) ?? {tool: "tool", args: null, result: "", failed: false};
            step.result = stepResult(part.output);
            steps.set(id, step);
        }
    }
    return steps.size ? [...steps.values()] : null;
}

function reasoningFromOutput(output: unknown): string[] {
    if (!Array.isArray(output)) return [];
    return output
        .filter(isRecord)
        .filter((part) => part.type === "reasoning")
        .map((part) => stepResult(part.content));
}

function unescapeHtml(value: string): string {
    return value
        .replace(/&gt;/g, ">")
        .replace(/&lt;/g, "<")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&");
}
