import type {ModelFunction, StepRequest} from "../stepTypes.js";
import {toMessages} from "./chatCompletions.js";
import {nativeWeb, type StreamSink, type Wire} from "./wire.js";
import {parseJson} from "../../../shared/json.js";

type Part = {text?: string; thought?: boolean; functionCall?: {name?: string; args?: unknown}};
type Grounding = {
    webSearchQueries?: string[];
    groundingChunks?: {web?: {uri?: string; title?: string}}[];
    groundingSupports?: {groundingChunkIndices?: number[]}[];
};
type Chunk = {
    candidates?: {content?: {parts?: Part[]}; finishReason?: string; groundingMetadata?: Grounding}[];
    usageMetadata?: {
        promptTokenCount?: number;
        candidatesTokenCount?: number;
        cachedContentTokenCount?: number;
        thoughtsTokenCount?: number;
    };
};
type Content = {role: "user" | "model"; parts: Record<string, unknown>[]};

/** Gemini's generateContent, with Google Search grounding in place of Cairn's web_search when web access is on. */
export const gemini: Wire = {
    path: (model) => `/models/${encodeURIComponent(model)}:streamGenerateContent?alt=sse`,
    headers: (apiKey): Record<string, string> => (apiKey ? {"x-goog-api-key": apiKey} : {}),
    body: requestBody,
    reader: (_req, sink) => {
        let calls = 0;
        let grounded = false;
        return (payload) => {
            const chunk = payload as Chunk;
            const usage = chunk.usageMetadata;
            if (usage)
                sink.usage({
                    prompt: usage.promptTokenCount,
                    completion: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
                    cached: usage.cachedContentTokenCount,
                    thought: usage.thoughtsTokenCount,
                });
            const candidate = chunk.candidates?.[0];
            if (!candidate) return;
            for (const part of candidate.content?.parts ?? []) {
                if (part.functionCall) {
                    const {name = "", args = {}} = part.functionCall;
                    sink.callPart(calls++, name, JSON.stringify(args));
                } else if (part.text && part.thought) sink.thought(part.text);
                else if (part.text) sink.text(part.text);
            }
            if (candidate.groundingMetadata?.groundingChunks?.length && !grounded) {
                grounded = true;
                citeGrounding(candidate.groundingMetadata, sink);
            }
            if (candidate.finishReason) sink.finish(candidate.finishReason);
        };
    },
    models: {
        path: "/models",
        ids: (body) =>
            ((body as {models?: {name?: unknown; supportedGenerationMethods?: string[]}[]}).models ?? [])
                .filter((m) => m.supportedGenerationMethods?.includes("generateContent") ?? true)
                .map((m) => m.name)
                .filter((name): name is string => typeof name === "string")
                .map((name) => name.replace(/^models\//, "")),
    },
};

/**
 * Google's search as one provider-run step: its queries traced, the pages it grounded the answer on cited
 * as [n] after the text (the supports arrive once the text has been streamed).
 */
function citeGrounding(grounding: Grounding, sink: StreamSink): void {
    if (!sink.hosted) return;
    const queries = grounding.webSearchQueries ?? [];
    const id = sink.hosted.started("web_search", {});
    sink.hosted.finished(
        id,
        queries.length
            ? `searched the web for ${queries.map((q) => `"${q}"`).join(", ")}`
            : "searched the web",
        queries.length ? {query: queries.join("; ")} : {},
    );
    const chunks = grounding.groundingChunks ?? [];
    const used = grounding.groundingSupports?.flatMap((s) => s.groundingChunkIndices ?? []) ?? [];
    const order = [...new Set(used.length ? used : chunks.map((_, i) => i))];
    const numbers = order.flatMap((i) => {
        const web = chunks[i]?.web;
        if (!web?.uri) return [];
        return [sink.hosted!.cite(id, {url: web.uri, title: web.title || web.uri})];
    });
    if (numbers.length) sink.text(` ${[...new Set(numbers)].map((n) => `[${n}]`).join("")}`);
}

function requestBody(_model: string, req: StepRequest) {
    const {functions, force, web} = nativeWeb(req);
    const messages = toMessages(req.history);
    const system = messages.flatMap((m) => (m.role === "system" ? [m.content] : []));
    const sampling = req.sampling ?? {};
    const tools = [
        ...(functions.length ? [{functionDeclarations: functions.map(toDeclaration)}] : []),
        ...(web ? [{googleSearch: {}}] : []),
    ];
    const generationConfig = {
        ...(req.maxTokens ? {maxOutputTokens: req.maxTokens} : {}),
        ...(sampling.temperature !== undefined ? {temperature: sampling.temperature} : {}),
        ...(sampling.topP !== undefined ? {topP: sampling.topP} : {}),
        ...(sampling.seed !== undefined && sampling.seed !== null ? {seed: sampling.seed} : {}),
        ...(req.stop?.length ? {stopSequences: req.stop} : {}),
        ...(req.format ? {responseMimeType: "application/json"} : {}),
        ...(req.format?.type === "schema" ? {responseJsonSchema: req.format.schema} : {}),
    };
    return {
        contents: toContents(messages),
        ...(system.length ? {systemInstruction: {parts: [{text: system.join("\n\n")}]}} : {}),
        ...(tools.length ? {tools} : {}),
        ...(force
            ? {
                  toolConfig: {
                      functionCallingConfig: {mode: "ANY", allowedFunctionNames: force.map((f) => f.name)},
                  },
              }
            : {}),
        ...(Object.keys(generationConfig).length ? {generationConfig} : {}),
    };
}

function toDeclaration(f: ModelFunction) {
    return {name: f.name, description: f.description, parametersJsonSchema: f.params};
}

/** Chat messages as Gemini's contents: the model's calls as functionCall parts, results as functionResponse. */
function toContents(messages: ReturnType<typeof toMessages>): Content[] {
    const contents: Content[] = [];
    const add = (role: Content["role"], parts: Record<string, unknown>[]) => {
        const last = contents.at(-1);
        if (last?.role === role) last.parts.push(...parts);
        else contents.push({role, parts});
    };
    for (const m of messages) {
        if (m.role === "user")
            add("user", [
                {text: m.content},
                ...(m.images ?? []).map((image) => ({inlineData: {mimeType: image.mime, data: image.data}})),
            ]);
        else if (m.role === "tool")
            add("user", [{functionResponse: {name: m.name, response: {result: m.content}}}]);
        else if (m.role === "assistant")
            add("model", [
                ...(m.content ? [{text: m.content}] : []),
                ...(m.tool_calls ?? []).map((c) => ({
                    functionCall: {name: c.function.name, args: parseJson(c.function.arguments)},
                })),
            ]);
    }
    return contents;
}
