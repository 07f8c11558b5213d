import {
    isRecord,
    Skip,
    text,
    toMillis,
    type ImportedConversation,
    type ImportedMessage,
    type ImportedStep,
} from "./model.js";

type Node = {id: string; parent: string | null; message: Record<string, unknown> | null};

/**
 * One conversation of ChatGPT's data export (`conversations.json`): its `mapping` is the message tree and
 * `current_node` the branch shown. Hidden messages (custom instructions, empty system prompts) are left
 * out; a call to a tool (`recipient` other than "all") and the tool's answer become a step of the answer
 * that follows them, and reasoning (`thoughts`) its thought.
 */
export function fromChatGpt(raw: Record<string, unknown>): ImportedConversation {
    const sourceId = text(raw.conversation_id) || text(raw.id);
    if (!sourceId) throw Skip.saying("skipNoField", {field: "id"});
    if (!isRecord(raw.mapping)) throw Skip.saying("skipNoMapping");
    const nodes = new Map<string, Node>();
    for (const [key, value] of Object.entries(raw.mapping)) {
        if (!isRecord(value)) continue;
        const message = isRecord(value.message) ? value.message : null;
        nodes.set(key, {id: key, parent: text(value.parent) || null, message});
    }
    const createdAt = toMillis(raw.create_time) ?? Date.now();
    const messages: ImportedMessage[] = [];
    for (const node of nodes.values()) {
        const message = node.message && visible(node.message);
        if (!message) continue;
        const {parentId, steps, thought} = gatherUp(node, nodes);
        messages.push({
            ...message,
            id: node.id,
            parentId,
            steps,
            thought,
            createdAt: toMillis(node.message!.create_time) ?? createdAt,
        });
    }
    const current = text(raw.current_node);
    return {
        source: "chatgpt",
        sourceId,
        title: text(raw.title).trim() || "Untitled",
        createdAt,
        updatedAt: toMillis(raw.update_time) ?? createdAt,
        messages,
        headId: current ? nearestShown(current, nodes) : null,
    };
}

const SHOWN_ROLES = new Set(["user", "assistant", "system"]);

/** The message as Cairn shows it, or null when ChatGPT did not show it in the conversation. */
function visible(
    message: Record<string, unknown>,
): Omit<ImportedMessage, "id" | "parentId" | "steps" | "thought" | "createdAt"> | null {
    const author = isRecord(message.author) ? message.author : {};
    const role = text(author.role);
    const metadata = isRecord(message.metadata) ? message.metadata : {};
    if (!SHOWN_ROLES.has(role) || metadata.is_visually_hidden_from_conversation === true) return null;
    const recipient = text(message.recipient) || "all";
    if (recipient !== "all") return null;
    const content = isRecord(message.content) ? message.content : {};
    if (content.content_type === "thoughts" || content.content_type === "reasoning_recap") return null;
    if (content.content_type === "user_editable_context") return null;
    const body = contentText(content);
    if (!body.trim() && role !== "assistant") return null;
    const finish = isRecord(metadata.finish_details) ? text(metadata.finish_details.type) : "";
    return {
        role: role as ImportedMessage["role"],
        content: body,
        model: text(metadata.model_slug) || null,
        status: message.status === "in_progress" || finish === "interrupted" ? "interrupted" : "complete",
    };
}

/** The text of a message's content, by its content_type. */
export function contentText(content: Record<string, unknown>): string {
    const parts = Array.isArray(content.parts) ? content.parts : [];
    switch (content.content_type) {
        case "text":
        case "multimodal_text":
            return parts.map(partText).filter(Boolean).join("\n\n");
        case "code": {
            const language = text(content.language);
            return `\`\`\`${language === "unknown" ? "" : language}\n${text(content.text)}\n\`\`\``;
        }
        case "tether_quote": {
            const source = [text(content.title), text(content.url)].filter(Boolean).join(", ");
            const quote = text(content.text)
                .split("\n")
                .map((line) => `> ${line}`)
                .join("\n");
            return source ? `${quote}\n\n— ${source}` : quote;
        }
        case "tether_browsing_display":
            return text(content.result) || text(content.summary);
        case "execution_output":
        case "system_error":
            return text(content.text);
        default:
            return text(content.text) || parts.map(partText).filter(Boolean).join("\n\n");
    }
}

function partText(part: unknown): string {
    if (typeof part === "string") return part;
    if (!isRecord(part)) return "";
    if (part.content_type === "image_asset_pointer") return "*[image from the export: not brought in]*";
    if (part.content_type === "audio_transcription") return text(part.text);
    return text(part.text);
}

/**
 * The nearest shown ancestor of a node, and what lies between them: tool calls and their answers (the
 * steps of this answer) and reasoning. A loop in the parents stops the walk there.
 */
function gatherUp(
    node: Node,
    nodes: Map<string, Node>,
): {parentId: string | null; steps: ImportedStep[]; thought: string} {
    const between: Node[] = [];
    const seen = new Set([node.id]);
    let parent = node.parent ? nodes.get(node.parent) : undefined;
    while (parent && !seen.has(parent.id) && !(parent.message && visible(parent.message))) {
        seen.add(parent.id);
        between.unshift(parent);
        parent = parent.parent ? nodes.get(parent.parent) : undefined;
    }
    const shownParent = parent && !seen.has(parent.id) ? parent.id : null;
    // A parent named but missing from the mapping: kept as named, so that save.ts reports it.
    const parentId =
        shownParent ?? (between.length === 0 && node.parent && !nodes.has(node.parent) ? node.parent : null);
    return {parentId, ...stepsOf(between)};
}

function stepsOf(between: Node[]): {steps: ImportedStep[]; thought: string} {
    const steps: ImportedStep[] = [];
    const thoughts: string[] = [];
    for (const {message} of between) {
        if (!message) continue;
        const author = isRecord(message.author) ? message.author : {};
        const content = isRecord(message.content) ? message.content : {};
        if (content.content_type === "thoughts" && Array.isArray(content.thoughts)) {
            for (const t of content.thoughts)
                if (isRecord(t)) thoughts.push(text(t.content) || text(t.summary));
        } else if (author.role === "assistant" && text(message.recipient) && message.recipient !== "all") {
            steps.push({
                tool: text(message.recipient),
                args: contentText(content),
                result: "",
                failed: false,
            });
        } else if (author.role === "tool") {
            const result = contentText(content);
            const open = steps.findLast((s) => !s.result);
            if (open) open.result = result;
            else if (result)
                steps.push({tool: text(author.name) || "tool", args: null, result, failed: false});
            if (open && content.content_type === "system_error") open.failed = true;
        }
    }
    return {steps, thought: thoughts.filter(Boolean).join("\n\n")};
}

function nearestShown(id: string, nodes: Map<string, Node>): string | null {
    const seen = new Set<string>();
    for (let node = nodes.get(id); node && !seen.has(node.id); node = nodes.get(node.parent ?? "")) {
        seen.add(node.id);
        if (node.message && visible(node.message)) return node.id;
    }
    return null;
}
