import type {ChatHistoryItem} from "node-llama-cpp";
import type {
    AppEvent,
    Conversation,
    GenerationSettings,
    Message,
    PlanStepInput,
    ResearchRequest,
    PreflightCall,
    ToolChoice,
} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import type {EventBus} from "../events.js";
import type {Engine, StepEngine} from "../llm/engine/engine.js";
import {withoutImages} from "../llm/stepTypes.js";
import {localCannotSee} from "../llm/vision.js";
import type {Providers, RemoteEngine} from "../llm/providers.js";
import type {CitationStore} from "../store/citations.js";
import type {ProcessRegistry} from "../store/processes.js";
import {failSaying, failWith} from "../words.js";
import type {ConversationStore} from "../store/conversations.js";
import {DEFAULT_TITLE} from "../../shared/titles.js";
import {JobRegistry} from "../jobs.js";
import {decide, refusalWords} from "../tools/policy.js";
import {checkPlan} from "./plan.js";
import {ResearchRuns} from "./researchRuns.js";
import {researchOffline, researchToMake} from "./researchTurn.js";
import {recordAnswer, type RecordedAnswer, type RecordRequest} from "./recordedAnswer.js";
import {Turn} from "./turn.js";
import type {ToolServices, TurnDeps, TurnInput} from "./turnInput.js";
import {seesImages, toModelHistory, titleFrom} from "./history.js";
import {lastSummary, withSummary} from "./compaction.js";
import {Compactor, type TurnCompaction} from "./compactor.js";
import {imageReader, keptImages, questionItem} from "./questionImages.js";
import {AnswerModels, type LocalModels} from "./answerModels.js";
import {MessageQueue} from "./messageQueue.js";

export type {LocalModels};

/** Overrides for one run (CLI flags), over the conversation's settings and the defaults. */
/** This run's generation over the settings (the CLI's flags; a test model's own system prompt). */
export type GenerationOptions = {
    maxTokens?: number;
    temperature?: number;
    seed?: number;
    systemPrompt?: string;
};

/** webAccess overrides the conversation's switch for this one turn (the CLI's --web). */
/** prompt: what the model is asked when it differs from the text typed (a slash command's instruction). */
export type SendOptions = {
    toolChoice?: ToolChoice;
    preflight?: PreflightCall[];
    webAccess?: boolean;
    prompt?: string;
    /** Make a plan first (plan mode always does). */
    plan?: boolean;
    /** Images kept already (attachments.finish), sent with the question in this order. */
    attachments?: string[];
    /** Steps with tools before the model must answer, when fewer than tools.yaml's (an automation's budget). */
    maxSteps?: number;
    /** Research the question (research mode): a plan first, then the run and its report. */
    research?: ResearchRequest;
};

/**
 * Where an answer goes: after `parentId` (default: the head), or into an existing message; its plan work;
 * and the remote model that writes it (none: the embedded engine).
 */
type Placement = {
    parentId?: string;
    reuse?: Message;
    plan?: TurnInput["plan"];
    research?: TurnInput["research"];
    remote?: RemoteEngine | null;
};
/** An answer allowed to start: the conversation as it runs (this turn's web access) and its remote model. */
type Admitted = {conversation: Conversation; remote: RemoteEngine | null};

type ActiveTurn = {controller: AbortController; done: Promise<void>};

/** Turns whose events are kept for replay and inspection; older ones are dropped. */
const TURN_LOG_LIMIT = 20;

