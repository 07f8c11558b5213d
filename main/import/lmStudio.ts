import {createHash} from "node:crypto";
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

/**
 * An LM Studio conversation (`~/.lmstudio/conversations/<id>.conversation.json`): `messages` is a list of
 * turns, each with its `versions` (regenerated answers, edited questions) and the one `currentlySelected`;
 * every version becomes a version in Cairn, and the turns after it follow the selected one. Answers are
 * `multiStep`: content blocks (a block styled as thinking is the thought) and tool steps.
 */
export function fromLmStudio(raw: Record<string, unknown>, fileName: string): ImportedConversation {
    if (!Array.isArray(raw.messages)) throw Skip.saying("skipNoMessages");
    const createdAt = toMillis(raw.createdAt) ?? Date.now();
    const title = text(raw.name).trim() || text(raw.title).trim() || "Untitled";
    const sourceId = text(raw.id) || idFrom(fileName, createdAt, title);
    const messages: ImportedMessage[] = [];
    let parentId: string | null = null;
    raw.messages.filter(isRecord).forEach((turn, index) => {
        const versions = Array.isArray(turn.versions) ? turn.versions.filter(isRecord) : [];
        if (versions.length === 0) return;
        const selected = Math.min(Number(turn.currentlySelected) || 0, versions.length - 1);
        let next: string | null = parentId;
        versions.forEach((version, v) => {
            const id = `${index}.${v}`;
            const role = version.role === "user" || version.role === "system" ? version.role : "assistant";
            const sender = isRecord(version.senderInfo) ? text(version.senderInfo.senderName) : "";
            messages.push({
                id,
                parentId,
                role,
                ...body(version),
                createdAt: toMillis(version.createdAt) ?? createdAt,
                model: role === "assistant" ? sender || null : null,
                status: "complete",
            });
            if (v === selected) next = id;
        });
        parentId = next;
    });
    return {
        source: "lmstudio",
        sourceId,
        title,
        createdAt,
        updatedAt: toMillis(raw.updatedAt) ?? toMillis(raw.userLastMessagedAt) ?? createdAt,
        messages,
        headId: parentId,
    };
}

/** LM Studio names a conversation by its file (its creation time): the name and time stand for its id. */
function idFrom(fileName: string, createdAt: number, title: string): string {
    const base = fileName.replace(/\.conversation\.json$|\.json$/, "");
    return base || createHash("sha256").update(`${createdAt}\n${title}`).digest("hex").slice(0, 32);
}

function body(version: Record<string, unknown>): {content: string; thought: string; steps: ImportedStep[]} {
    const parts: string[] = [];
    const thoughts: string[] = [];
    const steps: ImportedStep[] = [];
    const blocks = version.type === "multiStep" && Array.isArray(version.steps) ? version.steps : [version];
    for (const block of blocks.filter(isRecord)) {
        if (block.type === "toolStatus" || block.type === "toolCall") {
            const call = isRecord(block.toolCallRequest) ? block.toolCallRequest : block;
            steps.push({
                tool: text(call.name) || text(block.toolName) || "tool",
                args: call.arguments ?? null,
                result: stepResult(block.result ?? block.toolCallResult ?? ""),
                failed: isRecord(block.statusState) && block.statusState.status === "error",
            });
            continue;
        }
        const thinking = isRecord(block.style) && block.style.type === "thinking";
        const blockText = contentText(block.content);
        if (thinking) thoughts.push(blockText);
        else parts.push(blockText);
    }
    const split = splitThinking(parts.filter(Boolean).join("\n\n"));
    return {
        content: split.content,
        thought: [...thoughts, split.thought].filter(Boolean).join("\n\n"),
        steps,
    };
}

function contentText(content: unknown): string {
    if (typeof content === "string") return content;
    if (!Array.isArray(content)) return "";
    return content
        .filter(isRecord)
        .map((part) => {
            if (part.type === "text") return text(part.text);
            if (part.type === "file")
                return `*Attached: ${text(part.name) || text(part.fileIdentifier) || "a file"}*`;
            return "";
        })
        .filter(Boolean)
        .join("\n\n");
}
