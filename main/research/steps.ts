// A research run's steps as saved, the state they add up to when replayed, and which step comes next: pure,
// so that a run resumed after a kill takes up exactly where its last saved step left it.
import type {Source} from "../../shared/contract.js";
import {RESEARCH_LIMITS} from "../../shared/researchLimits.js";

/** Something a search found: a page to fetch, or a passage, memory or archived page whose text is at hand. */
export type Candidate = {
    /** The same source found twice (by two questions) is read once. */
    key: string;
    title: string;
    source: Source;
    /** A web result: the page to fetch. */
    url?: string;
    /** A passage's or memory's text, as the search returned it. */
    text?: string;
    /** An archived page: its archive id (the text is read from the archive). */
    archiveId?: string;
};

export type SearchStep = {kind: "search"; question: number; found: Candidate[]; error?: string};
/** A source read: its citation number, the note it gave (null: nothing bore on the question), what was read. */
export type ReadStep = {
    kind: "read";
    question: number;
    key: string;
    number: number | null;
    note: string | null;
    text: string;
    error?: string;
};
export type FollowStep = {kind: "follow"; question: number; questions: string[]};
export type CondenseStep = {kind: "condense"; section: number; note: string};
/** A section written and checked; `model` false: nothing was found for it, and no model wrote it. */
export type WriteStep = {
    kind: "write";
    section: number;
    text: string;
    kept: number;
    removed: number;
    model: boolean;
};
export type Step = SearchStep | ReadStep | FollowStep | CondenseStep | WriteStep;

/** A question of the run: one of the plan's (depth 1, its own section) or a sub-question (depth 2). */
export type Question = {text: string; depth: 1 | 2; section: number};

/** Sources read for one question. */
export const READS_PER_QUESTION = 3;

/** What the saved steps add up to. */
export class Replayed {
    readonly agenda: Question[];
    readonly searched = new Map<number, SearchStep>();
    /** Sources read, by question and source (readKey): one source may bear on several questions. */
    readonly read = new Map<string, ReadStep>();
    readonly followed = new Set<number>();
    readonly condensed = new Map<number, string>();
    readonly written = new Map<number, WriteStep>();
    /** Steps that count against the budget (a section nobody had to write does not). */
    counted = 0;

    constructor(plan: string[], steps: Step[]) {
        this.agenda = plan.map((text, section) => ({text, depth: 1, section}));
        for (const step of steps) this.add(step);
    }

    add(step: Step): void {
        this.counted += step.kind === "write" && !step.model ? 0 : 1;
        if (step.kind === "search") this.searched.set(step.question, step);
        else if (step.kind === "read") this.read.set(readKey(step.question, step.key), step);
        else if (step.kind === "condense") this.condensed.set(step.section, step.note);
        else if (step.kind === "write") this.written.set(step.section, step);
        else {
            this.followed.add(step.question);
            const {section} = this.agenda[step.question]!;
            for (const text of step.questions) this.agenda.push({text, depth: 2, section});
        }
    }

    /** The notes of a section (its question's and its sub-questions'), with their sources' numbers. */
    notes(section: number): {number: number; note: string; text: string}[] {
        return [...this.read.values()].flatMap((r) =>
            r.note !== null && r.number !== null && this.agenda[r.question]?.section === section
                ? [{number: r.number, note: r.note, text: r.text}]
                : [],
        );
    }

    sections(): number {
        return this.agenda.filter((q) => q.depth === 1).length;
    }

    /** Sub-questions asked so far, in order. */
    followUps(): string[] {
        return this.agenda.filter((q) => q.depth === 2).map((q) => q.text);
    }
}

export type Next =
    | {kind: "search"; question: number}
    | {kind: "read"; question: number; candidate: Candidate}
    | {kind: "follow"; question: number}
    | {kind: "condense"; section: number}
    | {kind: "write"; section: number}
    | {kind: "finish"};

/**
 * The next step: while `research` allows, each question in turn is searched, its first sources not read
 * yet are read, and a plan question with notes gets its sub-questions; then each section is written (its
 * notes condensed first when `tooLong` says they would not fit); then the run ends.
 */
export function nextStep(state: Replayed, research: boolean, tooLong: (section: number) => boolean): Next {
    if (research) {
        for (const [question, asked] of state.agenda.entries()) {
            const search = state.searched.get(question);
            if (!search) return {kind: "search", question};
            const candidate = unreadFor(state, question, search);
            if (candidate) return {kind: "read", question, candidate};
            if (asked.depth === 1 && !state.followed.has(question) && state.notes(asked.section).length > 0)
                return {kind: "follow", question};
        }
    }
    for (let section = 0; section < state.sections(); section++) {
        if (state.written.has(section)) continue;
        if (!state.condensed.has(section) && tooLong(section)) return {kind: "condense", section};
        return {kind: "write", section};
    }
    return {kind: "finish"};
}

/** The next source a question reads: among its search's results, the first it has not read yet. */
function unreadFor(state: Replayed, question: number, search: SearchStep): Candidate | null {
    const done = [...state.read.values()].filter((r) => r.question === question).length;
    if (done >= READS_PER_QUESTION) return null;
    return search.found.find((c) => !state.read.has(readKey(question, c.key))) ?? null;
}

/** A source as read for one question. */
export const readKey = (question: number, key: string) => `${question} ${key}`;

/** The text of a source read already (for another question): read again from there, not fetched again. */
export function readBefore(state: Replayed, key: string): ReadStep | null {
    return [...state.read.values()].find((r) => r.key === key && !r.error) ?? null;
}

/** Sub-questions as the model wrote them: trimmed, cut to a question's length, new ones only, at most two. */
export function newQuestions(written: string[], state: Replayed): string[] {
    const known = new Set(state.agenda.map((q) => q.text.toLowerCase()));
    const kept: string[] = [];
    for (const raw of written) {
        const text = raw.replace(/\s+/g, " ").trim().slice(0, RESEARCH_LIMITS.question);
        if (text.length < 3 || known.has(text.toLowerCase())) continue;
        known.add(text.toLowerCase());
        kept.push(text);
        if (kept.length === RESEARCH_LIMITS.followUps) break;
    }
    return kept;
}
