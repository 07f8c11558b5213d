import {
    attachmentBlock,
    isRecord,
    Skip,
    stepResult,
    text,
    toMillis,
    type ImportedConversation,
    type ImportedMessage,
    type ImportedStep,
} from "./model.js";

/** Claude's first message names this parent: none. */
const NO_PARENT = "00000000-0000-4000-8000-000000000000";

/**
 * One conversation of Claude's data export (`conversations.json`): `chat_messages` in order, each with its
 * `parent_message_uuid` where the export has branches (older exports have none: the list is the branch).
 * Content blocks: text, thinking (the answer's thought), tool_use and tool_result (its steps); attachments'
 * extracted text is kept in the message.
 */
export function fromClaude(raw: Record<string, unknown>): ImportedConversation {
    const sourceId = text(raw.uuid);
    if (!sourceId) throw Skip.saying("skipNoField", {field: "uuid"});
    if (!Array.isArray(raw.chat_messages)) throw Skip.saying("skipNoField", {field: "chat_messages"});
    const createdAt = toMillis(raw.created_at) ?? Date.now();
    const messages: ImportedMessage[] = [];
    let previous: string | null = null;
    raw.chat_messages.forEach((item, index) => {
        if (!isRecord(item)) return;
        const id = text(item.uuid) || `#${index}`;
        const named = "parent_message_uuid" in item ? text(item.parent_message_uuid) : undefined;
        const parentId = named === undefined ? previous : named === NO_PARENT || !named ? null : named;
        messages.push({
            id,
            parentId,
            role: item.sender === "human" ? "user" : "assistant",
            ...body(item),
            createdAt: toMillis(item.created_at) ?? createdAt,
            model: null,
            status: "complete",
        });
        previous = id;
    });
    const leaf = text(raw.current_leaf_message_uuid);
    return {
        source: "claude",
        sourceId,
        title: text(raw.name).trim() || "Untitled",
        createdAt,
        updatedAt: toMillis(raw.updated_at) ?? createdAt,
        messages,
        headId: leaf || null,
    };
}

function body(item: Record<string, unknown>): {content: string; thought: string; steps: ImportedStep[]} {
    const parts: string[] = [];
    const thoughts: string[] = [];
    const steps: ImportedStep[] = [];
    const blocks = Array.isArray(item.content) ? item.content.filter(isRecord) : [];
    for (const block of blocks) {
        if (block.type === "text") parts.push(text(block.text));
        else if (block.type === "thinking") thoughts.push(text(block.thinking));
        else if (block.type === "tool_use") {
            steps.push({
                tool: text(block.name) || "tool",
                args: block.input ?? null,
                result: "",
                failed: false,
            });
        } else if (block.type === "tool_result") {
            const open = steps.findLast((s) => !s.result) ?? steps[steps.length - 1];
            const result = stepResult(block.content);
            if (open) Object.assign(open, {result, failed: block.is_error === true});
            else
                steps.push({
                    tool: text(block.name) || "tool",
                    args: null,
                    result,
                    failed: block.is_error === true,
                });
        }
    }
    if (blocks.length === 0) parts.push(text(item.text));
    for (const attachment of Array.isArray(item.attachments) ? item.attachments.filter(isRecord) : []) {
        parts.push(
            attachmentBlock(
                text(attachment.file_name) || "a file",
                text(attachment.extracted_content) || null,
            ),
        );
    }
    for (const file of Array.isArray(item.files) ? item.files.filter(isRecord) : []) {
        parts.push(attachmentBlock(text(file.file_name) || "a file", null));
    }
    return {
        content: parts.filter(Boolean).join("\n\n"),
        thought: thoughts.filter(Boolean).join("\n\n"),
        steps,
    };
}
