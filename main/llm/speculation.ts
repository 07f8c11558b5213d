// Speculative decoding: a token predictor guesses the next tokens and the model checks them all in one
// batch, keeping those it would have written itself. With a draft model chosen for the model, the draft
// (a smaller model of the same family) guesses; otherwise the answer's own context does (input lookup:
// text the model is copying, as code or a quote, is guessed from where it appeared before).
import path from "node:path";
import type {
    GgufFileInfo,
    Llama,
    LlamaContextSequence,
    LlamaModel,
    Token,
    TokenPredictor,
} from "node-llama-cpp";
import {inspectModel} from "./inspect.js";
import {llamaModule, loadModel} from "./llama.js";
import {DraftBackoff, DraftLookahead, FIRST_LOOKAHEAD, vocabularyMismatch, vocabularyOf} from "./draft.js";
import {messageOf} from "../../shared/format.js";
import {fieldOf} from "../../shared/json.js";

/**
 * The draft stops guessing at a token it gives less than this probability (node-llama-cpp's default, as
 * llama-server's --draft-p-min). CAIRN_DRAFT_MIN_CONFIDENCE sets another (0: never stop): random-weight
 * models, as the bench's and the tests', are never confident.
 */
const minConfidence = () => {
    const set = Number(process.env.CAIRN_DRAFT_MIN_CONFIDENCE);
    return process.env.CAIRN_DRAFT_MIN_CONFIDENCE && set >= 0 && set <= 1 ? set : 0.6;
};

export type Speculation = {
    kind: "draft" | "lookup";
    predictor: TokenPredictor;
    /** The draft model's file, when it is the draft that guesses. */
    draftPath: string | null;
    /** Why the chosen draft model is not used (then input lookup is), for the model's status; else null. */
    problem: string | null;
    dispose(): Promise<void>;
};

type Target = {file: string; fileInfo: GgufFileInfo};
/** Where and how the draft runs: as the model it drafts for (flash attention: flashAttentionOf). */
type Placement = {
    contextSize: number;
    threads: number;
    gpuLayers: number | "auto";
    flashAttention: "auto" | boolean;
};

/** The predictor for a model just loaded: its draft model when one is chosen and fits the pair, else lookup. */
export async function prepareSpeculation(
    llama: Llama,
    target: Target,
    draftPath: string | null,
    at: Placement,
): Promise<Speculation> {
    if (!draftPath) return inputLookup(null);
    const problem = await pairingProblem(target, draftPath);
    if (problem) return inputLookup(`speculative decoding uses no draft model: ${problem}`);
    // Read by pairingProblem (inspectModel keeps it per file version): the load does not read it again.
    const draft = await inspectModel(draftPath, {chatFormat: false});
    let model: LlamaModel | null = null;
    try {
        model = await loadModel(llama, {
            modelPath: draftPath,
            ...(draft.ok ? {fileInfo: draft.value.fileInfo} : {}),
            gpuLayers: at.gpuLayers,
            defaultContextFlashAttention: at.flashAttention,
        });
        // On the CPU the draft and the model compete for the cores: one thread drafts (with two, the model
        // generated at a quarter of its speed while the draft drafted, measured on 2 cores).
        const onCpu = llama.gpu === false || at.gpuLayers === 0;
        const context = await model.createContext({
            contextSize: at.contextSize,
            threads: onCpu ? 1 : at.threads,
        });
        const predictor = await steadyDraftPredictor(context.getSequence(), {
            minTokens: FIRST_LOOKAHEAD,
            maxTokens: FIRST_LOOKAHEAD,
            minConfidence: minConfidence(),
        });
        const loaded = model;
        return {
            kind: "draft",
            predictor,
            draftPath,
            problem: null,
            dispose: async () => {
                predictor.dispose();
                await loaded.dispose();
            },
        };
    } catch (error) {
        await model?.dispose();
        const reason = messageOf(error);
        return inputLookup(
            `speculative decoding uses no draft model: ${path.basename(draftPath)}: ${reason}`,
        );
    }
}

type DraftOptions = {minTokens: number; maxTokens: number; minConfidence: number};
/**
 * What Cairn reads and sets of node-llama-cpp's draft predictor (3.x internals): the hang guard reads its loop's
 * state and waiters; the lookahead sets the guesses it waits for (the fewest) and makes (the most).
 */
type DraftInternal = "_active" | "_minTokensCallbacks" | "_minTokens" | "_maxTokens";

/** One of the draft predictor's internals (private in its types), read as what it is until checked. */
const internal = (predictor: object, name: DraftInternal): unknown => fieldOf(predictor, name);

/**
 * node-llama-cpp's draft predictor with a guard against a hang seen here (node-llama-cpp 3.x): when the
 * model refutes a guess while the draft is still drafting, the answer waits for the draft to reach its
 * fewest tokens, but the draft's loop ends on the refusal without waking it, and the answer waits forever
 * (3 runs of 5 on the tiny Llama 3 model as its own draft). The guard wakes it once the loop has ended.
 */
