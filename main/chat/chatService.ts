import type {ChatHistoryItem, ChatModelFunctionCall} from "node-llama-cpp";
import type {
    AppEvent,
    Citation,
    Conversation,
    GenerationSettings,
    Message,
    PreflightCall,
    ToolChoice,
    TurnStats,
} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import {emptyStats, type Engine, type ModelFunction} from "../llm/engine.js";
import type {CitationStore} from "../store/citations.js";
import {busyMessage, type ProcessRegistry} from "../store/processes.js";
import {DEFAULT_TITLE, type ConversationStore} from "../store/conversations.js";
import type {Approver} from "../tools/approvals.js";
import {JobRegistry} from "../jobs.js";
import type {ToolDefinition} from "../tools/defineTool.js";
import {decide, type DenyReason} from "../tools/policy.js";
import type {ToolRegistry} from "../tools/registry.js";
import type {CallContext, CallOutcome, ToolRunner} from "../tools/runner.js";
import {TurnMachine, type TurnState} from "./turnState.js";

/** Overrides for one run (CLI flags), over the conversation's settings and the defaults. */
export type GenerationOptions = {maxTokens?: number; temperature?: number; seed?: number};

export type ToolServices = {registry: ToolRegistry; runner: ToolRunner; approver: Approver};

/** webAccess overrides the conversation's switch for this one turn (the CLI's --web). */
export type SendOptions = {toolChoice?: ToolChoice; preflight?: PreflightCall[]; webAccess?: boolean};

type ActiveTurn = {controller: AbortController; done: Promise<void>};

const TITLE_LENGTH = 60;
export const WEB_OFF =
    "web access is off in this conversation: switch on Web access in the chat header to let Cairn use the internet";
/** Turns whose events are kept for replay and inspection; older ones are dropped. */
const TURN_LOG_LIMIT = 20;
const TOOL_LIMIT_NOTE =
    "The tool limit for this answer is reached. Answer now with what you have, without tools.";
const CITE_NOTE =
    "Tool results list their sources as [n] Title. When you use information from a source, cite it as [n].";

/** Runs chat turns: the agent loop over the engine and the tools, persisted as it goes, streamed as events. */
export class ChatService {
    /** The running answer of each conversation in this process, by conversation id. */
    private readonly active = new JobRegistry<ActiveTurn>();
    /** Every event of each turn, by answer message id, so a turn can be replayed and inspected. */
    readonly turnLog = new Map<string, AppEvent[]>();

    constructor(
        private readonly store: ConversationStore,
        private readonly engine: Engine,
        private readonly bus: EventBus,
        private readonly tools: ToolServices,
        private readonly citations: CitationStore,
        /** The generation settings in force for a conversation (defaults, its own, run overrides). */
        private readonly generationFor: (conversation: Conversation) => GenerationSettings,
        /** Claims each conversation's one running answer across every Cairn process on the data directory. */
        private readonly processes: ProcessRegistry,
        private readonly flushMs = 200,
    ) {}

