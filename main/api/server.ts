import http from "node:http";
import {boundPort} from "../net/boundPort.js";
import {Ajv} from "ajv";
import type {Assistant} from "../../shared/contract.js";
import type {Assistants} from "../assistants/assistants.js";
import type {ChatService} from "../chat/chatService.js";
import type {Embedder} from "../llm/embedder.js";
import type {Engine} from "../llm/engine/engine.js";
import type {LocalVision} from "../llm/localVision.js";
import type {Providers, RemoteEngine} from "../llm/providers.js";
import type {ModelManager} from "../models/manager.js";
import type {SettingsStore} from "../store/settings.js";
import type {ToolRegistry} from "../tools/registry.js";
import {allowedHost, bearer, sameToken} from "../server/auth.js";
import {
    planChat,
    questionOf,
    planCompletion,
    runChat,
    type ChatOutcome,
    type ChatPlan,
    type ChatSink,
    type CompletionEngine,
} from "./chat.js";
import {readImages} from "./history.js";
import {inEnglish} from "../words.js";
import {errorText} from "../contract/dispatcher.js";
import type {ApiTools} from "./cairnTools.js";
import type {ToolChooser} from "../tools/selection.js";
import {ApiRecorder, recordedEnd} from "./record.js";
import {ApiError, invalid} from "./errors.js";
import {Gate} from "./gate.js";
import {ChatRequest, CompletionRequest, EmbeddingRequest} from "./schemas.js";
import {SseWriter} from "./sse.js";
import {ServerTiming} from "./timing.js";
import {isLoopback, readJsonBody, sendJson, sendError, validated} from "./http.js";
import {planMessages, checkSize, MessagesError, MessagesRequest, messageResponse} from "./messages.js";
import {MessagesSseWriter} from "./messagesSse.js";
import {ResponseItems} from "./responseItems.js";
import {
    asChatRequest as responsesAsChat,
    checkSize as checkResponsesSize,
    FORMAT_PARAM as RESPONSES_FORMAT,
    type NamespacedNames,
    ResponsesRequest,
} from "./responses.js";
import {chatResponse, textResponse, modelId, withInstructions, withAssistant} from "./replies.js";
import {researchOf, researchOutcome} from "./research.js";
import {continued, keep, storedRoute, type ResponseStore} from "./storedResponses.js";

/** The services the API uses: given by the composition root, never the whole core. */
export type ApiCore = {
    engine: Engine;
    embedder: Embedder;
    models: ModelManager;
    /** A local model with its projector answers questions with images (local vision). */
    vision: Pick<LocalVision, "engineFor">;
    settings: SettingsStore;
    tools: ToolRegistry;
    /** Chooses the tools a request offers when metadata.tools names more than fit (tool search). */
    chooser: ToolChooser;
    /** Cairn's own tools for API callers, run by the app's runner. */
    apiTools: ApiTools;
    /** metadata.assistant: an assistant's instructions, settings and model for a request. */
    assistants: Pick<Assistants, "find" | "list" | "startFor" | "modelOf">;
    /** An assistant's provider answers its requests. */
    providers: Pick<Providers, "engine">;
    /** A recorded exchange's answer is written by the chat service, as the window's answers are. */
    chat: Pick<ChatService, "record" | "research">;
    /** The Responses API's stored responses (storedResponses.ts). */
    responses: ResponseStore;
};

export type ApiOptions = {
    core: ApiCore;
    /** The key clients must send; read at each request, so that a new key applies at once. */
    key: () => string;
    host?: string;
    port?: number;
    /** Origins allowed to call from a browser page (CORS); none by default. Read at each request. */
    corsOrigins?: () => string[];
    /** Requests that may wait behind the one running; more get 429 with Retry-After. */
    maxWaiting?: number;
    bodyLimitBytes?: number;
};

export type ApiServer = {url: string; port: number; close(): Promise<void>};

const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;
const DEFAULT_MAX_WAITING = 8;
/** How long a request waits for a model that is still loading before it is told to come back. */
const LOAD_WAIT_MS = 60_000;

