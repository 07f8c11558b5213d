// Speculative decoding's pairing rule: a draft model may draft for a model only when both read and write the
// same tokens. The rule is llama.cpp's own (common/speculative.cpp): the same tokenizer, the same start and
// end tokens, vocabularies at most 128 tokens apart (padding), and the same text for every token both have.
import path from "node:path";
import type {GgufFileInfo} from "node-llama-cpp";
import {formatCount} from "../../shared/format.js";

/** What the pairing rule reads of a model's vocabulary (from its GGUF header). */
export type Vocabulary = {
    tokenizer: string;
    tokens: readonly string[];
    bos: number | null;
    eos: number | null;
    addBos: boolean | null;
};

/** llama.cpp's limits: vocabularies of one family differ by padding tokens at the end, never by more. */
const MAX_SIZE_DIFFERENCE = 128;
/** Tokens below this id (control tokens that families number alike but name apart) are not compared. */
const FIRST_COMPARED_TOKEN = 5;

type TokenizerMetadata = {
    model?: string;
    tokens?: readonly string[];
    bos_token_id?: number;
    eos_token_id?: number;
    add_bos_token?: boolean;
};

export function vocabularyOf(fileInfo: GgufFileInfo): Vocabulary {
    const ggml = (fileInfo.metadata as {tokenizer?: {ggml?: TokenizerMetadata}}).tokenizer?.ggml ?? {};
    return {
        tokenizer: ggml.model ?? "unknown",
        tokens: ggml.tokens ?? [],
        bos: ggml.bos_token_id ?? null,
        eos: ggml.eos_token_id ?? null,
        addBos: ggml.add_bos_token ?? null,
    };
}

/**
 * Why `draft` cannot draft for `target`, in words a person can act on, or null when the pair shares its
 * vocabulary. Files are named by their base names.
 */
export function vocabularyMismatch(
    target: {file: string; vocabulary: Vocabulary},
    draft: {file: string; vocabulary: Vocabulary},
): string | null {
    const reason = mismatchReason(target.vocabulary, draft.vocabulary);
    if (!reason) return null;
    return (
        `${path.basename(draft.file)} cannot draft for ${path.basename(target.file)}: ${reason}. ` +
        "A draft model must be a smaller model of the same family (the same tokenizer)"
    );
}

function mismatchReason(t: Vocabulary, d: Vocabulary): string | null {
    if (t.tokens.length === 0 || d.tokens.length === 0) return "one of them has no vocabulary in its file";
    if (t.tokenizer !== d.tokenizer) return `their tokenizers differ (${t.tokenizer} and ${d.tokenizer})`;
    const difference = Math.abs(t.tokens.length - d.tokens.length);
    if (difference > MAX_SIZE_DIFFERENCE)
        return `their vocabularies differ in size (${formatCount(t.tokens.length)} and ${formatCount(d.tokens.length)} tokens)`;
    if (t.bos !== d.bos || t.eos !== d.eos || t.addBos !== d.addBos)
        return "their start and end tokens differ";
    const shared = Math.min(t.tokens.length, d.tokens.length);
    for (let id = FIRST_COMPARED_TOKEN; id < shared; id++) {
        if (t.tokens[id] !== d.tokens[id])
            return `token ${id} is ${JSON.stringify(t.tokens[id])} in one and ${JSON.stringify(d.tokens[id])} in the other`;
    }
    return null;
}

/** The model's running counts of a draft's guesses: kept, and refused (with the rest of their round). */
type Counts = {validated: number; refuted: number};

/** Guesses checked before their share, and drafting's pace, decide whether drafting pays: a first round. */
const WINDOW = 4;
/** Below this share of guesses kept, the draft costs more than it saves (a guess costs a draft token). */
const MIN_ACCEPTANCE = 0.5;
/** Tokens generated without drafting after a poor window: doubled after each poor window, up to the most. */
const FIRST_PAUSE = 32;
const LONGEST_PAUSE = 512;
/** Tokens the model writes alone before its first draft: its pace to compare with. */
const PROBE = 8;
/** The fewest tokens a pace is taken over (the first token of an evaluation is not timed: it follows the prompt). */
const PACE_MIN = 4;
/** A pace is taken over about this many of the latest tokens. */
const PACE_SPAN = 32;

/** Milliseconds per token over the latest stretches of answers. */
class Pace {
    private stretches: {tokens: number; ms: number}[] = [];