    send(
        conversationId: string,
        text: string,
        options: SendOptions = {},
    ): Result<{userMessageId: string; messageId: string}> {
        const stored = this.store.get(conversationId);
        if (!stored) return fail("NOT_FOUND", `conversation not found: ${conversationId}`);
        const conversation = {...stored, webAccess: options.webAccess ?? stored.webAccess};
        if (this.active.has(conversationId)) {
            return fail("DENIED", "an answer is still being written in this conversation; stop it or wait");
        }
        // While a model loads, the turn waits for it in the engine's queue.
        if (!this.engine.isLoaded() && this.engine.status().state !== "loading") {
            return fail(
                "MODEL_NOT_LOADED",
                this.engine.status().message ?? "no model is loaded; choose a model first",
            );
        }
        const choice = options.toolChoice ?? "auto";
        const named = ["auto", "none", "required"].includes(choice)
            ? null
            : this.tools.registry.resolve(choice);
        if (named === undefined || (named === null && !["auto", "none", "required"].includes(choice))) {
            return fail("VALIDATION", `unknown tool: ${choice}`);
        }
        if (named) {
            const {mode, webAccess} = conversation;
            const decision = decide(named, {mode, webAccess, policy: this.tools.registry.policy(named)});
            if (decision.verdict === "deny")
                return fail("DENIED", refusal(named.name, decision.reason, mode));
        }
        const claim = this.processes.claim(conversationId);
        if (!claim.ok) return fail("BUSY", busyMessage(claim.holder));
        const history = toModelHistory(this.store.messages(conversationId));
        const user = this.store.addMessage({conversationId, role: "user", content: text, status: "complete"});
        if (conversation.title === DEFAULT_TITLE) {
            const renamed = this.store.rename(conversationId, titleFrom(text));
            if (renamed) this.bus.emit({type: "conversation.updated", conversation: renamed});
        }
        const answer = this.store.addMessage({
            conversationId,
            role: "assistant",
            content: "",
            status: "streaming",
            model: this.engine.status().modelName,
            processId: this.processes.id,
        });
        this.processes.attach(conversationId, answer.id);
        const controller = new AbortController();
        const turn: ActiveTurn = {controller, done: Promise.resolve()};
        // Released before chat.done is emitted, so a listener may send the next message at once.
        const release = () => {
            if (this.active.get(conversationId) !== turn) return;
            this.active.remove(conversationId, turn);
            this.processes.release(conversationId);
        };
        const input = {
            answer,
            history: [...history, {type: "user", text} as const],
            choice,
            preflight: options.preflight ?? [],
        };
        // Registered before the turn starts: its first events may already lead a listener to call stop().
        this.active.add(conversationId, turn);
        turn.done = this.runTurn(input, conversation, controller.signal, release).finally(release);
        return ok({userMessageId: user.id, messageId: answer.id});
    }

    stop(conversationId: string): boolean {
        return this.active.cancel(conversationId, new Error("stopped by the user"));
    }

    /** Resolves when the conversation's running turn (if any) has been written. */
    async settled(conversationId: string): Promise<void> {
        await this.active.settled(conversationId);
    }

    async stopAll(): Promise<void> {
        await this.active.cancelAll(new Error("Cairn is closing"));
    }

