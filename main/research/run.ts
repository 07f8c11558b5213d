// One research run: its plan written, then each step chosen (steps.ts), done, saved and told as it goes, within
// the run's budget of steps, minutes and tokens; then the report, its citations checked (report.ts).
import type {GenerationSettings, ResearchRun, Source, TodoItem, TurnStats} from "../../shared/contract.js";
import {ok, type Result} from "../../shared/result.js";
import type {StepEngine} from "../llm/engine/engine.js";
import type {ResearchStore} from "../store/research.js";
import {noteFrom} from "./notes.js";
import {condenseAsk, followAsk, planAsk, readQuestions, sectionAsk, type ModelAsk} from "./prompts.js";
import {assembleReport, checkCitations, type ReportWords} from "./report.js";
import {readCandidate, searchFor, type SourceTools} from "./sources.js";
import {newQuestions, nextStep, readBefore, Replayed, type Candidate, type Next, type Step} from "./steps.js";

/** What a run needs of its answer: the model, its tools and citations, and where it tells its progress. */
export type ResearchContext = SourceTools & {
    messageId: string;
    engine: StepEngine;
    generation: GenerationSettings;
    signal: AbortSignal;
    store: ResearchStore;
    /** A source read: its number among the answer's citations (the same source keeps its number). */
    cite(source: Source, toolCallId: string | null): number;
    /** The run as it is now: saved with the answer and announced. */
    announce(run: ResearchRun): void;
    /** A section of the report as the model writes it. */
    onText(chunk: string): void;
    /** Each generation's figures, added to the answer's. */
    onStats?(stats: TurnStats): void;
    /** The plan's questions as a task list: done when their section is written, the one worked on in progress. */
    tasks?(items: {text: string; status: TodoItem["status"]}[]): void;
    words: ReportWords;
};

/** How a run ended: its report, or stopped (paused or cancelled: what it saved stays). */
export type RunEnd = {report: string} | {stopped: true};

/** The text read of a source kept with its step, for checking the report's citations. */
const KEPT_CHARS = 20_000;
/** A section's notes may take this share of the context; more are condensed first. */
const NOTES_SHARE = 0.4;
/** Research gives way to writing once this share of the minutes or tokens is spent. */
const RESEARCH_SHARE = 0.8;

export class ResearchLoop {
    private tokens = 0;

    constructor(private readonly context: ResearchContext) {}

    /** The plan: the model's questions, or the question itself when it wrote none. */
    async plan(question: string): Promise<Result<string[] | null>> {
        const asked = await this.ask(planAsk(question));
        if (!asked.ok) return asked;
        if (asked.value === null) return ok(null);
        const questions = newQuestions(readQuestions(asked.value), new Replayed([], []));
        return ok(questions.length > 0 ? questions : [question.slice(0, 300)]);
    }

    /** Runs the run from its last saved step to its report (or until stopped). */
    async run(run: ResearchRun): Promise<Result<RunEnd>> {
        const {store, messageId, signal} = this.context;
        const state = new Replayed(run.questions, store.steps<Step>(messageId));
        const started = performance.now();
        const before = run.used;
        this.tokens = before.tokens;
        const update = (fields: Partial<ResearchRun>) => {
            Object.assign(run, fields, {
                used: {
                    steps: state.counted,
                    ms: before.ms + performance.now() - started,
                    tokens: this.tokens,
                },
                sources: new Set([...state.read.values()].map((r) => r.number).filter((n) => n !== null))
                    .size,
                notes: [...state.read.values()].filter((r) => r.note !== null).length,
                followUps: state.followUps(),
            });
            this.context.announce(run);
        };
        let listed = "";
        const list = (working: number | null) => {
            const items = tasksOf(state, working);
            if (JSON.stringify(items) === listed) return;
            listed = JSON.stringify(items);
            this.context.tasks?.(items);
        };
        // A run going on again after it failed: its old error is gone.
        delete run.error;
        update({state: "running", phase: null, doing: null});
        for (;;) {
            if (signal.aborted) return ok({stopped: true});
            const next = nextStep(state, this.mayResearch(run, state), (s) => this.tooLong(state, s));
            if (next.kind === "finish") break;
            update(doing(next, state));
            list(
                next.kind === "search" || next.kind === "read" || next.kind === "follow"
                    ? state.agenda[next.question]!.section
                    : next.section,
            );
            const step = await this.perform(next, state, run);
            if (!step.ok) return step;
            if (step.value === null) return ok({stopped: true});
            store.addStep(messageId, step.value);
            state.add(step.value);
        }
        update({phase: null, doing: null});
        list(null);
        return ok({report: assembleReport(run.question, state, this.context.words).text});
    }

    /**
     * Whether research may go on: steps are left for one more, for writing each section that has notes (and
     * condensing those too long) and for one more section; and less than 80% of the minutes and tokens is spent.
     */
    private mayResearch(run: ResearchRun, state: Replayed): boolean {
        let reserve = 1;
        for (let s = 0; s < state.sections(); s++)
            if (state.notes(s).length > 0) reserve += this.tooLong(state, s) ? 2 : 1;
        const ms = run.used.ms;
        return (
            state.counted + reserve < run.budget.steps &&
            ms < run.budget.minutes * 60_000 * RESEARCH_SHARE &&
            this.tokens < run.budget.tokens * RESEARCH_SHARE
        );
    }

    /** Whether a section's notes would take more than their share of the context. */
    private tooLong(state: Replayed, section: number): boolean {
        return this.count(notesText(state.notes(section))) > this.notesBudget();
    }

