// An answer that is a research run's report: its plan written (and shown for the person to edit, unless the
// run starts at once), the run taken up from its last saved step, its state kept with the answer as it goes.
import {RESEARCH_DEFAULTS} from "../../shared/researchLimits.js";
import type {Message, ResearchBudget, ResearchRequest, ResearchRun} from "../../shared/contract.js";
import {wordsOf} from "../../shared/coreWords.js";
import type {AppError} from "../../shared/result.js";
import {inEnglish} from "../words.js";
import type {ReportWords} from "../research/report.js";
import {ResearchLoop, type ResearchContext} from "../research/run.js";
import type {ResearchWork, TurnDeps, TurnInput} from "./turnInput.js";

/** How the research part of an answer ended: the report written, stopped (paused, cancelled), or failed. */
export type ResearchEnd = {report: string | null; stopped: boolean; error: AppError | null};

/** The report's own words, in English as the answer keeps them. */
export const REPORT_WORDS: ReportWords = {
    title: (question) => inEnglish(wordsOf("researchTitle", {question})),
    evidence: inEnglish(wordsOf("researchEvidence")),
    nothingFound: inEnglish(wordsOf("researchNothingFound")),
    checked: (facts) => inEnglish(wordsOf("researchChecked", facts)),
};

/** A new run: its question, budget, and nothing done yet. */
export function newRun(question: string, offline: boolean, budget: ResearchBudget): ResearchRun {
    return {
        question,
        offline,
        questions: [],
        state: "proposed",
        budget,
        used: {steps: 0, ms: 0, tokens: 0},
        phase: "planning",
        doing: null,
        sources: 0,
        notes: 0,
        followUps: [],
    };
}

/**
 * An answer's research work with what its turn gives: the model, the tools' services (research's steps and
 * the page archive among them), the answer's calls, citations and text. The run is kept with the answer and
 * announced as it changes.
 */
export async function answerResearch(
    work: ResearchWork,
    deps: Pick<TurnDeps, "engine" | "bus" | "tools">,
    input: Pick<TurnInput, "answer" | "generation" | "signal">,
    turn: Pick<ResearchContext, "call" | "cite" | "onText" | "onStats">,
): Promise<ResearchEnd> {
    const {answer} = input;
    const research = deps.tools.research;
    if (!research)
        return {
            report: null,
            stopped: false,
            error: {code: "UNAVAILABLE", message: "research is not available here"},
        };
    const {conversationId, id: messageId} = answer;
    return doResearch(work, answer.research, {
        ...turn,
        messageId,
        engine: deps.engine,
        generation: input.generation,
        signal: input.signal,
        store: research.steps,
        archive: research.archive,
        ...(research.passage ? {passage: research.passage} : {}),
        announce: (run) => {
            research.steps.setRun(messageId, run);
            answer.research = run;
            deps.bus.emit({type: "research.updated", conversationId, messageId, run: structuredClone(run)});
        },
        words: REPORT_WORDS,
        tasks: (items) => research.todos?.set(conversationId, items),
    });
}

/** Does an answer's research work; `held` is the run the answer holds (none before its plan is written). */
export async function doResearch(
    work: ResearchWork,
    held: ResearchRun | undefined,
    context: ResearchContext,
): Promise<ResearchEnd> {
    const loop = new ResearchLoop(context);
    let run = held;
    if ("make" in work) {
        const {question, offline, budget, start} = work.make;
        run = newRun(question, offline, budget);
        context.announce(run);
        const plan = await loop.plan(question);
        if (!plan.ok) return ended(context, run, {error: plan.error});
        if (plan.value === null)
            return ended(context, {...run, questions: [question]}, {stopped: true, state: "proposed"});
        run = {...run, questions: plan.value, phase: null};
        if (!start) {
            context.announce(run);
            return {report: null, stopped: false, error: null};
        }
    }
    if (!run) return {report: null, stopped: false, error: null};
    const result = await loop.run(run);
    if (!result.ok) return ended(context, run, {error: result.error});
    if ("stopped" in result.value) {
        const cancelled = "run" in work && work.cancelled();
        return ended(context, run, {stopped: true, state: cancelled ? "cancelled" : "paused"});
    }
    return ended(context, run, {report: result.value.report});
}

function ended(
    context: ResearchContext,
    run: ResearchRun,
    how: {error?: AppError; stopped?: boolean; state?: ResearchRun["state"]; report?: string},
): ResearchEnd {
    const state = how.error ? "failed" : (how.state ?? (how.stopped ? "paused" : "done"));
    const {error: _gone, ...rest} = run;
    context.announce({
        ...rest,
        state,
        phase: null,
        doing: null,
        ...(how.error ? {error: how.error.message} : {}),
    });
    return {report: how.report ?? null, stopped: how.stopped ?? false, error: how.error ?? null};
}

/** A question sent in research mode: the work of its answer (the budget's unset parts are the defaults). */
export function researchToMake(question: string, request: ResearchRequest): ResearchWork {
    return {
        make: {
            question,
            offline: request.offline ?? false,
            budget: budgetOf(RESEARCH_DEFAULTS, request.budget),
            start: request.start ?? false,
        },
    };
}

/** A budget with the parts set in `change` (those left undefined keep their value). */
export function budgetOf(
    budget: ResearchBudget,
    change: Partial<ResearchBudget> | undefined,
): ResearchBudget {
    return {
        steps: change?.steps ?? budget.steps,
        minutes: change?.minutes ?? budget.minutes,
        tokens: change?.tokens ?? budget.tokens,
    };
}

/** Whether research work stays on the machine (a run going on: as its answer holds). */
export function researchOffline(work: ResearchWork, held: Message | undefined): boolean {
    return "make" in work ? work.make.offline : (held?.research?.offline ?? true);
}
