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
    const tree = new Tree(nodes);
    const messages: ImportedMessage[] = [];
    for (const node of nodes.values()) {
        const message = tree.shown(node);
        if (!message) continue;
        const {parentId, steps, thought} = tree.gatherUp(node);
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
        headId: current ? tree.nearestShown(current) : null,
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

type Between = {parentId: string | null; steps: ImportedStep[]; thought: string};
type Shown = ReturnType<typeof visible>;

/**
 * The mapping walked once: whether each node is shown is decided once, and what lies between a shown node and
 * its nearest shown ancestor (tool calls, their answers, reasoning) is gathered once per hidden parent, then
 * shared by every version of the answer below it. A chain of 20,000 hidden tool nodes under 40 versions is
 * one walk of 20,000, not 40 (and no step is found by a search back through the steps so far).
 */
class Tree {
    private readonly shownOf = new Map<string, Shown>();
    private readonly below = new Map<string, Between>();

    constructor(private readonly nodes: Map<string, Node>) {}

    shown(node: Node): Shown {
        if (!this.shownOf.has(node.id))
            this.shownOf.set(node.id, node.message ? visible(node.message) : null);
        return this.shownOf.get(node.id)!;
    }

    /** The nearest shown ancestor of a node, and the steps and thought between them. A loop stops the walk. */
    gatherUp(node: Node): Between {
        const first = node.parent ? this.nodes.get(node.parent) : undefined;
        if (!first || this.shown(first) || first.id === node.id) {
            // A parent named but missing from the mapping: kept as named, so that save.ts reports it.
            const parentId = first && first.id !== node.id ? first.id : (node.parent ?? null);
            return {parentId: first?.id === node.id ? null : parentId, steps: [], thought: ""};
        }
        let known = this.below.get(first.id);
        if (!known) {
            known = this.walkFrom(first);
            this.below.set(first.id, known);
        }
        // A loop back to the node itself: it has no shown ancestor.
        return known.parentId === node.id ? {...known, parentId: null} : known;
    }

    private walkFrom(first: Node): Between {
        const between: Node[] = [];
        const seen = new Set<string>();
        let parent: Node | undefined = first;
        while (parent && !seen.has(parent.id) && !this.shown(parent)) {
            seen.add(parent.id);
            between.push(parent);
            parent = parent.parent ? this.nodes.get(parent.parent) : undefined;
        }
        const parentId = parent && !seen.has(parent.id) ? parent.id : null;
        return {parentId, ...stepsOf(between.reverse())};
    }

    nearestShown(id: string): string | null {
        const seen = new Set<string>();
        for (
            let node = this.nodes.get(id);
            node && !seen.has(node.id);
            node = this.nodes.get(node.parent ?? "")
        ) {
            seen.add(node.id);
            if (this.shown(node)) return node.id;
        }
        return null;
    }
}

function stepsOf(between: Node[]): {steps: ImportedStep[]; thought: string} {
    const steps: ImportedStep[] = [];
    // Calls still waiting for their answer, the latest last: a tool's answer goes to the latest.
    const open: ImportedStep[] = [];
    const thoughts: string[] = [];
    for (const {message} of between) {
        if (!message) continue;
        const author = isRecord(message.author) ? message.author : {};
        const content = isRecord(message.content) ? message.content : {};
        if (content.content_type === "thoughts" && Array.isArray(content.thoughts)) {
            for (const t of content.thoughts)
                if (isRecord(t)) thoughts.push(text(t.content) || text(t.summary));
        } else if (author.role === "assistant" && text(message.recipient) && message.recipient !== "all") {
            const step = {
                tool: text(message.recipient),
                args: contentText(content),
                result: "",
                failed: false,
            };
            steps.push(step);
            open.push(step);
        } else if (author.role === "tool") {
            const result = contentText(content);
            const call = open.at(-1);
            if (call) {
                call.result = result;
                if (result) open.pop();
                if (content.content_type === "system_error") call.failed = true;
            } else if (result)
                steps.push({tool: text(author.name) || "tool", args: null, result, failed: false});
        }
    }
    return {steps, thought: thoughts.filter(Boolean).join("\n\n")};
}
