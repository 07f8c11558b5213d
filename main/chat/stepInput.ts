import type {ChatHistoryItem, ChatModelFunctionCall} from "node-llama-cpp";
import type {ToolChoice} from "../../shared/contract.js";
import type {CallWithImages, HistoryImage} from "../llm/stepTypes.js";
import type {ToolDefinition} from "../tools/defineTool.js";
import type {ToolRegistry} from "../tools/registry.js";
import {FIND_TOOLS} from "../tools/selection.js";
import type {CallOutcome} from "../tools/runner.js";

// What each step of an answer is asked: its system message and notes, the tools a forced choice allows, the
// question the tools are chosen for, and the calls made so far as the model reads them.

export const TOOL_LIMIT_NOTE =
    "The tool limit for this answer is reached. Answer now with what you have, without tools.";
/** Said when the model may reach the internet: its queries and addresses leave this computer. */
export const WEB_NOTE =
    "Web access is on: search queries and page addresses leave this computer, so never put secrets or personal details in them.";
const CITE_NOTE =
    "Tool results list their sources as [n] Title. When you use information from a source, cite it as [n].";

/**
 * The tools a forced choice allows: "required", any of those offered now; a named tool, that one if this
 * answer may use it (mode, policy, switches), whether or not the selection offered it.
 */
export function forcedTools(
    choice: ToolChoice,
    offered: ToolDefinition[],
    allowed: ToolDefinition[],
): ToolDefinition[] | undefined {
    if (choice === "auto" || choice === "none" || offered.length === 0) return undefined;
    const forced =
        choice === "required"
            ? offered.filter((t) => t.name !== FIND_TOOLS)
            : allowed.filter((t) => t.name === choice);
    return forced.length > 0 ? forced : undefined;
}

/** The newest question in a history: what the tools are chosen for. */
export function lastQuestion(history: ChatHistoryItem[]): string {
    const item = history.findLast((i) => i.type === "user");
    return item?.type === "user" ? item.text : "";
}

/** The tools a history's model items called, in order. */
export function toolsCalled(history: ChatHistoryItem[]): string[] {
    return history.flatMap((item) =>
        item.type === "model"
            ? item.response.flatMap((part) =>
                  typeof part === "object" && part.type === "functionCall" ? [part.name] : [],
              )
            : [],
    );
}
/** images: what the call returned, for a model that sees (an MCP tool's; none otherwise). */
export function functionCallItem(
    call: {name: string; params: unknown},
    outcome: CallOutcome,
    resultText: string,
    registry: ToolRegistry,
    images: HistoryImage[] = [],
): ChatModelFunctionCall {
    const item: CallWithImages = {
        type: "functionCall",
        name: registry.resolve(call.name)?.name ?? call.name,
        description: registry.resolve(call.name)?.description,
        params: outcome.record.args ?? call.params,
        result: resultText,
    };
    if (images.length > 0) item.images = images;
    return item;
}

/** The images a finished call kept (data.images: an MCP tool's), by their attachment ids. */
export function keptImageIds(record: {status: string; resultData?: unknown}): string[] {
    if (record.status !== "ok") return [];
    const images = (record.resultData as {images?: {id?: unknown}[]} | null)?.images;
    return Array.isArray(images) ? images.flatMap((i) => (typeof i.id === "string" ? [i.id] : [])) : [];
}
export function systemMessage(prompt: string, withTools: boolean, web: boolean): ChatHistoryItem[] {
    const text = [prompt.trim(), withTools ? CITE_NOTE : "", web ? WEB_NOTE : ""]
        .filter(Boolean)
        .join("\n\n");
    return text ? [{type: "system", text}] : [];
}
