// Compaction: a conversation that nears the model's context has its older turns condensed into a summary,
// which the model reads in their place. The messages stay as they were: shown, searchable, exported.

import type {ChatHistoryItem} from "node-llama-cpp";
import type {Message, TurnsSummary} from "../../shared/contract.js";
import {clip} from "../../shared/format.js";
import {ok, type Result} from "../../shared/result.js";
import type {StepEngine} from "../llm/engine/engine.js";
import type {ModelFunction} from "../llm/stepTypes.js";
import {answerReserve, definitionTokens, ITEM_OVERHEAD_TOKENS} from "../llm/contextFit.js";

/** Said before a summary where the model reads it. */
export const SUMMARY_HEADING =
    "Earlier turns of this conversation, condensed by Cairn (search_conversation finds their exact words):";

const SUMMARIZE_PROMPT = [
    "You condense a conversation so that it can go on in less room.",
    "Write a summary in the conversation's language that keeps every fact, name, number, date, decision,",
    "preference and open question the user stated, and what was answered or done. Plain sentences, no preamble.",
    "When a summary so far is given, return it updated with the new turns: keep what still matters, add the rest.",
].join(" ");

/** A conversation is compacted once it would take more than this share of the context... */
const COMPACT_AT = 0.9;
/** ...down to at most this share, so that it is not compacted again at once. */
const COMPACT_TO = 0.6;
/** What a tool's result adds to the transcript a summary is written from, at most. */
const RESULT_CHARS = 600;

/** The newest message of a branch that carries a summary, and where it is. */
export function lastSummary(branch: Message[]): {index: number; summary: TurnsSummary} | null {
    const index = branch.findLastIndex((m) => m.summary !== undefined);
    return index < 0 ? null : {index, summary: branch[index]!.summary!};
}

/**
 * A history with a summary read first, as a system message of its own after the system prompt: never left out
 * when the oldest turns must be (as the system prompt is not), and the system prompt stays the same as every
 * other conversation's (its tokens reusable).
 */
export function withSummary(items: ChatHistoryItem[], summary: string | null): ChatHistoryItem[] {
    return summary ? [{type: "system", text: `${SUMMARY_HEADING}\n${summary}`}, ...items] : items;
}

/** The most tokens a summary may take in a context of this size. */
export function summaryTokens(contextSize: number): number {
    return Math.max(96, Math.min(1024, Math.floor(contextSize / 8)));
}

/**
 * Where to fold a branch: the last message to condense (its index), so that what stays after it takes at
 * most `keep` tokens and starts with a question; -1 when nothing after `start` can be folded.
 */
export function foldPoint(branch: Message[], sizes: number[], start: number, keep: number): number {
    let tail = sizes.slice(start).reduce((a, b) => a + b, 0);
    for (let through = start; through < branch.length; through++) {
        tail -= sizes[through]!;
        const next = branch[through + 1];
        if (tail <= keep && (!next || next.role === "user")) return through;
    }
    return -1;
}

/** What a turn's compaction needs of its step: the fixed part of every prompt, in tokens. */
export type PromptFixed = {
    systemPrompt: string;
    functions: ModelFunction[];
    maxTokens: number;
    question: string;
};

/** How big things are for the model that answers; null where it cannot say (compaction is skipped). */
export type Measure = {contextSize: number; count: (text: string) => number};

export function measureOf(engine: StepEngine): Measure | null {
    const contextSize = engine.contextSize?.() ?? null;
    if (!contextSize || !engine.countTokens?.("a")) return null;
    return {contextSize, count: (text) => engine.countTokens!(text) ?? Math.ceil(text.length / 3)};
}

/**
 * Which messages of a branch a turn must fold before it can be answered without dropping any: null when the
 * whole conversation (its summary, the messages after it) fits; else the index of the last one to fold.
 */
export function mustFold(branch: Message[], fixed: PromptFixed, measure: Measure): number | null {
    const {contextSize, count} = measure;
    const reserve = answerReserve(fixed.maxTokens, contextSize);
    const definitions = definitionTokens(fixed.functions, count);
    const fixedTokens =
        count(fixed.systemPrompt) + definitions + reserve + count(fixed.question) + 2 * ITEM_OVERHEAD_TOKENS;
    const last = lastSummary(branch);
    const start = last ? last.index + 1 : 0;
    const sizes = branch.map((m, i) => (i < start ? 0 : count(transcriptOf(m)) + ITEM_OVERHEAD_TOKENS));
    const summary = last ? count(last.summary.text) + ITEM_OVERHEAD_TOKENS : 0;
    const total = fixedTokens + summary + sizes.reduce((a, b) => a + b, 0);
    if (total <= contextSize * COMPACT_AT) return null;
    const keep = Math.max(0, contextSize * COMPACT_TO - fixedTokens - summaryTokens(contextSize));
    const through = foldPoint(branch, sizes, start, keep);
    return through < 0 ? null : through;
}

