import type {ChatHistoryItem} from "node-llama-cpp";
import type {AppError, Words} from "../../shared/result.js";
import type {AppEvent, Plan, PlanStep} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {isDiskFull, reason} from "../paths.js";
import {inEnglish} from "../words.js";
import type {HistoryImage} from "../llm/stepTypes.js";
import {emptyStats} from "../llm/stepParts.js";
import {ModelTurn, runSteps} from "../llm/stepLoop.js";
import {modelFunction, type ToolDefinition} from "../tools/defineTool.js";
import {describeSelection, FIND_TOOLS, type ToolSelection} from "../tools/selection.js";
import type {CallContext, CallOutcome} from "../tools/runner.js";
import {AnswerCitations} from "./answerCitations.js";
import {
    forcedTools,
    functionCallItem,
    keptImageIds,
    lastQuestion,
    systemMessage,
    TOOL_LIMIT_NOTE,
    toolsCalled,
} from "./stepInput.js";
import {TurnMachine} from "./turnState.js";
import {callOf, plannerStep, readPlan, runPlan} from "./plan.js";
import type {ResearchWork, TurnDeps, TurnInput} from "./turnInput.js";
import {mapLimit, belongsTo, addStats} from "./turnParts.js";
import {hostedTools} from "./hostedTools.js";
import {answerResearch} from "./researchTurn.js";
import {messageOf} from "../../shared/format.js";

type Call = {name: string; params: unknown};
/** How a turn ended: its error (and the error's words, when the core gave them), or stopped. */
type Ending = {error: string | null; words?: Words; stopped: boolean};

/** A failed step or loop's ending, with its words. */
const failedWith = (error: AppError): Ending => ({
    error: error.message,
    ...(error.words ? {words: error.words} : {}),
    stopped: false,
});

/**
 * One answer: the agent loop over the engine and the tools (steps, tool calls, citations), its text saved
 * while it streams, its events recorded, and its end published.
 */
export class Turn {
    /** Every event of this turn, for replay and inspection (the CLI's --json prints its tool events). */
    readonly log: AppEvent[] = [];
    private text = "";
    /** What the model thought, every step's; and when it began and stopped thinking. */
    private thought = "";
    private thinking: {from: number; to: number | null} | null = null;
    private flushed = 0;
    /** The model's side of this answer, over its steps. */
    private readonly turn = new ModelTurn();
    private readonly stats = emptyStats();
    private readonly seen = new Set<string>();
    private readonly citations: AnswerCitations;
    private contextUsed: number | null = null;
    private readonly machine: TurnMachine;
    /** The tools the last step offered, and why; tools find_tools found in this answer. */
    private selection: ToolSelection | null = null;
    private readonly found: string[] = [];
    /** The history this answer is asked from: the turn's own, or what compaction left of it. */
    private asked: ChatHistoryItem[];

    constructor(
        private readonly deps: TurnDeps,
        private readonly input: TurnInput,
    ) {
        const {conversationId, id: messageId} = input.answer;
        this.asked = input.history;
        this.citations = new AnswerCitations(deps.citations, messageId);
        this.machine = new TurnMachine((state) =>
            deps.bus.emit({type: "turn.state", conversationId, messageId, state}),
        );
    }

    /** Runs the turn to its end; `release` frees the conversation just before chat.done is emitted. */
    async run(release: () => void): Promise<void> {
        const unsubscribe = this.deps.bus.subscribe((e) => {
            if (belongsTo(e, this.input.answer.id)) this.log.push(e);
        });
        let ending: Ending;
        try {
            ending = await this.loop();
        } catch (thrown) {
            ending = {
                error: `the answer failed: ${messageOf(thrown)}`,
                stopped: false,
            };
        }
        this.publish(ending, release);
        unsubscribe();
    }

