/** What every format's converter makes of one conversation, before it is written (see save.ts). */
import {WordsError} from "../words.js";

export const IMPORT_SOURCES = ["chatgpt", "claude", "openwebui", "jan", "lmstudio"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const SOURCE_NAMES: Record<ImportSource | "cairn", string> = {
    chatgpt: "ChatGPT",
    claude: "Claude",
    openwebui: "Open WebUI",
    jan: "Jan",
    lmstudio: "LM Studio",
    cairn: "Cairn",
};

/** A tool the other app ran inside an answer: shown as a step of that answer's trace. */
export type ImportedStep = {tool: string; args: unknown; result: string; failed: boolean};

export type ImportedMessage = {
    /** The other app's id, unique within the conversation. */
    id: string;
    /** null: the conversation starts here (another root is another branch). */
    parentId: string | null;
    role: "user" | "assistant" | "system";
    content: string;
    thought: string;
    createdAt: number;
    model: string | null;
    /** interrupted: the other app stopped writing it (a cut-off answer). */
    status: "complete" | "interrupted";
    steps: ImportedStep[];
};

export type ImportedConversation = {
    source: ImportSource;
    sourceId: string;
    title: string;
    createdAt: number;
    updatedAt: number;
    /** Every version of every branch; parents may come after their children (save.ts orders them). */
    messages: ImportedMessage[];
    /** The last message of the branch the other app showed; null: the newest. */
    headId: string | null;
};

/** A conversation that cannot come in, with why, in words for the report. */
export class Skip extends WordsError {}

/** Seconds (most exports), milliseconds (Jan, LM Studio) or an ISO date, as milliseconds; null when none. */
export function toMillis(value: unknown): number | null {
    if (typeof value === "number" && Number.isFinite(value) && value > 0) {
        return value < 1e11 ? Math.round(value * 1000) : Math.round(value);
    }
    if (typeof value === "string" && value) {
        const parsed = Date.parse(value);
        if (Number.isFinite(parsed)) return parsed;
        const asNumber = Number(value);
        if (Number.isFinite(asNumber)) return toMillis(asNumber);
    }
    return null;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string {
    return typeof value === "string" ? value : "";
}

/** A reasoning model's `<think>…</think>` at the start of an answer, apart from the answer. */
export function splitThinking(content: string): {content: string; thought: string} {
    const match = /^\s*<think>([\s\S]*?)(?:<\/think>|$)/.exec(content);
    if (!match) return {content, thought: ""};
    return {content: content.slice(match[0].length).trimStart(), thought: match[1]!.trim()};
}

/** An attachment's text, kept in the message (searchable, and seen by the model when the conversation goes on). */
export function attachmentBlock(name: string, body: string | null): string {
    if (!body) return `*Attached: ${name} (its content was not in the export)*`;
    const longest = Math.max(2, ...(body.match(/`+/g) ?? []).map((run) => run.length));
    const ticks = "`".repeat(longest + 1);
    return `**Attached: ${name}**\n\n${ticks}\n${body}\n${ticks}`;
}

export function stepResult(value: unknown): string {
    if (typeof value === "string") return value;
    if (Array.isArray(value)) {
        return value
            .map((part) => (isRecord(part) ? text(part.text) || JSON.stringify(part) : String(part)))
            .join("\n");
    }
    return value === undefined || value === null ? "" : JSON.stringify(value);
}
