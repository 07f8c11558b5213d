import path from "node:path";
import {Automations} from "../automations/automations.js";
import {fileSignal} from "../automations/signal.js";
import {AutomationRuns} from "../automations/runs.js";
import {SYSTEM_CLOCK, type Clock} from "../automations/scheduler.js";
import type {ChatService} from "../chat/chatService.js";
import type {EventBus} from "../events.js";
import {automationsHandlers} from "../handlers/automations.js";
import {AutomationStore} from "../store/automations.js";
import type {ToolMode} from "../../shared/contract.js";
import {decide} from "../tools/policy.js";
import type {Feature} from "./feature.js";
import type {Knowledge} from "./knowledge.js";
import type {Library} from "./library.js";
import type {Tools} from "./tools.js";

export type AutomationsOptions = {
    /** The data folder: the processes on it tell each other of changes through a file there. */
    dataDir: string;
    /** Whether this process runs automations on their schedule (the desktop app, `cairn serve`). */
    schedule?: boolean;
    /** The scheduler's time and timer (tests move them by hand). */
    clock?: Clock;
};

export type AutomationsFeature = Feature<ReturnType<typeof automationsHandlers>> & {automations: Automations};

/** Automations: kept in the library, run by the chat service within their budgets, on one timer. */
export function automationsFeature(
    options: AutomationsOptions,
    made: {library: Library; knowledge: Knowledge; tools: Tools; chat: ChatService},
    bus: EventBus,
): AutomationsFeature {
    const {library, knowledge, tools, chat} = made;
    const {db, conversations, processes, network} = library;
    const clock = options.clock ?? SYSTEM_CLOCK;
    const store = new AutomationStore(db, processes.id);
    // Why the one decision (tools/policy.ts) keeps a tool out in a mode, with or without web access, switches and
    // its policy aside: "mode" (ask mode does not offer it), "web-off" (it reaches the web); null: it may run.
    const deniedFor = (name: string, mode: ToolMode, webAccess: boolean) => {
        const tool = tools.tools.resolve(name);
        const decision = tool && decide(tool, {mode, webAccess, policy: "allow", off: []});
        return decision && decision.verdict === "deny" ? decision.reason : null;
    };
    const runs = new AutomationRuns({
        store,
        chat,
        conversations,
        bus,
        clock,
        assistantStart: (id) => knowledge.assistants.startFor(id),
        projectExists: (id) => knowledge.projects.store.get(id) !== null,
        prepareTools: () => tools.tools.prepare(),
        toolNames: () => tools.tools.list().map((t) => t.name),
        toolKnown: (name) => tools.toolKnown(name),
        modeFor: (names) => (names.some((name) => deniedFor(name, "ask", true) === "mode") ? "agent" : "ask"),
    });
    network.limitWith(runs.limit);
    tools.approvals.expireWith(runs.expiry);
    const automations = new Automations(
        store,
        runs,
        bus,
        {
            known: (name) => tools.toolKnown(name),
            reachesWeb: (name) => deniedFor(name, "agent", false) === "web-off",
        },
        clock,
        {
            assistant: (id) => knowledge.assistants.get(id) !== null,
            project: (id) => knowledge.projects.store.get(id) !== null,
        },
        fileSignal(path.join(options.dataDir, "automations.changed")),
    );
    return {
        automations,
        handlers: automationsHandlers(automations),
        start: () => {
            if (library.readOnly) return;
            // Runs left running by a process that is gone (killed, a power cut) are interrupted.
            const live = new Set([processes.id, ...processes.liveOthers().map((p) => p.id)]);
            store.recover((id) => live.has(id), clock.now());
            if (options.schedule) automations.start();
        },
        // Features stop last made first: the runs' answers are stopped here, before the chat service's.
        stop: () => automations.close(),
    };
}
