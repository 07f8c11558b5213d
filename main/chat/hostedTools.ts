// Tools a remote provider runs itself (its web search), as an answer traces and cites them.

import type {Message} from "../../shared/contract.js";
import type {HostedTools} from "../llm/stepTypes.js";
import type {ToolRunner} from "../tools/runner.js";
import type {AnswerCitations} from "./answerCitations.js";

/**
 * A step's provider-run tools: each a trace step of the answer, its sources cited with the answer's numbers
 * (a URL cited again keeps its number); `close` ends the calls the stream never finished (stopped, broken off).
 */
export function hostedTools(
    runner: ToolRunner,
    citations: AnswerCitations,
    answer: Pick<Message, "conversationId" | "id" | "model">,
    step: number,
): {tools: HostedTools; close: () => void} {
    const {conversationId, id: messageId, model} = answer;
    const finishers = new Map<string, (text: string, args: unknown) => void>();
    const tools: HostedTools = {
        started: (name, args) => {
            const where = {conversationId, messageId, step};
            const {record, finish} = runner.hosted(name, args, where, model ?? "the provider");
            finishers.set(record.id, finish);
            return record.id;
        },
        finished: (id, text, args) => {
            finishers.get(id)?.(text, args);
            finishers.delete(id);
        },
        cite: (id, page) => citations.numberOf(id, page),
    };
    const close = () => {
        for (const finish of finishers.values()) finish("the provider did not say what it found", {});
        finishers.clear();
    };
    return {tools, close};
}
