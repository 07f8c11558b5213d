// metadata.mode "research": a chat completion answered by a research run (the chat service's, as the window's
// are), its report the answer's text and its run, sources and conversation in the answer's metadata.
import type {ResearchBudget, ResearchRun} from "../../shared/contract.js";
import {RESEARCH_LIMITS} from "../../shared/researchLimits.js";
import type {ChatService} from "../chat/chatService.js";
import {questionOf, type ChatOutcome, type ChatSink} from "./chat.js";
import {ApiError} from "./errors.js";
import type {ChatRequest} from "./schemas.js";

/** A research request as the API reads it from metadata: the question, offline or not, the budget, where. */
export type ApiResearch = {
    question: string;
    offline: boolean;
    budget: Partial<ResearchBudget>;
    conversationId: string | null;
};

const FIELD = "metadata";
const LIMITS: Record<keyof ResearchBudget, number> = {
    steps: RESEARCH_LIMITS.maxSteps,
    minutes: RESEARCH_LIMITS.maxMinutes,
    tokens: RESEARCH_LIMITS.maxTokens,
};
const KEYS: (keyof ResearchBudget)[] = ["steps", "minutes", "tokens"];

/** The research a request asks for (metadata.mode "research"), or null; a malformed one is refused in words. */
export function researchOf(body: ChatRequest): ApiResearch | null {
    const metadata = body.metadata;
    if (metadata?.mode !== "research") return null;
    const question = questionOf(body).trim();
    if (!question) throw invalid("metadata.mode research needs a question: the last user message");
    if (metadata.offline !== undefined && typeof metadata.offline !== "boolean")
        throw invalid("metadata.offline must be true or false");
    const conversation = metadata.conversation_id;
    if (conversation !== undefined && (typeof conversation !== "string" || !conversation))
        throw invalid('metadata.conversation_id must be the id of a conversation, or "new"');
    return {
        question,
        offline: metadata.offline === true,
        budget: budgetOf(metadata.budget),
        conversationId: conversation === undefined || conversation === "new" ? null : conversation,
    };
}

function budgetOf(value: unknown): Partial<ResearchBudget> {
    if (value === undefined) return {};
    if (typeof value !== "object" || value === null || Array.isArray(value))
        throw invalid("metadata.budget must be an object: {steps, minutes, tokens}");
    const fields = new Map<string, unknown>(Object.entries(value));
    const budget: Partial<ResearchBudget> = {};
    for (const key of KEYS) {
        const max = LIMITS[key];
        const given = fields.get(key);
        if (given === undefined) continue;
        if (
            typeof given !== "number" ||
            !(given > 0) ||
            given > max ||
            (key !== "minutes" && !Number.isInteger(given))
        )
            throw invalid(
                `metadata.budget.${key} must be a ${key === "minutes" ? "number" : "whole number"} from 1 to ${max}`,
            );
        budget[key] = given;
    }
    return budget;
}

/** Runs the research to its end (the client going away pauses it); the report is the completion's text. */
export async function researchOutcome(
    chat: Pick<ChatService, "research">,
    request: ApiResearch,
    signal: AbortSignal,
    sink: ChatSink,
): Promise<ChatOutcome> {
    const {question, offline, budget, conversationId} = request;
    const asked = await chat.research.ask(conversationId, question, {offline, budget}, signal);
    if (!asked.ok)
        throw new ApiError(
            asked.error.code === "NOT_FOUND" ? 404 : 409,
            asked.error.message,
            "invalid_request_error",
            FIELD,
        );
    const answer = asked.value;
    const run: ResearchRun | undefined = answer.research;
    if (answer.status === "error" || run?.state === "failed")
        throw new ApiError(
            500,
            `the research failed: ${run?.error ?? answer.error ?? "no run"}`,
            "server_error",
        );
    sink.text(answer.content);
    return {
        text: answer.content,
        thought: "",
        toolCalls: [],
        problems: [],
        finish: "stop",
        usage: {
            prompt_tokens: 0,
            completion_tokens: 0,
            total_tokens: run?.used.tokens ?? 0,
            prompt_tokens_details: {cached_tokens: 0},
            completion_tokens_details: {reasoning_tokens: 0},
        },
        steps: [],
        citations: [],
        timings: {prompt_n: 0, prompt_ms: 0, predicted_n: 0, predicted_ms: 0, predicted_per_second: null},
        conversationId: answer.conversationId,
        research: {messageId: answer.id, run: run ?? null, sources: answer.citations},
    };
}

function invalid(message: string): ApiError {
    return new ApiError(400, message, "invalid_request_error", FIELD);
}