    add(tokens: number, ms: number): void {
        this.stretches.push({tokens, ms});
        while (this.tokens() - this.stretches[0]!.tokens >= PACE_SPAN) this.stretches.shift();
    }

    tokens(): number {
        return this.stretches.reduce((sum, s) => sum + s.tokens, 0);
    }

    msPerToken(): number {
        return this.stretches.reduce((sum, s) => sum + s.ms, 0) / this.tokens();
    }

    clear(): void {
        this.stretches = [];
    }
}

/**
 * When drafting does not pay, it pauses, for longer each time, and tries again: a useless draft then costs a
 * window of guesses now and then. It does not pay when the draft's guesses keep failing (another kind of text
 * than it knows, or a poor pairing), or when the answer comes more slowly with the draft than without, measured
 * (`comparePace`): checking a batch costs a CPU several tokens' time (the 1B layout on 2 cores checks 9 tokens
 * in the time of 5), so there a draft must keep most of its guesses to pay. The model's own pace is measured
 * first, on its first tokens without a draft, and again whenever drafting pauses.
 */
export class DraftBackoff {
    private windowStart: Counts = {validated: 0, refuted: 0};
    private pausedFor: number;
    private nextPause = FIRST_PAUSE;
    private readonly plain = new Pace();
    private readonly drafting = new Pace();

    constructor(private readonly comparePace = true) {
        this.pausedFor = comparePace ? PROBE : 0;
    }

    /** Whether to draft for the next token, from the model's running counts of guesses kept and refuted. */
    shouldDraft(counts: Counts): boolean {
        if (this.pausedFor > 0) return false;
        const validated = counts.validated - this.windowStart.validated;
        const checked = validated + counts.refuted - this.windowStart.refuted;
        if (checked < WINDOW) return true;
        this.windowStart = {validated: counts.validated, refuted: counts.refuted};
        if (validated / checked >= MIN_ACCEPTANCE && !this.slowerThanAlone()) {
            this.nextPause = FIRST_PAUSE;
            return true;
        }
        this.pausedFor = this.nextPause;
        this.nextPause = Math.min(LONGEST_PAUSE, this.nextPause * 2);
        this.drafting.clear();
        return false;
    }

    /** A stretch of an answer: `tokens` the model wrote in `ms`, with the draft guessing or without. */
    timed(drafting: boolean, tokens: number, ms: number): void {
        (drafting ? this.drafting : this.plain).add(tokens, ms);
    }

    /** Tokens the model generated while drafting paused. */
    generated(tokens: number): void {
        this.pausedFor = Math.max(0, this.pausedFor - tokens);
    }

    /** Whether drafting has just paused or stays paused. */
    paused(): boolean {
        return this.pausedFor > 0;
    }

    /** Whether the model, measured, writes more slowly with the draft than alone. */
    private slowerThanAlone(): boolean {
        if (!this.comparePace || this.plain.tokens() < PACE_MIN || this.drafting.tokens() < PACE_MIN)
            return false;
        return this.drafting.msPerToken() > this.plain.msPerToken();
    }
}

/** Guesses a draft makes before the model checks them: its first round's, and after a refused guess. */
export const FIRST_LOOKAHEAD = 4;
/** The most: llama-server's default --draft-max. */
export const LONGEST_LOOKAHEAD = 16;

/**
 * How far a draft guesses ahead: 4, twice as far after each round whose guesses the model all kept, up to 16,
 * and 4 again after a round with a refused guess. On the CPU the model checks a batch of 17 tokens for little
 * more than 9 (1B layout, 2 cores: a draft that is always right made 2.2× with rounds of 16 against 1.3× with
 * 8), but a refused guess wastes the rest of its round, and a short first round keeps what a useless draft
 * costs small.
 */
export class DraftLookahead {
    private seen: Counts = {validated: 0, refuted: 0};
    private current = FIRST_LOOKAHEAD;

    /** Guesses for the next round, from the model's running counts of guesses kept and refuted. */
    next(counts: Counts): number {
        // A new sequence starts its counts again.
        if (counts.validated < this.seen.validated || counts.refuted < this.seen.refuted)
            this.seen = {validated: 0, refuted: 0};
        const kept = counts.validated - this.seen.validated;
        const refused = counts.refuted - this.seen.refuted;
        this.seen = {validated: counts.validated, refuted: counts.refuted};
        if (refused > 0) this.current = FIRST_LOOKAHEAD;
        else if (kept > 0) this.current = Math.min(LONGEST_LOOKAHEAD, this.current * 2);
        return this.current;
    }
}