    private async runTurn(
        input: {answer: Message; history: ChatHistoryItem[]; choice: ToolChoice; preflight: PreflightCall[]},
        conversation: Conversation,
        signal: AbortSignal,
        release: () => void,
    ) {
        const {mode, webAccess} = conversation;
        const generation = this.generationFor(conversation);
        const {conversationId, id: messageId} = input.answer;
        const log: AppEvent[] = [];
        this.turnLog.set(messageId, log);
        for (const old of [...this.turnLog.keys()].slice(0, -TURN_LOG_LIMIT)) this.turnLog.delete(old);
        const unsubscribe = this.bus.subscribe((e) => {
            if (belongsTo(e, messageId)) log.push(e);
        });
        const machine = new TurnMachine((state) =>
            this.bus.emit({type: "turn.state", conversationId, messageId, state}),
        );
        let text = "";
        let flushed = 0;
        const flush = () => {
            if (text.length === flushed) return;
            this.store.updateContent(messageId, text);
            flushed = text.length;
        };
        const timer = setInterval(flush, this.flushMs);
        const response: Array<string | ChatModelFunctionCall> = [];
        const stats = emptyStats();
        const {registry, runner, approver} = this.tools;
        const seen = new Set<string>();
        const citations: Citation[] = [];
        /** Numbers each returned source within this answer and tells the model how to cite it. */
        const cite = (outcome: CallOutcome): string => {
            if (outcome.sources.length === 0) return outcome.modelText;
            const numbered = outcome.sources.map((source) => {
                const citation: Citation = {
                    ...source,
                    number: citations.length + 1,
                    toolCallId: outcome.record.id,
                };
                citations.push(citation);
                this.citations.add(messageId, citation);
                return `[${citation.number}] ${source.title}${source.url ? ` (${source.url})` : ""}`;
            });
            return `${outcome.modelText}\n\nSources:\n${numbered.join("\n")}`;
        };
        const callContext = (
            step: number,
            origin: "model" | "client",
            fit?: CallContext["fit"],
        ): CallContext => ({
            conversationId,
            messageId,
            step,
            origin,
            mode,
            webAccess,
            signal,
            approver,
            reason: () => text,
            seen,
            onAwaiting: (waiting) => machine.to(waiting ? "AWAITING_APPROVAL" : "WAITING_FOR_TOOL"),
            fit,
        });
        /** Each call's share of the context left for the next step, in the model's tokens. */
        const fitResults = (calls: number): CallContext["fit"] => {
            const budget = this.engine.resultBudget({
                history: [
                    ...systemMessage(generation.systemPrompt, true),
                    ...input.history,
                    {type: "model", response: [...response]},
                ],
                functions: registry.offered(mode, {webAccess}).map(toModelFunction),
                maxTokens: generation.maxTokens,
                calls,
                contextUsed,
            });
            return budget === null ? undefined : (text) => this.engine.fitText(text, budget);
        };
        const runCalls = async (
            calls: Array<{name: string; params: unknown}>,
            step: number,
            origin: "model" | "client",
        ) => {
            machine.to("DISPATCHING_TOOL");
            machine.to("WAITING_FOR_TOOL");
            const fit = fitResults(calls.length);
            const outcomes = await mapLimit(calls, registry.config.defaults.maxParallel, (c) =>
                runner.run(c.name, c.params, callContext(step, origin, fit)),
            );
            response.push(...outcomes.map((o, i) => functionCallItem(calls[i]!, o, cite(o), registry)));
        };

        let error: string | null = null;
        let stopped = false;
        let contextUsed: number | null = null;
        try {
            machine.to("RECEIVING");
            if (input.preflight.length > 0) {
                await runCalls(
                    input.preflight.map((p) => ({name: p.name, params: p.args})),
                    0,
                    "client",
                );
            }
            const maxSteps = registry.config.defaults.maxSteps;
            for (let step = 0; ; step++) {
                machine.to("GENERATING");
                const limitReached = step >= maxSteps;
                const choice = step === 0 ? input.choice : "auto";
                const offered = limitReached || choice === "none" ? [] : registry.offered(mode, {webAccess});
                const force = forcedTools(choice, offered);
                // One system message, the same every step and turn, so that its tokens stay reusable.
                const history: ChatHistoryItem[] = [
                    ...systemMessage(generation.systemPrompt, offered.length > 0 || response.length > 0),
                    ...input.history,
                    ...(limitReached ? [{type: "system", text: TOOL_LIMIT_NOTE} as const] : []),
                    {type: "model", response: [...response]},
                ];
                const result = await this.engine.step({
                    history,
                    signal,
                    maxTokens: generation.maxTokens,
                    sampling: generation,
                    functions: force ? undefined : offered.map(toModelFunction),
                    force: force?.map(toModelFunction),
                    onText: (chunk) => {
                        text += chunk;
                        this.bus.emit({type: "chat.token", conversationId, messageId, text: chunk});
                    },
                });
                if (!result.ok) {
                    error = result.error.message;
                    break;
                }
                addStats(stats, result.value.stats);
                contextUsed = result.value.contextUsed;
                if (result.value.text) response.push(result.value.text);
                if (result.value.stopped) {
                    stopped = true;
                    break;
                }
                if (result.value.calls.length === 0) break;
                await runCalls(result.value.calls, step + 1, "model");
                if (signal.aborted) {
                    stopped = true;
                    break;
                }
            }
        } catch (thrown) {
            error = `the answer failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`;
        } finally {
            clearInterval(timer);
        }
        if (error) {
            machine.to("ERROR");
            this.store.finish(messageId, {content: text, status: "error", stats: null, error});
            this.bus.emit({type: "chat.error", conversationId, messageId, message: error});
        } else {
            machine.to("PUBLISHING");
            this.store.finish(messageId, {
                content: text,
                status: stopped ? "interrupted" : "complete",
                stats,
            });
        }
        this.store.touch(conversationId);
        machine.to("IDLE");
        release();
        this.bus.emit({type: "chat.done", conversationId, message: this.store.message(messageId)!});
        unsubscribe();
    }
}