    private async loop(): Promise<Ending> {
        this.machine.to("RECEIVING");
        const {preflight, signal, plan} = this.input;
        // MCP servers that start on first use start now, so that their tools can be offered.
        if (this.input.choice !== "none" || preflight.length > 0 || plan) {
            await this.deps.tools.registry.prepare();
            // More tools than fit: search by meaning needs the question's vector (with an embedding model).
            if (this.deps.tools.chooser.mustChoose(this.allowedTools(), this.deps.engine))
                await this.deps.tools.registry.readQuery(lastQuestion(this.asked));
        }
        if (this.input.research) return this.research(this.input.research);
        const compacted = await this.compact();
        if (compacted) return compacted;
        if (plan) return "make" in plan ? this.makePlan(plan.make.maxSteps) : this.runPlan(plan.run);
        if (preflight.length > 0)
            await this.runCalls(
                preflight.map((p) => ({name: p.name, params: p.args})),
                0,
                "client",
            );
        const end = await runSteps(
            {
                generate: (step) => this.generate(step.index, true, step.last),
                runCalls: async (calls, step) => void (await this.runCalls(calls, step.index + 1, "model")),
                steered: this.input.steered,
            },
            Math.min(this.deps.tools.registry.config.defaults.maxSteps, this.input.maxSteps ?? Infinity),
            signal,
        );
        return end.ok ? {error: null, stopped: end.stopped} : failedWith(end.error);
    }

    /**
     * Folds older turns into a summary first when the prompt would not fit otherwise (the answer says it is
     * summarizing meanwhile). A summary that cannot be written leaves the oldest turns out of this answer, which
     * says so, as before; a stop ends the answer.
     */
    private async compact(): Promise<Ending | null> {
        const {compaction, generation, signal} = this.input;
        if (!compaction) return null;
        const functions = this.input.choice === "none" ? [] : this.chooseTools().map(modelFunction);
        const fixed = {systemPrompt: generation.systemPrompt, functions, maxTokens: generation.maxTokens};
        let folding = false;
        const folded = await compaction.prepare(this.deps.engine, fixed, signal, () => {
            folding = true;
            this.machine.to("SUMMARIZING");
        });
        // Stopped while summarizing: the answer ends there (stopped before, it ends as it always did).
        if (folding && signal.aborted) return {error: null, stopped: true};
        if (!folded.ok)
            console.error(`[cairn] earlier turns could not be summarized: ${folded.error.message}`);
        if (folded.ok && folded.value) this.asked = folded.value;
        return null;
    }

    /** Research mode: the plan, then the run (chat/researchTurn.ts); the report is the answer's text. */
    private async research(work: ResearchWork): Promise<Ending> {
        this.machine.to("GENERATING");
        const ended = await answerResearch(work, this.deps, this.input, {
            call: (name, params) =>
                this.deps.tools.runner.run(name, params, this.callContext(1, "client", undefined)),
            cite: (source, toolCallId) => this.citations.numberSource(source, toolCallId),
            onText: (chunk) => this.onText(chunk),
            onStats: (stats) => addStats(this.stats, stats),
        });
        if (ended.report !== null) this.text = ended.report;
        return ended.error ? failedWith(ended.error) : {error: null, stopped: ended.stopped};
    }

    /**
     * Writes a plan (JSON in a grammar made from the offered tools) and stores it with the answer, proposed:
     * nothing runs until the person runs it.
     */
    private async makePlan(maxSteps: number): Promise<Ending> {
        this.machine.to("GENERATING");
        const {registry} = this.deps.tools;
        const {generation, signal} = this.input;
        const offered = this.chooseTools().filter((t) => t.name !== FIND_TOOLS);
        const result = await this.deps.engine.step({
            ...plannerStep(offered, maxSteps, this.asked, generation.maxTokens),
            signal,
            sampling: generation,
            onText: () => {},
        });
        if (!result.ok) return failedWith(result.error);
        addStats(this.stats, result.value.stats);
        if (result.value.stopped) return {error: null, stopped: true};
        const plan = readPlan(result.value.text, registry, maxSteps);
        if (!plan.ok) return failedWith(plan.error);
        this.savePlan(plan.value);
        return {error: null, stopped: false};
    }

