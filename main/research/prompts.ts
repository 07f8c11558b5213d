// What the model is asked at each step of a research run that needs one: the plan, sub-questions, condensed
// notes and each section of the report; the JSON ones in a grammar, so that a small model writes them.
import type {ChatHistoryItem, GbnfJsonSchema} from "node-llama-cpp";
import {RESEARCH_LIMITS} from "../../shared/researchLimits.js";

/** JSON in a grammar: a list of questions. */
function questionsGrammar(max: number): GbnfJsonSchema {
    return {
        type: "object",
        properties: {
            questions: {
                type: "array",
                items: {type: "string", minLength: 3, maxLength: RESEARCH_LIMITS.question},
                minItems: 1,
                maxItems: max,
            },
        },
    };
}

export type ModelAsk = {history: ChatHistoryItem[]; grammar?: GbnfJsonSchema; maxTokens: number};

/** The plan: the questions a report on the user's question answers, one section each. */
export function planAsk(question: string): ModelAsk {
    const max = RESEARCH_LIMITS.questions - 2;
    return {
        history: [
            {
                type: "system",
                text:
                    `Plan research on the user's question. Write JSON only: {"questions": [...]}, 2 to ${max} ` +
                    "short questions that together answer it, each one a section of the report, in the user's language.",
            },
            {type: "user", text: question},
        ],
        grammar: questionsGrammar(max),
        maxTokens: 400,
    };
}

/** Sub-questions worth following, from a question's notes. */
export function followAsk(question: string, notes: string): ModelAsk {
    return {
        history: [
            {
                type: "system",
                text:
                    `From these notes, write at most ${RESEARCH_LIMITS.followUps} narrower questions still open ` +
                    'about the question, as JSON: {"questions": [...]}. Write none that the notes already answer.',
            },
            {type: "user", text: `Question: ${question}\n\nNotes:\n${notes}`},
        ],
        grammar: questionsGrammar(RESEARCH_LIMITS.followUps),
        maxTokens: 200,
    };
}

/** Notes too long for a section's prompt, condensed; each fact keeps its source's number. */
export function condenseAsk(question: string, notes: string, maxTokens: number): ModelAsk {
    return {
        history: [
            {
                type: "system",
                text:
                    "Condense these research notes into short points that bear on the question. Keep each " +
                    "point's source number in brackets, like [3]. Write nothing the notes do not say.",
            },
            {type: "user", text: `Question: ${question}\n\nNotes:\n${notes}`},
        ],
        maxTokens,
    };
}

/** One section of the report, written from its notes only, each claim citing its source as [n]. */
export function sectionAsk(question: string, notes: string, maxTokens: number): ModelAsk {
    return {
        history: [
            {
                type: "system",
                text:
                    "Write one section of a research report: a few sentences that answer the question from " +
                    "the notes only. After each claim, cite the note's source number in brackets, like [2]. " +
                    "Write no heading. Where the notes do not answer it, say so.",
            },
            {type: "user", text: `Question: ${question}\n\nNotes:\n${notes}`},
        ],
        maxTokens,
    };
}

/** The questions in a model's JSON (none when it wrote something else). */
export function readQuestions(text: string): string[] {
    try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== "object" || parsed === null || !("questions" in parsed)) return [];
        const {questions} = parsed;
        return Array.isArray(questions) ? questions.filter((q): q is string => typeof q === "string") : [];
    } catch {
        return [];
    }
}
