// Notes taken from text read: the sentences that bear on a question, quoted as they are, and the check that a
// sentence of the report says something its cited source says.

/** Words too common to tell what a sentence is about, in the languages a question is most often asked in. */
const COMMON = new Set(
    (
        "the and for are but not you all any can had her was one our out has have his how its may new now old see " +
        "two way who did get let put say she too use that this with from they will would there their what when " +
        "which while where about into than then them these those been were does more most some such only other " +
        "also each many much very just over under after before between because could should being your" +
        " der die das und ist nicht mit den dem des ein eine les des une est pas pour dans que qui sur par avec " +
        "los las una por para con del que como"
    ).split(" "),
);

/** A note quotes at most this much of one source. */
export const NOTE_CHARS = 700;
const NOTE_SENTENCES = 3;

/** The words of a text that tell what it is about: lower case, three letters or more, common words left out. */
export function termsOf(text: string): Set<string> {
    const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
    return new Set(words.filter((w) => !COMMON.has(w)));
}

/** A text's sentences (and lines, for lists and headings), trimmed, none empty. */
export function sentencesOf(text: string): string[] {
    return text
        .split(/(?<=[.!?。！？])\s+|\n+/u)
        .map((s) =>
            s
                .replace(/^#+\s+/, "")
                .replace(/\s+/g, " ")
                .trim(),
        )
        .filter((s) => s.length >= 12);
}

/**
 * The note a source gives a question: its sentences that share the most of the question's words (at most
 * three, in the source's order, within NOTE_CHARS), or null when none shares any.
 */
export function noteFrom(question: string, text: string): string | null {
    const wanted = termsOf(question);
    const scored = sentencesOf(text)
        .map((sentence, index) => ({sentence, index, score: overlap(wanted, termsOf(sentence))}))
        .filter((s) => s.score > 0)
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, NOTE_SENTENCES)
        .sort((a, b) => a.index - b.index);
    if (scored.length === 0) return null;
    let note = "";
    for (const {sentence} of scored) {
        const next = note ? `${note} ${sentence}` : sentence;
        if (next.length > NOTE_CHARS) return note || sentence.slice(0, NOTE_CHARS);
        note = next;
    }
    return note;
}

/**
 * Whether a sentence of the report says something the text it cites says: two of the words that tell what
 * the sentence is about are in that text (one, for a sentence with one such word).
 */
export function supports(sentence: string, sourceText: string): boolean {
    const terms = termsOf(sentence.replace(/\[\d+\]/g, ""));
    const needed = Math.min(2, terms.size);
    return needed > 0 && overlap(terms, termsOf(sourceText)) >= needed;
}

function overlap(a: Set<string>, b: Set<string>): number {
    let shared = 0;
    for (const word of a) if (b.has(word)) shared++;
    return shared;
}
