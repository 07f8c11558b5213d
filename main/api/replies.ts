// What the local API answers a chat request with (a completion or the Responses API's text), and the assistant's part in a request.
import path from "node:path";
import type {Assistant} from "../../shared/contract.js";
import {completionId, type ChatOutcome, type ChatPlan} from "./chat.js";
import {ChatRequest} from "./schemas.js";
import {metadataOf} from "./sse.js";

export function chatResponse(model: string, outcome: ChatOutcome) {
    const metadata = metadataOf(outcome);
    return {
        id: completionId("chatcmpl"),
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        system_fingerprint: null,
        choices: [
            {
                index: 0,
                message: {
                    role: "assistant",
                    content: outcome.toolCalls.length > 0 && !outcome.text ? null : outcome.text,
                    ...(outcome.thought ? {reasoning_content: outcome.thought} : {}),
                    refusal: null,
                    ...(outcome.toolCalls.length > 0 ? {tool_calls: outcome.toolCalls} : {}),
                    ...(metadata ? {metadata} : {}),
                },
                logprobs: null,
                finish_reason: outcome.finish,
            },
        ],
        usage: outcome.usage,
        timings: outcome.timings,
        // The seed's shape: the steps at the top level too, for callers that read them there.
        ...(outcome.steps.length || outcome.plan ? {steps: outcome.steps, metadata} : {}),
    };
}

export function textResponse(model: string, outcome: ChatOutcome) {
    return {
        id: completionId("cmpl"),
        object: "text_completion",
        created: Math.floor(Date.now() / 1000),
        model,
        system_fingerprint: null,
        choices: [{index: 0, text: outcome.text, logprobs: null, finish_reason: outcome.finish}],
        usage: outcome.usage,
    };
}

export function modelId(file: string): string {
    return path.basename(file).replace(/\.gguf$/i, "");
}

/** The assistant's instructions as the first system message, before the caller's own. */
export function withInstructions(body: ChatRequest, assistant: Assistant | null): ChatRequest {
    if (!assistant?.instructions.trim()) return body;
    return {...body, messages: [{role: "system", content: assistant.instructions}, ...body.messages]};
}

/** The assistant's generation settings, under the request's own. */
export function withAssistant(plan: ChatPlan, assistant: Assistant | null): ChatPlan {
    const generation = assistant?.generation;
    if (!generation) return plan;
    const {systemPrompt: _prompt, maxTokens, ...sampling} = generation;
    return {...plan, maxTokens: plan.maxTokens ?? maxTokens, sampling: {...sampling, ...plan.sampling}};
}
