// Small parts of a turn: a bounded parallel map, an event's answer, a step's counters added to the turn's.

import type {AppEvent, TurnStats} from "../../shared/contract.js";

export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
    const results = new Array<R>(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next++;
            results[index] = await fn(items[index]!);
        }
    };
    await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
    return results;
}
export function belongsTo(e: AppEvent, messageId: string): boolean {
    if (
        e.type === "chat.token" ||
        e.type === "chat.thought" ||
        e.type === "chat.error" ||
        e.type === "turn.state" ||
        e.type === "tool.writing" ||
        e.type === "plan.updated"
    )
        return e.messageId === messageId;
    if (e.type === "chat.done") return e.message.id === messageId;
    if (e.type === "tool.request" || e.type === "tool.result") return e.call.messageId === messageId;
    if (e.type === "tool.approvalRequested") return e.request.messageId === messageId;
    return false;
}
export function addStats(total: TurnStats, step: TurnStats): void {
    total.promptTokens += step.promptTokens;
    total.reusedTokens += step.reusedTokens;
    total.contextShifted ||= step.contextShifted;
    total.completionTokens += step.completionTokens;
    total.timeToFirstTokenMs ??= step.timeToFirstTokenMs;
    total.durationMs += step.durationMs;
    total.tokensPerSecond = step.tokensPerSecond ?? total.tokensPerSecond;
    total.thoughtTokens += step.thoughtTokens;
    if (step.draftedTokens) {
        total.draftedTokens = (total.draftedTokens ?? 0) + step.draftedTokens;
        total.acceptedTokens = (total.acceptedTokens ?? 0) + (step.acceptedTokens ?? 0);
    }
}