    private async perform(next: Next, state: Replayed, run: ResearchRun): Promise<Result<Step | null>> {
        switch (next.kind) {
            case "search": {
                const {text} = state.agenda[next.question]!;
                const found = await searchFor(this.context, text, run.offline);
                return ok(
                    this.context.signal.aborted ? null : {kind: "search", question: next.question, ...found},
                );
            }
            case "read":
                return ok(await this.read(next.question, next.candidate, state));
            case "follow":
                return this.follow(next.question, state);
            case "condense":
                return this.condense(next.section, state);
            case "write":
                return this.write(next.section, state);
            case "finish":
                return ok(null);
        }
    }

    private async read(question: number, candidate: Candidate, state: Replayed): Promise<Step | null> {
        const before = readBefore(state, candidate.key);
        const got = before
            ? {text: before.text, source: candidate.source, toolCallId: null}
            : await readCandidate(this.context, candidate);
        if (this.context.signal.aborted) return null;
        const base = {kind: "read" as const, question, key: candidate.key};
        if ("error" in got) return {...base, number: null, note: null, text: "", error: got.error};
        const note = noteFrom(state.agenda[question]!.text, got.text);
        const number = note === null ? null : this.context.cite(got.source, got.toolCallId);
        return {...base, number, note, text: got.text.slice(0, KEPT_CHARS)};
    }

    private async follow(question: number, state: Replayed): Promise<Result<Step | null>> {
        const asked = state.agenda[question]!;
        const notes = this.fit(notesText(state.notes(asked.section)), this.notesBudget());
        const written = await this.ask(followAsk(asked.text, notes));
        if (!written.ok) return written;
        if (written.value === null) return ok(null);
        return ok({kind: "follow", question, questions: newQuestions(readQuestions(written.value), state)});
    }

    private async condense(section: number, state: Replayed): Promise<Result<Step | null>> {
        const room = Math.floor(this.notesBudget() / 2);
        const notes = this.fit(notesText(state.notes(section)), this.notesBudget());
        const written = await this.ask(condenseAsk(state.agenda[section]!.text, notes, room));
        if (!written.ok) return written;
        if (written.value === null) return ok(null);
        return ok({kind: "condense", section, note: this.fit(written.value, room)});
    }

    /** A section: written by the model from its notes (condensed, if they were), its citations checked. */
    private async write(section: number, state: Replayed): Promise<Result<Step | null>> {
        const notes = state.notes(section);
        if (notes.length === 0)
            return ok({kind: "write", section, text: "", kept: 0, removed: 0, model: false});
        const text = this.fit(state.condensed.get(section) ?? notesText(notes), this.notesBudget());
        // As long as the person's answers may be (Settings), within half the notes' share of the context.
        const room = Math.min(this.context.generation.maxTokens, Math.floor(this.notesBudget() / 2));
        const written = await this.ask(sectionAsk(state.agenda[section]!.text, text, room), true);
        if (!written.ok) return written;
        if (written.value === null) return ok(null);
        const read = new Map(notes.map((n) => [n.number, n.text]));
        const checked = checkCitations(written.value, read);
        return ok({kind: "write", section, ...checked, model: true});
    }

    /** One generation: its text, or null when stopped; `stream` shows it as it is written. */
    private async ask(asked: ModelAsk, stream = false): Promise<Result<string | null>> {
        const {engine, generation, signal} = this.context;
        const result = await engine.step({
            history: asked.history,
            signal,
            maxTokens: asked.maxTokens,
            sampling: generation,
            ...(asked.grammar ? {format: {type: "schema" as const, schema: asked.grammar}} : {}),
            onText: stream ? (chunk) => this.context.onText(chunk) : () => {},
        });
        if (!result.ok) return result;
        this.tokens += result.value.stats.promptTokens + result.value.stats.completionTokens;
        this.context.onStats?.(result.value.stats);
        if (stream) this.context.onText("\n\n");
        return ok(result.value.stopped ? null : result.value.text.trim());
    }

    private notesBudget(): number {
        return Math.floor((this.context.engine.contextSize?.() ?? 4096) * NOTES_SHARE);
    }

    private count(text: string): number {
        return this.context.engine.countTokens?.(text) ?? Math.ceil(text.length / 4);
    }

    private fit(text: string, tokens: number): string {
        return this.context.engine.fitText(text, tokens);
    }
}

/** The plan's questions as tasks: written, worked on now, or still to do. */
function tasksOf(state: Replayed, working: number | null): {text: string; status: TodoItem["status"]}[] {
    return state.agenda
        .filter((q) => q.depth === 1)
        .map((q) => ({
            text: q.text,
            status: state.written.has(q.section) ? "done" : q.section === working ? "in_progress" : "pending",
        }));
}

/** Notes as the model reads them: one line each, its source's number first. */
function notesText(notes: {number: number; note: string}[]): string {
    return notes.map(({number, note}) => `[${number}] ${note}`).join("\n");
}

/** The run's phase and what it does, in words, for the step about to run. */
function doing(next: Exclude<Next, {kind: "finish"}>, state: Replayed): Partial<ResearchRun> {
    switch (next.kind) {
        case "search":
            return {phase: "searching", doing: state.agenda[next.question]!.text};
        case "read":
            return {phase: "reading", doing: next.candidate.title};
        case "follow":
            return {phase: "following", doing: state.agenda[next.question]!.text};
        case "condense":
            return {phase: "condensing", doing: state.agenda[next.section]!.text};
        case "write":
            return {phase: "writing", doing: state.agenda[next.section]!.text};
    }
}