    /** Runs a plan's steps (chat/plan.ts); its answer step writes the answer from their results. */
    private async runPlan(steps: PlanStep[]): Promise<Ending> {
        const plan: Plan = {state: "running", steps: steps.map((s) => ({...s, status: "pending"}))};
        let ending: Ending = {error: null, stopped: false};
        await runPlan(plan, {
            signal: this.input.signal,
            call: async (step, index) => {
                const {name, args} = callOf(step);
                const [outcome] = await this.runCalls([{name, params: args}], index + 1, "model");
                return outcome!.record;
            },
            answer: async (step, index) => {
                ending = await this.planAnswer(step, index);
            },
            changed: (changed) => this.savePlan(changed),
        });
        return this.input.signal.aborted ? {error: null, stopped: true} : ending;
    }

    /** The plan's answer step: one generation without tools, over the steps' results. */
    private async planAnswer(step: PlanStep, index: number): Promise<Ending> {
        const result = await this.generate(index, false);
        if (!result.ok) {
            Object.assign(step, {status: "error", error: result.error.message});
            return failedWith(result.error);
        }
        if (result.value.stopped) {
            Object.assign(step, {status: "error", error: "the answer was stopped"});
            return {error: null, stopped: true};
        }
        step.status = "ok";
        return {error: null, stopped: false};
    }

    private savePlan(plan: Plan): void {
        const {conversationId, id: messageId} = this.input.answer;
        this.deps.store.setPlan(messageId, plan);
        this.deps.bus.emit({type: "plan.updated", conversationId, messageId, plan: structuredClone(plan)});
    }

    /** One generation step: the tools on offer (none past the step limit), the history, the engine. */
    private async generate(step: number, withTools = true, limitReached = false) {
        this.machine.to("GENERATING");
        const {generation, signal} = this.input;
        const choice = step === 0 ? this.input.choice : "auto";
        const allowed = this.allowedTools();
        const offered = limitReached || choice === "none" || !withTools ? [] : this.chooseTools(allowed);
        const force = forcedTools(choice, offered, allowed);
        this.deps.tools.telemetry?.offered((force ?? offered).map((t) => t.name));
        const hosted = hostedTools(this.deps.tools.runner, this.citations, this.input.answer, step);
        const result = await this.deps.engine.step({
            history: this.history(offered.length > 0 || !this.turn.empty, limitReached),
            signal,
            maxTokens: generation.maxTokens,
            sampling: generation,
            functions: force ? undefined : offered.map(modelFunction),
            force: force?.map(modelFunction),
            onText: (chunk) => this.onText(chunk),
            onThought: (chunk) => this.onThought(chunk),
            hosted: hosted.tools,
            // The trace shows each call as it is written, before it is complete and runs.
            onCallChunk: ({index, name, text}) =>
                this.deps.bus.emit({
                    type: "tool.writing",
                    conversationId: this.input.answer.conversationId,
                    messageId: this.input.answer.id,
                    index,
                    name,
                    text,
                }),
        });
        hosted.close();
        this.recordModel();
        if (result.ok) {
            addStats(this.stats, result.value.stats);
            this.contextUsed = result.value.contextUsed;
            // The step's thought goes back to the model in this turn; the chat format decides for later turns.
            this.turn.add(result.value);
        }
        return result;
    }

    /** Every tool this answer may use (mode, web access, this conversation's switches). */
    private allowedTools(): ToolDefinition[] {
        const {mode, webAccess, toolsOff: off} = this.input;
        const {conversationId} = this.input.answer;
        return this.deps.tools.registry.offered(mode, {webAccess, off, conversationId});
    }