async function steadyDraftPredictor(draftSequence: LlamaContextSequence, options: DraftOptions) {
    const {DraftSequenceTokenPredictor} = await llamaModule();
    class SteadyDraftPredictor extends DraftSequenceTokenPredictor {
        private target: LlamaContextSequence | null = null;
        /** The model's tokens while drafting pauses: the draft reads them in one batch when it resumes. */
        private held: Token[] = [];
        private readonly backoff = new DraftBackoff(process.env.CAIRN_DRAFT_PACE !== "off");
        /** When the model last gave a token (null at the start of an evaluation), and whether the draft guessed. */
        private lastToken: number | null = null;
        private guessing = false;
        private readonly lookahead = new DraftLookahead();

        override async reset(state: Parameters<TokenPredictor["reset"]>[0]) {
            this.target = state.targetSequence;
            this.held = [];
            // The first token of an evaluation comes after its prompt: its time is not a generated token's.
            this.lastToken = null;
            await super.reset(state);
        }

        override pushTokens(tokens: Token[]) {
            const now = performance.now();
            if (this.lastToken !== null)
                this.backoff.timed(this.guessing, tokens.length, now - this.lastToken);
            this.lastToken = now;
            if (this.backoff.paused()) {
                this.held.push(...tokens);
                this.backoff.generated(tokens.length);
                return;
            }
            super.pushTokens(this.takeHeld(tokens));
        }

        override predictTokens() {
            this.guessing = !this.target || this.backoff.shouldDraft(this.target.tokenPredictions);
            if (!this.guessing) {
                // The draft stops drafting ahead now, not after its next guesses: they would take CPU for nothing.
                this.stop();
                return [];
            }
            if (this.held.length > 0) super.pushTokens(this.takeHeld([]));
            // The model waits for all of a round's guesses (node-llama-cpp's default, 0, never waits: the model
            // ran ahead on its own, no guess was used, and the draft took CPU from it: 32 → 3.8 tokens/s here).
            // With fewer it checks a few guesses a batch, then the next token without any (with 2: batches of 3,
            // then 1), and a useless draft cost 20% against 7% with 8.
            if (this.target) this.guessAhead(this.lookahead.next(this.target.tokenPredictions));
            const predicted = super.predictTokens();
            if (predicted instanceof Promise) wakeWhenIdle(this, predicted);
            return predicted;
        }

        private guessAhead(tokens: number) {
            Reflect.set(this, "_minTokens", tokens);
            Reflect.set(this, "_maxTokens", tokens);
        }

        private takeHeld(tokens: Token[]): Token[] {
            const all = [...this.held, ...tokens];
            this.held = [];
            return all;
        }
    }
    const predictor = new SteadyDraftPredictor(draftSequence, options);
    if (
        typeof internal(predictor, "_active") !== "boolean" ||
        !Array.isArray(internal(predictor, "_minTokensCallbacks")) ||
        typeof internal(predictor, "_minTokens") !== "number" ||
        typeof internal(predictor, "_maxTokens") !== "number"
    ) {
        predictor.dispose();
        throw new Error(
            "this node-llama-cpp's draft predictor has changed: Cairn cannot guard it against hangs or set how far it guesses",
        );
    }
    return predictor;
}

/** Wakes the answer's wait once the draft's loop has stopped without waking it (checked every 2 ms). */
function wakeWhenIdle(draft: object, waiting: Promise<unknown>): void {
    let settled = false;
    void waiting.finally(() => (settled = true));
    const check = () => {
        if (settled) return;
        const waiters = internal(draft, "_minTokensCallbacks");
        if (internal(draft, "_active") === false && Array.isArray(waiters) && waiters.length > 0) {
            const woken: unknown[] = waiters.splice(0);
            for (const wake of woken) if (typeof wake === "function") Reflect.apply(wake, undefined, []);
            return;
        }
        setTimeout(check, 2);
    };
    setTimeout(check, 2);
}

/** Why `draftPath` cannot draft for the target (unreadable, or another vocabulary), or null. */
export async function pairingProblem(target: Target, draftPath: string): Promise<string | null> {
    const draft = await inspectModel(draftPath, {chatFormat: false});
    if (!draft.ok) return draft.error.message;
    return vocabularyMismatch(
        {file: target.file, vocabulary: vocabularyOf(target.fileInfo)},
        {file: draftPath, vocabulary: vocabularyOf(draft.value.fileInfo)},
    );
}

async function inputLookup(problem: string | null): Promise<Speculation> {
    const {InputLookupTokenPredictor} = await llamaModule();
    return {
        kind: "lookup",
        predictor: new InputLookupTokenPredictor(),
        draftPath: null,
        problem,
        dispose: async () => {},
    };
}

type PredictionCounts = LlamaContextSequence["tokenPredictions"];

/** What a step's guesses came to: tokens guessed and checked, and those the answer kept. */
export function predictionStats(
    sequence: LlamaContextSequence,
    before: PredictionCounts,
): {draftedTokens: number; acceptedTokens: number} {
    const now = sequence.tokenPredictions;
    return {
        draftedTokens: now.validated + now.refuted - (before.validated + before.refuted),
        acceptedTokens: now.used - before.used,
    };
}