/** Starts and tracks chat turns (see Turn): one running answer per conversation, its log kept for inspection. */
export class ChatService {
    /** The running answer of each conversation in this process, by conversation id. */
    private readonly active = new JobRegistry<ActiveTurn>();
    /** Every event of each turn, by answer message id, so a turn can be replayed and inspected. */
    readonly turnLog = new Map<string, AppEvent[]>();
    private readonly compactor: Compactor;
    private readonly models: AnswerModels;
    /** Messages written while an answer runs (steer or queue), sent when it ends. */
    readonly waiting: MessageQueue;
    /** Research runs: run as edited, paused, resumed, cancelled. */
    readonly research: ResearchRuns;

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
        /** The most steps a plan may have (Settings). */
        private readonly planMaxSteps: () => number = () => 6,
        /** Models served elsewhere that a conversation may use (providers.json). */
        private readonly providers: Providers | null = null,
        /** Assistants' own local models (knowledge/assistants). */
        private readonly localModels: LocalModels | null = null,
    ) {
        this.compactor = new Compactor(store, bus);
        this.models = new AnswerModels(store, engine, providers, localModels);
        this.waiting = new MessageQueue(bus);
        this.research = new ResearchRuns(this, store, tools.research?.steps ?? null, bus);
    }

    /**
     * Tools named in a request (a forced choice, preflight calls) that are not known yet may be an MCP
     * server's that starts on first use: those servers start before the request is admitted.
     */
    async prepareTools(options: SendOptions): Promise<void> {
        const names = [options.toolChoice ?? "auto", ...(options.preflight ?? []).map((p) => p.name)];
        const {registry} = this.tools;
        if (names.some((n) => !["auto", "none", "required"].includes(n) && !registry.resolve(n)))
            await registry.prepare();
    }

    /** A new question and its answer, after the head or, with `editOf`, as the next version of that message. */
    send(
        conversationId: string,
        text: string,
        options: SendOptions & {editOf?: string} = {},
    ): Result<{userMessageId: string; messageId: string}> {
        const edited = options.editOf ? this.store.message(options.editOf) : null;
        if (options.editOf && (edited?.conversationId !== conversationId || edited.role !== "user"))
            return failSaying("NOT_FOUND", "noQuestionToEdit", {id: options.editOf});
        const images = keptImages(this.store, options.attachments ?? []);
        if (!images.ok) return images;
        const admitted = this.admit(conversationId, options);
        if (!admitted.ok) return admitted;
        const parentId = edited ? edited.parentId : this.store.head(conversationId);
        const {conversation, remote} = admitted.value;
        const asked = this.asked(conversationId, parentId, remote, options.prompt ?? text, images.value);
        const user = this.store.addMessage({
            conversationId,
            role: "user",
            content: text,
            status: "complete",
            parentId,
            attachments: images.value,
        });
        // Named after its first question (a draft has the default title: from now on it is listed).
        if (conversation.title === DEFAULT_TITLE) {
            const renamed = this.store.rename(conversationId, titleFrom(text));
            if (renamed) this.bus.emit({type: "conversation.updated", conversation: renamed});
        }
        // Cairn's own calls first (memory), then those the request names.
        const auto = options.research ? [] : (this.tools.autoCalls?.(conversation, text) ?? []);
        const withAuto = auto.length
            ? {...options, preflight: [...auto, ...(options.preflight ?? [])]}
            : options;
        const messageId = this.start(conversation, asked, withAuto, {
            plan: options.research ? undefined : this.planning(conversation, options),
            research: options.research ? researchToMake(text, options.research) : undefined,
            remote,
        });
        return ok({userMessageId: user.id, messageId});
    }

    /** A new version of an answer, to the question before it; the old answer stays as a version. */
    regenerate(
        conversationId: string,
        messageId: string,
        options: SendOptions = {},
    ): Result<{messageId: string}> {
        const old = this.store.message(messageId);
        const question = old?.parentId ? this.store.message(old.parentId) : null;
        if (old?.conversationId !== conversationId || old.role !== "assistant" || question?.role !== "user")
            return failSaying("NOT_FOUND", "noAnswerToRegenerate", {id: messageId});
        const admitted = this.admit(conversationId, options);
        if (!admitted.ok) return admitted;
        const {conversation, remote} = admitted.value;
        const prompt = options.prompt ?? question.content;
        const asked = this.asked(conversationId, question.parentId, remote, prompt, question.attachments);
        const placement = {parentId: question.id, plan: this.planning(conversation, options), remote};
        return ok({messageId: this.start(conversation, asked, options, placement)});
    }

    /**
     * What a turn is asked: the messages up to `lastId` as the model reads them (after the summary of those
     * before, when the conversation was compacted; each question's and tool's images with it, or for a model
     * that cannot see their size and type only, which it reads as a note), then the question; and how the turn
     * folds older turns when they would not fit.
     */
    private asked(
        conversationId: string,
        lastId: string | null,
        remote: RemoteEngine | null,
        text: string,
        attachments: readonly {id: string}[] | undefined,
    ): {history: ChatHistoryItem[]; compaction: TurnCompaction} {
        const branch = this.store.branchTo(conversationId, lastId);
        const read = imageReader(this.store, remote);
        const question = questionItem(read, text, attachments);
        const sees = seesImages(remote);
        const rebuild = (after: Message[], summary: string | null) => {
            const items = withSummary([...toModelHistory(after, read), question], summary);
            // A model that cannot see reads a note in each image's place.
            return sees ? items : withoutImages(items);
        };
        const last = lastSummary(branch);
        const history = rebuild(branch.slice(last ? last.index + 1 : 0), last?.summary.text ?? null);
        return {history, compaction: this.compactor.forTurn(branch, text, this.modelLabel(remote), rebuild)};
    }

    /** What answers, as a message records it: the remote model's label, or the loaded model's name. */
    private modelLabel(remote: RemoteEngine | null): string | null {
        return remote ? remote.label() : this.engine.status().modelName;
    }

    private planning(conversation: Conversation, options: SendOptions): TurnInput["plan"] {
        const wanted = options.plan ?? conversation.mode === "plan";
        return wanted ? {make: {maxSteps: this.planMaxSteps()}} : undefined;
    }

    /**
     * Runs a plan as the person edited it, checked first against the tools this conversation offers now. A
     * proposed plan runs in its own answer; one that already ran runs again as a new version of the answer.
     */
    runPlan(messageId: string, input: PlanStepInput[]): Result<{messageId: string}> {
        const message = this.store.message(messageId);
        const question = message?.parentId ? this.store.message(message.parentId) : null;
        const stored = message ? this.store.get(message.conversationId) : null;
        if (!message?.plan || !stored || question?.role !== "user")
            return failSaying("NOT_FOUND", "noPlan", {id: messageId});
        const {registry} = this.tools;
        const {mode, webAccess, toolsOff: off} = stored;
        const offered = registry.offered(mode, {webAccess, off, conversationId: stored.id});
        const steps = checkPlan(input, offered, registry);
        if (!steps.ok) return steps;
        return this.answerAgain(message, {plan: {run: steps.value}}, message.plan.state === "proposed");
    }

    /**
     * An answer written again to its question: in its own message (`inPlace`: a proposed plan or a research
     * run going on), else as a new version of it.
     */
    answerAgain(
        message: Message,
        work: Pick<Placement, "plan" | "research">,
        inPlace: boolean,
    ): Result<{messageId: string}> {
        const question = message.parentId ? this.store.message(message.parentId) : null;
        if (question?.role !== "user")
            return failSaying("NOT_FOUND", "noAnswerToRegenerate", {id: message.id});
        const admitted = this.admit(message.conversationId, {});
        if (!admitted.ok) return admitted;
        const {conversation, remote} = admitted.value;
        const {content, attachments} = question;
        const asked = this.asked(conversation.id, question.parentId, remote, content, attachments);
        const reuse = inPlace ? message : undefined;
        return ok({
            messageId: this.start(conversation, asked, {}, {parentId: question.id, ...work, reuse, remote}),
        });
    }

    /** Sets a proposed plan aside: nothing of it runs. */
    cancelPlan(messageId: string): Result<Message> {
        const message = this.store.message(messageId);
        if (!message?.plan) return failSaying("NOT_FOUND", "noPlan", {id: messageId});
        if (message.plan.state !== "proposed")
            return failSaying("DENIED", message.plan.state === "cancelled" ? "planCancelled" : "planRan");
        const plan = {...message.plan, state: "cancelled" as const};
        this.store.setPlan(messageId, plan);
        this.bus.emit({type: "plan.updated", conversationId: message.conversationId, messageId, plan});
        return ok(this.store.message(messageId)!);
    }

    /** Whether an answer may start now (model, tool choice, one answer per conversation); claims it if so. */
    private admit(conversationId: string, options: SendOptions): Result<Admitted> {
        const stored = this.store.get(conversationId);
        if (!stored) return failSaying("NOT_FOUND", "conversationNotFound", {id: conversationId});
        const conversation = {...stored, webAccess: options.webAccess ?? stored.webAccess};
        if (this.active.has(conversationId)) {
            return failSaying("DENIED", "stillWriting");
        }
        const provider = this.models.remoteFor(conversation);
        if (!provider.ok) return provider;
        const asked = options.attachments?.length ?? 0;
        const remote = provider.value ? provider : this.models.localSeeing(conversationId, asked);
        if (!remote.ok) return remote;
        // A provider with no web search of its own gets none (its switch is shown off and disabled).
        if (remote.value?.webSearch === "none") conversation.webAccess = false;
        if (!remote.value) {
            const busy = this.active
                .ids()
                .some((id) => id !== conversationId && !this.store.get(id)?.provider);
            const switched = this.models.switchModel(conversationId, busy);
            if (!switched.ok) return switched;
        }
        // While a model loads, the turn waits for it in the engine's queue.
        if (!remote.value && !this.engine.isLoaded() && this.engine.status().state !== "loading") {
            const {message: why, words} = this.engine.status();
            if (words) return failWith("MODEL_NOT_LOADED", words);
            return why ? fail("MODEL_NOT_LOADED", why) : failSaying("MODEL_NOT_LOADED", "noModel");
        }
        if (options.attachments?.length) {
            const refusal = remote.value
                ? remote.value.imageRefusal()
                : localCannotSee(this.engine.status().modelName, []);
            if (refusal) return failWith("UNAVAILABLE", refusal);
        }
        const choice = options.toolChoice ?? "auto";
        const general = ["auto", "none", "required"].includes(choice);
        const named = general ? null : this.tools.registry.resolve(choice);
        if (!general && !named) return failSaying("VALIDATION", "unknownTool", {tool: choice});
        if (named) {
            const {mode, webAccess, toolsOff: off} = conversation;
            const policy = this.tools.registry.policy(named);
            const decision = decide(named, {mode, webAccess, policy, off});
            if (decision.verdict === "deny")
                return failWith("DENIED", refusalWords(named.name, decision.reason, mode));
        }
        const claim = this.processes.claim(conversationId);
        if (!claim.ok)
            return failSaying("BUSY", "otherProcess", {pid: claim.holder.pid, command: claim.holder.command});
        return ok({conversation, remote: remote.value});
    }

    /** Adds the answer (or reopens one) and runs its turn; returns its message id. */
    private start(
        conversation: Conversation,
        {history, compaction}: {history: ChatHistoryItem[]; compaction: TurnCompaction},
        options: SendOptions,
        {parentId, reuse, plan, research, remote}: Placement = {},
    ): string {
        const conversationId = conversation.id;
        const engine: StepEngine = remote ?? this.engine;
        const sees = seesImages(remote ?? null);
        if (reuse) this.store.reopen(reuse.id, this.processes.id);
        const answer =
            reuse ??
            this.store.addMessage({
                conversationId,
                role: "assistant",
                content: "",
                status: "streaming",
                model: this.modelLabel(remote ?? null),
                processId: this.processes.id,
                parentId,
            });
        const controller = new AbortController();
        const turn: ActiveTurn = {controller, done: Promise.resolve()};
        // Released before chat.done is emitted, so a listener may send the next message at once.
        const release = () => {
            if (this.active.get(conversationId) !== turn) return;
            this.active.remove(conversationId, turn);
            this.processes.release(conversationId);
        };
        // Registered before the turn starts: its first events may already lead a listener to call stop().
        this.active.add(conversationId, turn);
        const running = new Turn(
            {...this.deps(), engine},
            {
                answer,
                history,
                choice: options.toolChoice ?? "auto",
                preflight: options.preflight ?? [],
                // Research reads only; it searches the web unless it is offline.
                mode: research ? "ask" : conversation.mode,
                webAccess: research ? !researchOffline(research, reuse) : conversation.webAccess,
                toolsOff: conversation.toolsOff,
                generation: this.generationFor(conversation),
                signal: controller.signal,
                plan,
                research,
                steered: () => this.waiting.steering(conversationId),
                ...(options.maxSteps ? {maxSteps: options.maxSteps} : {}),
                compaction,
                ...(sees ? {image: imageReader(this.store, remote ?? null)} : {}),
            },
        );
        this.keepLog(answer.id, running.log);
        // Once written, the message the person wrote meanwhile (steering first, then the queue) is sent.
        turn.done = running
            .run(release)
            .finally(release)
            .then(() => this.sendWaiting(conversationId));
        return answer.id;
    }

    private deps(): TurnDeps {
        return {
            store: this.store,
            engine: this.engine,
            bus: this.bus,
            tools: this.tools,
            citations: this.citations,
        };
    }

    /** Keeps the newest turns' event logs, by answer message id. */
    private keepLog(messageId: string, log: AppEvent[]): void {
        this.turnLog.set(messageId, log);
        for (const old of [...this.turnLog.keys()].slice(0, -TURN_LOG_LIMIT)) this.turnLog.delete(old);
    }

    /**
     * An answer whose words come from another path (the local API's recorded exchanges), written here as the
     * window's are: the conversation's one answer slot is claimed for it (in this process and across the
     * processes sharing the data directory), and its row names this process, so another Cairn opening the
     * folder leaves it alone while it is live. `conversationId` null: a conversation is started, titled by the
     * question, with `start` (an assistant's). The window's Stop aborts the answer's `signal`.
     */
    record(request: RecordRequest): Result<RecordedAnswer> {
        const deps = {store: this.store, citations: this.citations, bus: this.bus};
        return recordAnswer(deps, request, this.processes.id, (id) => this.claim(id));
    }

    /** The conversation's one answer slot, claimed as a window's turn claims it (see record). */
    private claim(conversationId: string): Result<{signal: AbortSignal; release: () => void}> {
        if (this.active.has(conversationId)) return failSaying("BUSY", "stillWriting");
        const claim = this.processes.claim(conversationId);
        if (!claim.ok)
            return failSaying("BUSY", "otherProcess", {pid: claim.holder.pid, command: claim.holder.command});
        const controller = new AbortController();
        let ended = () => {};
        const turn: ActiveTurn = {controller, done: new Promise<void>((resolve) => (ended = resolve))};
        this.active.add(conversationId, turn);
        const release = () => {
            if (this.active.get(conversationId) === turn) {
                this.active.remove(conversationId, turn);
                this.processes.release(conversationId);
            }
            ended();
        };
        return ok({signal: controller.signal, release});
    }

    /**
     * Compact now: the shown branch's turns before its newest exchange condensed into a summary by the model
     * that answers here, which it reads in their place from the next answer on. The conversation's answer
     * slot is held meanwhile (Stop ends it, keeping nothing); how many messages the summary stands for.
     */
    async compact(conversationId: string): Promise<Result<{covers: number}>> {
        const stored = this.store.get(conversationId);
        if (!stored) return failSaying("NOT_FOUND", "conversationNotFound", {id: conversationId});
        const remote = this.models.remoteFor(stored);
        if (!remote.ok) return remote;
        if (!remote.value && !this.engine.isLoaded()) return failSaying("MODEL_NOT_LOADED", "noModel");
        const model = this.modelLabel(remote.value);
        const branch = this.store.messages(conversationId);
        return this.compactor.compactNow(branch, remote.value ?? this.engine, model, () =>
            this.claim(conversationId),
        );
    }

    /**
     * A message written while an answer runs: sent once it ends, or with `steer` taken in at its next step (the
     * answer ends after the calls it is running, and the next one answers this message with their results).
     * Sent at once when no answer runs (null then).
     */
    queue(conversationId: string, text: string, steer: boolean): Result<{queuedId: string | null}> {
        if (!this.store.get(conversationId))
            return failSaying("NOT_FOUND", "conversationNotFound", {id: conversationId});
        if (!this.active.has(conversationId)) {
            const sent = this.send(conversationId, text);
            return sent.ok ? ok({queuedId: null}) : sent;
        }
        return ok({queuedId: this.waiting.add(conversationId, text, steer).id});
    }

    /** The next message waiting, sent now that the answer ended; one that cannot be sent stays, with why. */
    private sendWaiting(conversationId: string): void {
        const next = this.waiting.take(conversationId);
        if (!next) return;
        const sent = this.send(conversationId, next.text);
        if (!sent.ok) this.waiting.failed(conversationId, next, sent.error);
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
}
