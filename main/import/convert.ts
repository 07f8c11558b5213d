import type {ExportedConversation} from "../../shared/contract.js";
import {fromChatGpt} from "./chatgpt.js";
import {fromClaude} from "./claude.js";
import {fromJan} from "./jan.js";
import {fromLmStudio} from "./lmStudio.js";
import {isRecord, Skip, type ImportedConversation, type ImportSource} from "./model.js";
import {fromOpenWebui} from "./openWebui.js";
import type {RawItem} from "./reader.js";

export type Converted = {conversation: ImportedConversation} | {cairn: ExportedConversation};

/** Which app wrote this conversation, by its shape; null: none Cairn knows. */
export function appOf(item: RawItem): ImportSource | "cairn" | null {
    if ("jan" in item) return "jan";
    const value = item.value;
    if (!isRecord(value)) return null;
    if (value.format === "cairn.conversation") return "cairn";
    if ("mapping" in value || ("current_node" in value && "conversation_id" in value)) return "chatgpt";
    if ("chat_messages" in value) return "claude";
    if (isRecord(value.chat)) return "openwebui";
    if (Array.isArray(value.messages) && value.messages.some((m) => isRecord(m) && "versions" in m))
        return "lmstudio";
    return null;
}

/** The conversation in Cairn's terms; throws Skip with the reason when it cannot come in. */
export function convert(item: RawItem, app: ImportSource | "cairn"): Converted {
    if ("jan" in item) return {conversation: fromJan(item.jan)};
    const value = item.value as Record<string, unknown>;
    switch (app) {
        case "cairn":
            if (!isRecord(value.conversation) || !Array.isArray(value.messages))
                throw Skip.saying("skipCairnIncomplete");
            return {cairn: value as unknown as ExportedConversation};
        case "chatgpt":
            return {conversation: fromChatGpt(value)};
        case "claude":
            return {conversation: fromClaude(value)};
        case "openwebui":
            return {conversation: fromOpenWebui(value)};
        case "lmstudio":
            return {conversation: fromLmStudio(value, item.fileName)};
        case "jan":
            throw Skip.saying("skipJanFolder");
    }
}