    /**
     * The tools this step offers: all allowed when they fit the budget, else those chosen for the question
     * (pinned, found by find_tools, used before, relevant); the answer's stats say which and why.
     */
    private chooseTools(allowed = this.allowedTools()): ToolDefinition[] {
        this.selection = this.deps.tools.chooser.choose(allowed, this.deps.engine, {
            query: lastQuestion(this.asked),
            used: [...toolsCalled(this.asked), ...toolsCalled([this.turn.item()])],
            found: this.found,
            pinned: this.deps.tools.pinnedFor?.(this.input.answer.conversationId) ?? [],
        });
        this.stats.toolsOffered = this.selection.cut ? describeSelection(this.selection) : undefined;
        return this.selection.tools;
    }

    /**
     * find_tools' search: the allowed tools not offered in this step that match the query; what it finds is
     * offered from the next step on.
     */
    private async findTools(query: string, k: number): Promise<{name: string; description: string}[]> {
        const {registry} = this.deps.tools;
        await registry.readQuery(query);
        const allowed = new Set(this.allowedTools().map((t) => t.name));
        const shown = new Set(this.selection?.tools.map((t) => t.name));
        const names = registry.search(
            query,
            k,
            (n) => allowed.has(n) && !shown.has(n) && !this.found.includes(n),
        );
        this.found.push(...names);
        return names.flatMap((n) => {
            const tool = registry.resolve(n);
            return tool ? [{name: tool.name, description: tool.description}] : [];
        });
    }

    /** A remote provider's default model is known after its first step: the answer records it. */
    private recordModel(): void {
        const label = this.deps.engine.label?.();
        if (!label || label === this.input.answer.model) return;
        this.input.answer.model = label;
        this.deps.store.setModel(this.input.answer.id, label);
    }

    /** One system message, the same every step and turn, so that its tokens stay reusable. */
    private history(withTools: boolean, limitReached = false): ChatHistoryItem[] {
        return [
            ...systemMessage(
                this.input.generation.systemPrompt,
                withTools,
                withTools && this.input.webAccess,
            ),
            ...this.asked,
            ...(limitReached ? [{type: "system", text: TOOL_LIMIT_NOTE} as const] : []),
            this.turn.item(),
        ];
    }

    // Each piece is saved before anyone is shown it: after a crash, the answer kept ends with the last token on
    // screen (an UPDATE in WAL mode: about 0.1 ms, against 5-35 ms a token).
    private onThought(chunk: string): void {
        this.thought += chunk;
        this.flush();
        this.thinking ??= {from: performance.now(), to: null};
        this.thinking.to = null;
        const {conversationId, id: messageId} = this.input.answer;
        this.deps.bus.emit({type: "chat.thought", conversationId, messageId, text: chunk});
    }

    /** How long the model thought: from its first thought to the first text after its last one. */
    private thoughtMs(): number | null {
        if (!this.thinking) return null;
        return Math.round((this.thinking.to ?? performance.now()) - this.thinking.from);
    }

    private onText(chunk: string): void {
        if (this.thinking && this.thinking.to === null) this.thinking.to = performance.now();
        this.text += chunk;
        this.flush();
        const {conversationId, id: messageId} = this.input.answer;
        this.deps.bus.emit({type: "chat.token", conversationId, messageId, text: chunk});
    }

    private async runCalls(calls: Call[], step: number, origin: "model" | "client"): Promise<CallOutcome[]> {
        this.machine.to("DISPATCHING_TOOL");
        this.machine.to("WAITING_FOR_TOOL");
        const {registry, runner} = this.deps.tools;
        const fit = this.fitResults(calls.length);
        const outcomes = await mapLimit(calls, registry.config.defaults.maxParallel, (c) =>
            runner.run(c.name, c.params, this.callContext(step, origin, fit)),
        );
        this.turn.called(
            outcomes.map((o, i) =>
                functionCallItem(calls[i]!, o, this.citations.cite(o), registry, this.imagesOf(o)),
            ),
        );
        return outcomes;
    }

