// A conversation as the model reads it (images only where the model sees them), and its title from the first question.

import type {ChatHistoryItem, ChatModelFunctionCall} from "node-llama-cpp";
import type {Citation, Message, ToolCallRecord} from "../../shared/contract.js";
import {withSources} from "../llm/stepLoop.js";
import {errorForModel} from "../tools/runner.js";
import {clip} from "../../shared/format.js";
import {ranBy} from "../../shared/toolCalls.js";
import {thoughtSegment} from "../llm/stepParts.js";
import type {CallWithImages, HistoryImage, UserItem} from "../llm/stepTypes.js";
import {keptImageIds} from "./stepInput.js";
import type {RemoteEngine} from "../llm/providers.js";
import {DEFAULT_TITLE} from "../../shared/titles.js";
import type {TurnState} from "./turnState.js";

const TITLE_LENGTH = 60;

/** Whether the model that answers sees images: a provider's not known to read text only (never the local engine). */
export function seesImages(remote: RemoteEngine | null): boolean {
    return remote !== null && remote.imageRefusal() === null;
}

/** Earlier turns as the model sees them: each answer's tool calls (with results), then its text. */
export function toModelHistory(
    messages: Message[],
    image: (id: string) => HistoryImage | null = () => null,
): ChatHistoryItem[] {
    return messages
        .filter((m) => m.status !== "error" && (m.content.length > 0 || m.toolCalls.length > 0))
        .map((m): ChatHistoryItem => {
            if (m.role === "user") {
                const images = (m.attachments ?? []).map((a) => image(a.id)).filter((i) => i !== null);
                return images.length > 0
                    ? ({type: "user", text: m.content, images} as UserItem)
                    : {type: "user", text: m.content};
            }
            if (m.role === "system") return {type: "system", text: m.content};
            // A composite tool's inner calls are part of its result, not calls of the model's; a provider's
            // own search (ranBy) is in the answer's text and citations, not a call any model could make again.
            const calls: ChatModelFunctionCall[] = m.toolCalls
                .filter((c) => !c.parentId && ranBy(c) === null)
                .map((c) => {
                    const call: CallWithImages = {
                        type: "functionCall",
                        name: c.tool,
                        params: c.args ?? c.rawArgs,
                        result: resultAsRead(c, m.citations),
                    };
                    const images = keptImageIds(c).flatMap((id) => image(id) ?? []);
                    if (images.length > 0) call.images = images;
                    return call;
                });
            const thought = m.thought ? [thoughtSegment(m.thought)] : [];
            return {type: "model", response: [...thought, ...calls, ...(m.content ? [m.content] : [])]};
        });
}

/**
 * A call's result as the model read it in its turn (turn.ts: the runner's text, then the sources it returned
 * with their numbers; an error's first lines), so that later turns render the same tokens and the prompt's
 * prefix is reused.
 */
function resultAsRead(call: ToolCallRecord, citations: Citation[]): string {
    if (call.status !== "ok") return errorForModel(call.error ?? "");
    const own = citations.filter((c) => c.toolCallId === call.id).sort((a, b) => a.number - b.number);
    return withSources(call.resultText ?? "", own);
}

/** The first line, without a leading slash command ("/docs Perseids" is titled "Perseids"). */
export function titleFrom(text: string): string {
    const line = text
        .trim()
        .split("\n")[0]!
        .trim()
        .replace(/^\/[a-z_]+\s+(?=\S)/, "");
    return clip(line, TITLE_LENGTH) || DEFAULT_TITLE;
}

export type {TurnState};