/** Why a tool the person chose cannot run, in words that say what to change. */
function refusal(tool: string, reason: DenyReason, mode: string): string {
    if (reason === "web-off") return WEB_OFF;
    if (reason === "mode")
        return `${tool} is not available in ${mode} mode; switch the mode or choose another tool`;
    return `${tool} is disabled by its policy; change it in Settings`;
}

/** The tools a forced choice allows: only among those offered now (mode, policy, step limit). */
function forcedTools(choice: ToolChoice, offered: ToolDefinition[]): ToolDefinition[] | undefined {
    if (choice === "auto" || choice === "none") return undefined;
    const allowed = choice === "required" ? offered : offered.filter((t) => t.name === choice);
    return allowed.length > 0 ? allowed : undefined;
}

function toModelFunction(tool: ToolDefinition): ModelFunction {
    return {name: tool.name, description: tool.description, params: tool.params};
}

function functionCallItem(
    call: {name: string; params: unknown},
    outcome: CallOutcome,
    resultText: string,
    registry: ToolRegistry,
): ChatModelFunctionCall {
    return {
        type: "functionCall",
        name: registry.resolve(call.name)?.name ?? call.name,
        description: registry.resolve(call.name)?.description,
        params: outcome.record.args ?? call.params,
        result: resultText,
    };
}

/** Earlier turns as the model sees them: each answer's tool calls (with results), then its text. */
export function toModelHistory(messages: Message[]): ChatHistoryItem[] {
    return messages
        .filter((m) => m.status !== "error" && (m.content.length > 0 || m.toolCalls.length > 0))
        .map((m): ChatHistoryItem => {
            if (m.role === "user") return {type: "user", text: m.content};
            if (m.role === "system") return {type: "system", text: m.content};
            const calls: ChatModelFunctionCall[] = m.toolCalls.map((c) => ({
                type: "functionCall",
                name: c.tool,
                params: c.args ?? c.rawArgs,
                result: c.status === "ok" ? c.resultText : c.error,
            }));
            return {type: "model", response: [...calls, ...(m.content ? [m.content] : [])]};
        });
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
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

function belongsTo(e: AppEvent, messageId: string): boolean {
    if (e.type === "chat.token" || e.type === "chat.error" || e.type === "turn.state")
        return e.messageId === messageId;
    if (e.type === "chat.done") return e.message.id === messageId;
    if (e.type === "tool.request" || e.type === "tool.result") return e.call.messageId === messageId;
    if (e.type === "tool.approvalRequested") return e.request.messageId === messageId;
    return false;
}

function systemMessage(prompt: string, withTools: boolean): ChatHistoryItem[] {
    const text = [prompt.trim(), withTools ? CITE_NOTE : ""].filter(Boolean).join("\n\n");
    return text ? [{type: "system", text}] : [];
}

function addStats(total: TurnStats, step: TurnStats): void {
    total.promptTokens += step.promptTokens;
    total.reusedTokens += step.reusedTokens;
    total.contextShifted ||= step.contextShifted;
    total.completionTokens += step.completionTokens;
    total.timeToFirstTokenMs ??= step.timeToFirstTokenMs;
    total.durationMs += step.durationMs;
    total.tokensPerSecond = step.tokensPerSecond ?? total.tokensPerSecond;
}

export function titleFrom(text: string): string {
    const line = text.trim().split("\n")[0]!.trim();
    return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line || DEFAULT_TITLE;
}

export type {TurnState};
