// The report: each section's text with its citations checked against the text read, its notes quoted as
// evidence, and the whole assembled in the plan's order.
import {sentencesOf, supports} from "./notes.js";
import type {Replayed, WriteStep} from "./steps.js";

const MARKER = /\s?\[(\d{1,3})\]/g;

/**
 * A section as the model wrote it, each [n] kept only where source n was read in this run and the sentence
 * shares what it is about with that source's text; the markers taken out are counted.
 */
export function checkCitations(
    text: string,
    read: Map<number, string>,
): {text: string; kept: number; removed: number} {
    let kept = 0;
    let removed = 0;
    const checked = text
        .split(/(?<=[.!?])(?=\s)/u)
        .map((sentence) =>
            sentence.replace(MARKER, (marker, n: string) => {
                const source = read.get(Number(n));
                if (source !== undefined && supports(sentence, source)) {
                    kept++;
                    return marker;
                }
                removed++;
                return "";
            }),
        )
        .join("");
    return {text: checked.trim(), kept, removed};
}

/** A section's evidence: each note quoted with its source's number. */
export function evidence(notes: {number: number; note: string}[]): string {
    return notes.map(({number, note}) => `- "${quoteOf(note)}" [${number}]`).join("\n");
}

/** The note's first sentences, within 300 characters. */
function quoteOf(note: string): string {
    let quote = "";
    for (const sentence of sentencesOf(note)) {
        if (quote && quote.length + sentence.length > 300) break;
        quote = quote ? `${quote} ${sentence}` : sentence;
    }
    return (quote || note.slice(0, 300)).replaceAll('"', "'");
}

/** The words a report is written with (the core's, in the window's language where it has them). */
export type ReportWords = {
    title: (question: string) => string;
    evidence: string;
    nothingFound: string;
    checked: (facts: {kept: number; removed: number; sources: number; steps: number}) => string;
};

/** The whole report: a title, each section in the plan's order, and what was checked. */
export function assembleReport(
    question: string,
    state: Replayed,
    words: ReportWords,
): {text: string; kept: number; removed: number} {
    const parts = [`# ${words.title(question)}`];
    let kept = 0;
    let removed = 0;
    for (let section = 0; section < state.sections(); section++) {
        const written: WriteStep | undefined = state.written.get(section);
        parts.push(`## ${state.agenda[section]!.text}`);
        const notes = state.notes(section);
        if (!written || notes.length === 0) {
            parts.push(words.nothingFound);
            continue;
        }
        kept += written.kept;
        removed += written.removed;
        if (written.text) parts.push(written.text);
        parts.push(`${words.evidence}\n\n${evidence(notes)}`);
    }
    const sources = new Set(
        [...state.read.values()].flatMap((r) => (r.number === null || r.note === null ? [] : [r.number])),
    );
    parts.push("---", words.checked({kept, removed, sources: sources.size, steps: state.counted}));
    return {text: parts.join("\n\n"), kept, removed};
}
