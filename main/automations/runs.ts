import type {Automation, AutomationRun, Message, NetworkBudget, ToolMode} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import {RESEARCH_LIMITS} from "../../shared/researchLimits.js";
import type {Words} from "../../shared/result.js";
import type {ChatService} from "../chat/chatService.js";
import type {EventBus} from "../events.js";
import type {ConversationLimit, Purpose} from "../net/network.js";
import type {AutomationStore} from "../store/automations.js";
import type {ConversationStart, ConversationStore} from "../store/conversations.js";
import type {Expiry} from "../tools/approvals.js";
import type {Clock} from "./scheduler.js";

/** What a run needs of the rest of Cairn. */
export type RunDeps = {
    store: AutomationStore;
    chat: ChatService;
    conversations: ConversationStore;
    bus: EventBus;
    clock: Clock;
    /** How a conversation starts with the assistant (null: no such assistant). */
    assistantStart(id: string): ConversationStart | null;
    projectExists(id: string): boolean;
    /** Starts the MCP servers that start on use, so that their tools are known. */
    prepareTools(): Promise<void>;
    /** Every tool name the registry has now. */
    toolNames(): string[];
    toolKnown(name: string): boolean;
    /** The least mode that offers all these tools: ask (reading only), else agent. */
    modeFor(tools: string[]): ToolMode;
};

/** A run in progress in this process, by its conversation. */
type Live = {
    automation: Automation;
    run: AutomationRun;
    /** Why Cairn stopped it (a budget: failed; Cairn closing: interrupted); null while it runs or ended by itself. */
    stoppedFor: {why: Words; status: "failed" | "interrupted"} | null;
    /** The approvals it waits for. */
    waiting: Set<string>;
};

/** What each network budget lets a run send. */
const ALLOWED: Record<NetworkBudget, readonly Purpose[] | "all"> = {
    none: [],
    providers: ["provider"],
    web: "all",
};

/**
 * Runs automations: each run a new conversation (marked as the automation's, in its project, with its
 * assistant and only its tools) answered by the one chat service, within the run's budget: steps, minutes (then
 * stopped), and network (a request it may not send is refused and ends the run). An approval it asks for waits
 * as long as the automation says, then is denied.
 */
export class AutomationRuns {
    private readonly live = new Map<string, Live>();

    constructor(private readonly deps: RunDeps) {}

    /** Runs one claimed run to its end; resolves with its final record. */
    async begin(automation: Automation, run: AutomationRun): Promise<AutomationRun> {
        const {store, clock} = this.deps;
        this.announce(automation, run);
        const problem = this.problem(automation) ?? (await this.toolsProblem(automation));
        if (problem) return this.end(automation, store.finish(run.id, "failed", clock.now(), problem) ?? run);
        const conversationId = this.conversationFor(automation);
        store.setConversation(run.id, conversationId);
        const live: Live = {automation, run: {...run, conversationId}, stoppedFor: null, waiting: new Set()};
        this.live.set(conversationId, live);
        const timer = clock.setTimer(
            () => this.stop(conversationId, wordsOf("automationTime", {minutes: automation.budget.minutes})),
            automation.budget.minutes * 60_000,
        );
        try {
            const answer = await this.answer(conversationId, automation, live);
            const {status, why} = live.stoppedFor ?? outcomeOf(answer);
            return this.end(automation, store.finish(run.id, status, clock.now(), why) ?? run);
        } finally {
            timer.clear();
            this.live.delete(conversationId);
        }
    }

    /** The network budget of the run a conversation is (null: none, or the request is within it). */
    readonly limit: ConversationLimit = (conversationId, purpose, host) => {
        const live = this.live.get(conversationId);
        if (!live) return null;
        const budget = live.automation.budget.network;
        const allowed = ALLOWED[budget];
        if (allowed === "all" || allowed.includes(purpose)) return null;
        const words = wordsOf("automationNetwork", {purpose, host, budget});
        this.stop(conversationId, words);
        return words;
    };

    /** An approval in a run waits the automation's minutes, shown as waiting, then is denied. */
    readonly expiry: Expiry = (request) => {
        const live = this.live.get(request.conversationId);
        if (!live) return null;
        const minutes = live.automation.approvalMinutes;
        live.waiting.add(request.approvalId);
        this.setStatus(live, "waiting");
        return {
            words: wordsOf("automationApprovalExpired", {tool: request.tool, minutes}),
            after: (fire) => this.deps.clock.setTimer(fire, minutes * 60_000),
        };
    };

    /** Stops every run in progress here (Cairn is closing): each is written as interrupted. */
    stopAll(): void {
        for (const conversationId of [...this.live.keys()])
            this.stop(conversationId, wordsOf("automationInterrupted"), "interrupted");
    }