    /** The images a call returned, for a model that sees. */
    private imagesOf(outcome: CallOutcome): HistoryImage[] {
        const {image} = this.input;
        if (!image) return [];
        return keptImageIds(outcome.record).flatMap((id) => image(id) ?? []);
    }

    private callContext(step: number, origin: "model" | "client", fit: CallContext["fit"]): CallContext {
        const {answer, mode, webAccess, signal} = this.input;
        return {
            conversationId: answer.conversationId,
            messageId: answer.id,
            step,
            origin,
            mode,
            webAccess,
            signal,
            approver: this.deps.tools.approver,
            reason: () => this.text,
            seen: this.seen,
            onAwaiting: (waiting) => this.machine.to(waiting ? "AWAITING_APPROVAL" : "WAITING_FOR_TOOL"),
            fit,
            findTools: (query, k) => this.findTools(query, k),
        };
    }

    /** Each call's share of the context left for the next step, in the model's tokens. */
    private fitResults(calls: number): CallContext["fit"] {
        const {engine} = this.deps;
        const budget = engine.resultBudget({
            history: this.history(true),
            // The next step's tools: those of the last step, or (before the first) those it will offer.
            functions: (
                this.selection?.tools ?? (this.input.choice === "none" ? [] : this.chooseTools())
            ).map(modelFunction),
            maxTokens: this.input.generation.maxTokens,
            calls,
            contextUsed: this.contextUsed,
        });
        return budget === null ? undefined : (text) => engine.fitText(text, budget);
    }

    private flush(): void {
        const written = this.text.length + this.thought.length;
        if (written === this.flushed) return;
        try {
            this.deps.store.updateContent(this.input.answer.id, this.text, this.thought);
            this.flushed = written;
        } catch (error) {
            // A full disk: the answer goes on on screen, and its end says whether it could be saved.
            if (!isDiskFull(error)) throw error;
        }
    }

    /**
     * Saves the answer as it ended and tells everyone; the conversation is free before chat.done. When the
     * library cannot be written (a full disk), the answer ends with that said in words, and what was saved
     * before stays.
     */
    private publish(ending: Ending, release: () => void): void {
        const {store, bus} = this.deps;
        const {conversationId, id: messageId} = this.input.answer;
        try {
            this.save(ending);
        } catch (error) {
            if (!isDiskFull(error)) throw error;
            const words = wordsOf("libraryNotWritten", {detail: reason(error)});
            this.machine.to("IDLE");
            release();
            const message = inEnglish(words);
            bus.emit({type: "chat.error", conversationId, messageId, message, words});
            const kept = store.message(messageId) ?? this.input.answer;
            bus.emit({
                type: "chat.done",
                conversationId,
                message: {...kept, content: this.text, status: "error", error: message, errorWords: words},
            });
            return;
        }
        this.machine.to("IDLE");
        release();
        bus.emit({type: "chat.done", conversationId, message: store.message(messageId)!});
    }

    /** Writes the answer as it ended (and says an error), then marks the conversation active. */
    private save({error, words, stopped}: Ending): void {
        const {store, bus} = this.deps;
        const {conversationId, id: messageId} = this.input.answer;
        if (error) {
            this.machine.to("ERROR");
            store.finish(messageId, {
                content: this.text,
                status: "error",
                stats: null,
                error,
                errorWords: words ?? null,
                thought: this.thought,
                thoughtMs: this.thoughtMs(),
            });
            bus.emit({
                type: "chat.error",
                conversationId,
                messageId,
                message: error,
                ...(words ? {words} : {}),
            });
        } else {
            this.machine.to("PUBLISHING");
            store.finish(messageId, {
                content: this.text,
                status: stopped ? "interrupted" : "complete",
                stats: this.stats,
                thought: this.thought,
                thoughtMs: this.thoughtMs(),
            });
        }
        store.touch(conversationId);
    }
}