/** A message as the summary's writer reads it: who said it, its text, and what its tools returned. */
export function transcriptOf(message: Message): string {
    const who = message.role === "user" ? "User" : message.role === "system" ? "System" : "Assistant";
    const calls = message.toolCalls
        .filter((c) => !c.parentId)
        .map(
            (c) =>
                `(${c.tool} returned: ${clip((c.status === "ok" ? c.resultText : c.error) ?? "", RESULT_CHARS)})`,
        );
    return [...calls, `${who}: ${message.content}`].join("\n");
}

/**
 * Writes the summary of `messages` (after `previous`, the summary so far): in as many steps as the context
 * needs, each over the summary so far and the turns that fit beside it, a turn longer than the context cut
 * to fit. Null: stopped.
 */
export async function summarize(
    engine: StepEngine,
    measure: Measure,
    input: {previous: string | null; messages: Message[]; signal: AbortSignal},
): Promise<Result<string | null>> {
    const {contextSize, count} = measure;
    const room = summaryTokens(contextSize);
    let summary = input.previous ? engine.fitText(input.previous, room) : null;
    const lines = input.messages.filter((m) => m.content || m.toolCalls.length).map(transcriptOf);
    let next = 0;
    while (next < lines.length) {
        if (input.signal.aborted) return ok(null);
        const budget = turnsBudget(measure, summary, room);
        const chunk: string[] = [];
        while (next < lines.length) {
            const line = engine.fitText(lines[next]!, budget - 8);
            if (chunk.length > 0 && count([...chunk, line].join(LINE_BREAK)) > budget) break;
            chunk.push(line);
            next++;
        }
        const turns = fitWithin(engine, count, chunk.join(LINE_BREAK), budget);
        const written = await writeSummary(engine, summary, turns, room, input.signal);
        if (!written.ok || written.value === null || input.signal.aborted)
            return written.ok ? ok(null) : written;
        summary = written.value || plainSummary(summary, chunk, room, engine);
    }
    return ok(summary ?? "");
}

const LINE_BREAK = "\n\n";

/**
 * A text cut to at most `budget` tokens, its cut's note included (fitText's "about" can be over by the note,
 * which is long in a small vocabulary's tokens).
 */
function fitWithin(engine: StepEngine, count: Measure["count"], text: string, budget: number): string {
    let fitted = engine.fitText(text, budget);
    for (let aim = budget, tries = 0; tries < 4 && count(fitted) > budget; tries++) {
        aim -= count(fitted) - budget + 8;
        fitted = engine.fitText(text, Math.max(1, aim));
    }
    return fitted;
}

/**
 * The tokens the turns to condense may take in one step: the context less the answer's room (as the engine
 * keeps it), the instructions, the summary so far and each message's wrapping, with a margin.
 */
function turnsBudget({contextSize, count}: Measure, summary: string | null, room: number): number {
    const reserve = answerReserve(room, contextSize);
    const fixed = count(SUMMARIZE_PROMPT) + count(summary ?? "") + 4 * ITEM_OVERHEAD_TOKENS;
    return Math.max(32, Math.floor(contextSize - reserve - fixed - 32));
}

async function writeSummary(
    engine: StepEngine,
    previous: string | null,
    turns: string,
    maxTokens: number,
    signal: AbortSignal,
): Promise<Result<string | null>> {
    const asked = previous ? `Summary so far:\n${previous}\n\nTurns to add:\n${turns}` : `Turns:\n${turns}`;
    const history: ChatHistoryItem[] = [
        {type: "system", text: SUMMARIZE_PROMPT},
        {type: "user", text: asked},
        {type: "model", response: []},
    ];
    const result = await engine.step({
        history,
        signal,
        onText: () => {},
        maxTokens,
        sampling: {temperature: 0, thinking: false},
    });
    if (!result.ok) return result;
    return ok(result.value.stopped ? null : result.value.text.trim());
}

/**
 * The summary when the model wrote nothing: the summary so far and the person's own words, cut to the
 * summary's room. Nothing is lost by it: the messages stay and search_conversation finds them.
 */
function plainSummary(previous: string | null, chunk: string[], room: number, engine: StepEngine): string {
    const said = chunk.flatMap((line) => line.split("\n").filter((l) => l.startsWith("User: ")));
    return engine.fitText([previous ?? "", ...said].filter(Boolean).join("\n"), room);
}