    /** Stops a run in progress, with why (a budget reached: failed; Cairn closing: interrupted). */
    stop(conversationId: string, why: Words, status: "failed" | "interrupted" = "failed"): void {
        const live = this.live.get(conversationId);
        if (!live || live.stoppedFor) return;
        live.stoppedFor = {why, status};
        this.deps.chat.stop(conversationId);
    }

    private problem(automation: Automation): Words | null {
        if (automation.assistantId && !this.deps.assistantStart(automation.assistantId))
            return wordsOf("automationAssistantGone");
        if (automation.projectId && !this.deps.projectExists(automation.projectId))
            return wordsOf("automationProjectGone");
        return null;
    }

    private async toolsProblem(automation: Automation): Promise<Words | null> {
        if (automation.tools.length === 0) return null;
        await this.deps.prepareTools();
        const gone = automation.tools.find((tool) => !this.deps.toolKnown(tool));
        return gone ? wordsOf("automationToolGone", {tool: gone}) : null;
    }

    /** A new conversation for the run: the automation's assistant, project and tools, its web access. */
    private conversationFor(automation: Automation): string {
        const {conversations, clock} = this.deps;
        const start = automation.assistantId ? this.deps.assistantStart(automation.assistantId) : null;
        const title = `${automation.name} · ${new Date(clock.now()).toISOString().slice(0, 16).replace("T", " ")}`;
        const {id} = conversations.create(title, false, start, automation.projectId);
        conversations.markAutomation(id, automation.id);
        const tools = new Set(automation.tools);
        conversations.setMode(id, automation.research ? "ask" : this.deps.modeFor(automation.tools));
        conversations.setWebAccess(id, automation.budget.network === "web");
        const off = this.deps.toolNames().filter((name) => !tools.has(name));
        const made = conversations.setToolsOff(id, [...new Set([...(start?.toolsOff ?? []), ...off])]);
        // The window lists it at once (as the run's), as it does a conversation made there.
        if (made) this.deps.bus.emit({type: "conversation.updated", conversation: made});
        return id;
    }

    /** Sends the prompt and waits for the answer's end (the chat service's own wait), or why it could not start. */
    private async answer(
        conversationId: string,
        automation: Automation,
        live: Live,
    ): Promise<Message | Words> {
        const {bus, chat, conversations} = this.deps;
        // An approval answered (or expired): the run goes on.
        const unsubscribe = bus.subscribe((event) => {
            if (event.type === "tool.approvalSettled" && live.waiting.delete(event.approvalId))
                this.setStatus(live, "running");
        });
        try {
            const sent = chat.send(conversationId, automation.prompt, sendOptions(automation));
            if (!sent.ok)
                return sent.error.words ?? wordsOf("automationFailed", {reason: sent.error.message});
            await chat.settled(conversationId);
            return conversations.message(sent.value.messageId) ?? wordsOf("automationInterrupted");
        } finally {
            unsubscribe();
        }
    }

    private setStatus(live: Live, status: "running" | "waiting"): void {
        const run = this.deps.store.setStatus(live.run.id, status);
        if (run) this.announce(live.automation, run);
    }

    private end(automation: Automation, run: AutomationRun): AutomationRun {
        this.announce(automation, run);
        this.deps.bus.emit({type: "automations.changed"});
        return run;
    }

    private announce(automation: Automation, run: AutomationRun): void {
        this.deps.bus.emit({type: "automations.run", name: automation.name, run});
    }
}

/**
 * How the run's prompt is sent: with its steps; a research question researched at once (no plan to approve),
 * offline unless the run may reach the web, within the run's steps and minutes.
 */
function sendOptions(automation: Automation) {
    const {steps, minutes, network} = automation.budget;
    if (!automation.research) return {maxSteps: steps};
    const budget = {steps, minutes: Math.min(minutes, RESEARCH_LIMITS.maxMinutes)};
    return {research: {offline: network !== "web", budget, start: true}};
}

/** How a run ends by its answer: done (a research run: its report written), or failed with why. */
function outcomeOf(answer: Message | Words): {status: "done" | "failed"; why: Words | null} {
    if ("key" in answer) return {status: "failed", why: answer};
    const research = answer.research;
    if (research && research.state !== "done")
        return {
            status: "failed",
            why: wordsOf("automationFailed", {reason: research.error ?? `the research is ${research.state}`}),
        };
    if (answer.status === "complete") return {status: "done", why: null};
    const why = answer.errorWords ?? wordsOf("automationFailed", {reason: answer.error ?? answer.status});
    return {status: "failed", why};
}