/**
 * Cairn's OpenAI-compatible API: /v1/models, /v1/chat/completions, /v1/completions, /v1/embeddings; the
 * Responses API's /v1/responses (responses.ts); and Anthropic's /v1/messages (messages.ts).
 */
export async function startApi(options: ApiOptions): Promise<ApiServer> {
    const host = options.host ?? "127.0.0.1";
    const ajv = new Ajv({allErrors: false, strict: true});
    const validators = {
        chat: ajv.compile<ChatRequest>(ChatRequest),
        completion: ajv.compile<CompletionRequest>(CompletionRequest),
        embedding: ajv.compile<EmbeddingRequest>(EmbeddingRequest),
        messages: ajv.compile<MessagesRequest>(MessagesRequest),
        responses: ajv.compile<ResponsesRequest>(ResponsesRequest),
    };
    // Clients' tool schemas are compiled in their own instance: their names and ids never meet ours.
    const toolAjv = () => new Ajv({allErrors: true, strict: true});
    const {core} = options;
    const {apiTools} = core;
    const recorder = new ApiRecorder({chat: core.chat, startFor: (id) => core.assistants.startFor(id)});
    const gate = new Gate(options.maxWaiting ?? DEFAULT_MAX_WAITING);
    let port = 0;

    const server = http.createServer((req, res) => {
        handle(req, res, new ServerTiming()).catch((error: unknown) => {
            const apiError =
                error instanceof ApiError
                    ? error
                    : new ApiError(500, `internal error: ${errorText(error)}`, "server_error");
            // Anthropic's clients read errors in Anthropic's shape.
            sendError(res, isMessagesRoute(req) ? MessagesError.from(apiError) : apiError);
        });
    });

    async function handle(
        req: http.IncomingMessage,
        res: http.ServerResponse,
        timing: ServerTiming,
    ): Promise<void> {
        const url = new URL(req.url ?? "/", "http://placeholder");
        const origin = req.headers.origin;
        const cors = new Set(options.corsOrigins?.() ?? []);
        if (origin && cors.has(origin)) {
            res.setHeader("Access-Control-Allow-Origin", origin);
            res.setHeader("Vary", "Origin");
        }
        if (req.method === "OPTIONS") return preflight(req, res, origin !== undefined && cors.has(origin));
        if (isLoopback(host) && !allowedHost(req.headers.host, port, host))
            throw new ApiError(
                403,
                "forbidden host: call the API by the address Cairn printed",
                "invalid_request_error",
            );
        // Bearer as OpenAI's clients send it, x-api-key as Anthropic's do.
        if (!sameToken(bearer(req) ?? headerText(req.headers["x-api-key"]), options.key()))
            throw new ApiError(
                401,
                "Incorrect API key provided. Pass the key Cairn shows in Settings (or was given with --api-key) as `Authorization: Bearer KEY`.",
                "invalid_request_error",
                null,
                "invalid_api_key",
            );
        const stored = storedRoute(req.method, url, core.responses);
        if (stored) return sendJson(res, stored.status, stored.body);
        const route = `${req.method} ${url.pathname.replace(/\/+$/, "")}`;
        switch (route) {
            case "GET /v1/models":
                return sendJson(res, 200, listModels());
            case "POST /v1/chat/completions": {
                const body = validated(validators.chat, await readJson(req), "chat");
                await prepareTools(body);
                const assistant = assistantOf(body.metadata?.assistant);
                const plan = planChat(withInstructions(body, assistant), toolAjv, apiTools);
                return completion(res, body, withAssistant(plan, assistant), "chat", timing, assistant);
            }
            case "POST /v1/messages": {
                const request = validated(validators.messages, checkSize(await readJson(req)), "messages");
                const {body, plan, thinking} = planMessages(request, toolAjv);
                return completion(res, body, plan, "chat", timing, null, {messages: {thinking}});
            }
            case "POST /v1/responses": {
                const raw = checkResponsesSize(await readJson(req));
                const request = continued(validated(validators.responses, raw, "responses"), core.responses);
                const {chat: body, names} = responsesAsChat(request, (tool) => apiTools.mayRun(tool));
                await prepareTools(body);
                const plan = planChat(body, toolAjv, apiTools, RESPONSES_FORMAT);
                return completion(res, body, plan, "chat", timing, null, {responses: request, names});
            }
            case "POST /v1/completions": {
                const body = validated(validators.completion, await readJson(req), "completion");
                return completion(res, body, planCompletion(body), "text", timing);
            }
            case "POST /v1/embeddings":
                return embeddings(res, validated(validators.embedding, await readJson(req), "embedding"));
            default:
                throw new ApiError(
                    404,
                    `no route ${route}: Cairn serves /v1/models, /v1/chat/completions, /v1/responses, /v1/messages, /v1/completions and /v1/embeddings`,
                    "invalid_request_error",
                    null,
                    "unknown_url",
                );
        }
    }

    /** Cairn tools named by the caller may be an MCP server's that starts on first use. */
    async function prepareTools(body: ChatRequest): Promise<void> {
        if (!body.metadata?.tools && !body.metadata?.tool_calls) return;
        const {tools, chooser, engine} = options.core;
        await tools.prepare();
        if (chooser.mustChoose(tools.offered("agent", {webAccess: true}), engine))
            await tools.readQuery(questionOf(body));
    }

    /** metadata.assistant: an assistant by name or id, whose instructions and settings the request takes. */
    function assistantOf(requested: unknown): Assistant | null {
        if (requested === undefined || requested === null) return null;
        const found = typeof requested === "string" ? core.assistants.find(requested) : null;
        if (found) return found;
        const names = core.assistants.list().map((a) => a.name);
        throw new ApiError(
            400,
            `metadata.assistant: no assistant ${JSON.stringify(requested)} (assistants: ${names.join(", ") || "none"})`,
            "invalid_request_error",
            "metadata.assistant",
        );
    }

    async function completion(
        res: http.ServerResponse,
        body: ChatRequest | CompletionRequest,
        plan: ChatPlan,
        kind: "chat" | "text",
        timing: ServerTiming,
        assistant: Assistant | null = null,
        shape:
            | "openai"
            | {messages: {thinking: boolean}}
            | {responses: ResponsesRequest; names: NamespacedNames} = "openai",
    ): Promise<void> {
        const abort = new AbortController();
        // A client that goes away stops its generation (or leaves the queue).
        res.on("close", () => {
            if (!res.writableFinished) abort.abort();
        });
        const research = "messages" in body ? researchOf(body) : null;
        timing.queue();
        const release = await gate.enter(abort.signal);
        timing.admit();
        try {
            if (abort.signal.aborted) return;
            const remote = assistantModel(assistant);
            const model = remote ? remote.modelName() : await modelFor(abort.signal);
            const engine = remote ? await withImages(plan, remote) : await engineFor(plan);
            const generation = options.core.settings.values().generation;
            const full: ChatPlan = {
                ...plan,
                maxTokens: plan.maxTokens ?? generation.maxTokens,
                sampling: {...generation, ...plan.sampling},
            };
            // The Responses API's items gather the answer whether streamed or not.
            const items =
                typeof shape === "object" && "responses" in shape
                    ? new ResponseItems(
                          shape.responses,
                          shape.names,
                          model,
                          body.stream ? {res, timing} : null,
                      )
                    : null;
            items?.opened();
            const writer =
                items ??
                (!body.stream
                    ? null
                    : typeof shape === "object" && "messages" in shape
                      ? new MessagesSseWriter(res, model, timing, shape.messages.thinking)
                      : new SseWriter(res, kind, model, Boolean(body.stream_options?.include_usage), timing));
            const recording =
                !research && "messages" in body && body.metadata?.conversation_id !== undefined
                    ? recorder.begin(
                          body.metadata.conversation_id,
                          body.messages,
                          model,
                          assistant?.id ?? null,
                      )
                    : null;
            const sink: ChatSink = {
                text: (chunk) => {
                    recording?.onText(chunk);
                    writer?.text(chunk);
                },
                thought: (chunk) => {
                    recording?.onThought(chunk);
                    writer?.thought(chunk);
                },
                call: (...args) => writer?.call(...args),
                step: (step) => writer?.step(step),
            };
            if (recording) {
                full.record = {conversationId: recording.conversationId, messageId: recording.messageId};
                // Stop in the window ends the request's answer as it ends its own.
                recording.signal.addEventListener("abort", () => abort.abort(), {once: true});
            }
            let outcome: ChatOutcome;
            try {
                outcome = research
                    ? await researchOutcome(core.chat, research, abort.signal, sink)
                    : await runChat(engine, full, abort.signal, sink);
            } catch (error) {
                recording?.fail(errorText(error));
                if (writer?.started) return writer.fail(error);
                throw error;
            }
            recording?.finish(recordedEnd(outcome), abort.signal.aborted);
            if (recording) outcome.conversationId = recording.conversationId;
            if (abort.signal.aborted) return;
            if (items) {
                const response = items.finish(outcome);
                keep(core.responses, items.body, response);
                if (!body.stream) res.setHeader("Server-Timing", timing.header());
                return void (body.stream || sendJson(res, 200, response));
            }
            if (writer) return void writer.finish(outcome);
            res.setHeader("Server-Timing", timing.header());
            if (typeof shape === "object" && "messages" in shape)
                return sendJson(res, 200, messageResponse(model, outcome, shape.messages.thinking));
            sendJson(res, 200, kind === "chat" ? chatResponse(model, outcome) : textResponse(model, outcome));
        } finally {
            release();
        }
    }

    async function embeddings(res: http.ServerResponse, body: EmbeddingRequest): Promise<void> {
        const inputs = typeof body.input === "string" ? [body.input] : body.input;
        const file = options.core.embedder.configured();
        if (!file)
            throw new ApiError(
                400,
                "no embedding model is chosen in Cairn: pick one on the Models screen (Use for documents)",
                "invalid_request_error",
                "model",
                "model_not_found",
            );
        const counter = await options.core.embedder.tokenCounter();
        if (!counter.ok) throw new ApiError(503, counter.error.message, "server_error");
        const long = inputs.findIndex((text) => !counter.value.fits(text));
        if (long >= 0)
            throw new ApiError(
                400,
                `input${typeof body.input === "string" ? "" : `[${long}]`} is longer than the embedding model's context of ${counter.value.contextSize} tokens: split it into shorter texts`,
                "invalid_request_error",
                "input",
                "context_length_exceeded",
            );
        const vectors = await options.core.embedder.embed(inputs);
        if (!vectors.ok) throw new ApiError(500, vectors.error.message, "server_error");
        const tokens = inputs.reduce((sum, text) => sum + counter.value.count(text), 0);
        sendJson(res, 200, {
            object: "list",
            data: vectors.value.map((vector, index) => ({
                object: "embedding",
                index,
                embedding:
                    body.encoding_format === "base64"
                        ? Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString("base64")
                        : Array.from(vector),
            })),
            model: modelId(file),
            usage: {prompt_tokens: tokens, total_tokens: tokens},
        });
    }

    function listModels() {
        const loaded = loadedModelId();
        const ids = new Set<string>(loaded ? [loaded] : []);
        for (const model of options.core.models.overview().installed) ids.add(modelId(model.file));
        const embedding = options.core.embedder.configured();
        if (embedding) ids.add(modelId(embedding));
        return {
            object: "list",
            data: [...ids].map((id) => ({id, object: "model", created: 0, owned_by: "cairn"})),
        };
    }

    /**
     * The loaded model's id; a model still loading (the first seconds of `cairn serve --api`) is waited
     * for, up to LOAD_WAIT_MS, then "loading" with Retry-After; no model at all is a 503 saying what to do.
     */
    /**
     * metadata.assistant's own model: its provider answers (returned), or its installed local model is loaded
     * in place of the loaded one (null: the engine answers).
     */
    function assistantModel(assistant: Assistant | null): RemoteEngine | null {
        const own = assistant ? core.assistants.modelOf(assistant) : null;
        if (!own) return null;
        if ("localPath" in own) {
            // No model is changed under an answer: the request is told to come back instead.
            const refused = core.engine.switchTo(own.localPath);
            if (refused)
                throw new ApiError(503, inEnglish(refused), "server_error", null, "model_busy", {
                    "Retry-After": "5",
                });
            return null;
        }
        const remote = core.providers.engine(own.provider, null, own.model);
        if (!remote.ok)
            throw new ApiError(400, remote.error.message, "invalid_request_error", "metadata.assistant");
        return remote.value;
    }

    /** A provider's engine, with the request's images read (its model sees them, or says it cannot). */
    async function withImages(plan: ChatPlan, remote: RemoteEngine): Promise<CompletionEngine> {
        if (plan.images?.length) await readImages(plan.images);
        return remote;
    }

    /**
     * The engine, or for a question with images the loaded model through local vision (its projector beside
     * it), the images read in first; a model that cannot see is a 400 model_not_vision in words.
     */
    async function engineFor(plan: ChatPlan): Promise<CompletionEngine> {
        if (!plan.images?.length) return options.core.engine;
        const seeing = options.core.vision.engineFor(options.core.engine.status().modelPath);
        if (!("step" in seeing)) throw invalid(inEnglish(seeing), plan.images[0]!.param, "model_not_vision");
        await readImages(plan.images);
        return seeing;
    }

    async function modelFor(signal: AbortSignal): Promise<string> {
        const {engine} = options.core;
        if (engine.status().state === "loading") {
            let timer: NodeJS.Timeout | undefined;
            const waited = new Promise<void>((resolve) => {
                timer = setTimeout(resolve, LOAD_WAIT_MS);
                signal.addEventListener("abort", () => resolve(), {once: true});
            });
            await Promise.race([engine.loaded(), waited]);
            clearTimeout(timer);
        }
        const model = loadedModelId();
        if (model) return model;
        if (engine.status().state === "loading")
            throw new ApiError(
                503,
                "the model is still loading; try again in a few seconds",
                "server_error",
                null,
                "model_loading",
                {"Retry-After": "5"},
            );
        throw new ApiError(
            503,
            "no model is loaded in Cairn; load one on the Models screen or start with --model PATH",
            "server_error",
            null,
            "model_not_loaded",
        );
    }

    function loadedModelId(): string | null {
        const status = options.core.engine.status();
        return status.state === "ready" || status.state === "generating"
            ? modelId(status.modelPath ?? "model")
            : null;
    }

    function preflight(req: http.IncomingMessage, res: http.ServerResponse, allowed: boolean) {
        if (!allowed) return void res.writeHead(403).end();
        res.writeHead(204, {
            "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
            "Access-Control-Allow-Headers":
                req.headers["access-control-request-headers"] ?? "authorization, content-type",
            "Access-Control-Max-Age": "600",
        }).end();
    }

    function readJson(req: http.IncomingMessage): Promise<unknown> {
        return readJsonBody(req, options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT);
    }

    await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(options.port ?? 0, host, () => resolve());
    });
    port = boundPort(server);
    const shown = host.includes(":") ? `[${host}]` : host;
    return {
        url: `http://${shown}:${port}/v1`,
        port,
        close: () =>
            new Promise<void>((resolve) => {
                server.closeAllConnections();
                server.close(() => resolve());
            }),
    };
}

function isMessagesRoute(req: http.IncomingMessage): boolean {
    return new URL(req.url ?? "/", "http://placeholder").pathname.replace(/\/+$/, "") === "/v1/messages";
}

function headerText(value: string | string[] | undefined): string | null {
    return typeof value === "string" ? value : null;
}
