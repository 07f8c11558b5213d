import {createHash} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type {
    ChatHistoryItem,
    ChatModelFunctions,
    ChatWrapper,
    LlamaContextSequence,
    Token,
    Tokenizer,
} from "node-llama-cpp";

/** Prefixes shorter than this are cheaper to evaluate than to read from a file. */
const MIN_PREFIX_TOKENS = 64;
/** Saved prefixes kept on disk (the newest used); each is a KV-cache snapshot of one prefix. */
const MAX_FILES = 8;

/** What happened to a step's shared prefix: already in the context, read from disk, evaluated and saved. */
export type PrefixOutcome = "none" | "in-context" | "loaded" | "saved";

/**
 * The prompt prefix every conversation shares (the system prompt and the tools' definitions, as the chat format
 * writes them), evaluated once and kept on disk, keyed by the model and the prefix's tokens: a new conversation,
 * or the first answer after a restart, evaluates only what follows it.
 */
export class PromptPrefixCache {
    /** The stable prefix of each (chat format, system message, tools), tokenized once. */
    private prefixes = new Map<string, Token[]>();

    constructor(
        private readonly dir: string,
        private readonly log: (message: string) => void = () => {},
    ) {}

    /**
     * Makes `sequence` start with the history's shared prefix before the chat format evaluates the rest: kept
     * when the context has it, read from its file when one was saved, else evaluated and saved for next time.
     * Never fails the step: a file that cannot be read is removed and the prefix evaluated again.
     */
    async prepare(input: {
        sequence: LlamaContextSequence;
        wrapper: ChatWrapper;
        tokenizer: Tokenizer;
        history: ChatHistoryItem[];
        functions: ChatModelFunctions | undefined;
        modelKey: string;
    }): Promise<PrefixOutcome> {
        const system = input.history[0];
        // Tools' definitions make the long shared prefix; without them a prefix is not worth a file.
        if (system?.type !== "system" || !input.functions) return "none";
        const prefix = this.prefixOf(input.wrapper, input.tokenizer, system, input.functions);
        if (prefix.length < MIN_PREFIX_TOKENS) return "none";
        const {sequence} = input;
        const kept = commonLength(sequence.contextTokens, prefix);
        if (kept === prefix.length) return "in-context";
        const file = path.join(this.dir, `${fileKey(input.modelKey, prefix)}.state`);
        if (fs.existsSync(file) && (await this.load(sequence, file, prefix))) return "loaded";
        await sequence.eraseContextTokenRanges([{start: kept, end: sequence.nextTokenIndex}]);
        await sequence.evaluateWithoutGeneratingNewTokens(prefix.slice(kept));
        await this.save(sequence, file);
        return "saved";
    }

    /**
     * The tokens two different user messages share after the system message: what the chat format writes the
     * same way for every conversation with this system message and these tools.
     */
    private prefixOf(
        wrapper: ChatWrapper,
        tokenizer: Tokenizer,
        system: ChatHistoryItem,
        functions: ChatModelFunctions | undefined,
    ): Token[] {
        const key = JSON.stringify([wrapper.wrapperName, system, functions ?? null]);
        const known = this.prefixes.get(key);
        if (known) return known;
        const render = (text: string) =>
            wrapper
                .generateContextState({
                    chatHistory: [system, {type: "user", text}],
                    availableFunctions: functions,
                })
                .contextText.tokenize(tokenizer);
        const a = render("a");
        const prefix = a.slice(0, commonLength(a, render("b")));
        if (this.prefixes.size > 32) this.prefixes.clear();
        this.prefixes.set(key, prefix);
        return prefix;
    }

    private async load(sequence: LlamaContextSequence, file: string, prefix: Token[]): Promise<boolean> {
        try {
            await sequence.loadStateFromFile(file, {acceptRisk: true});
            if (commonLength(sequence.contextTokens, prefix) === prefix.length) {
                touch(file);
                return true;
            }
            this.log(
                `the saved prompt prefix ${path.basename(file)} holds other tokens; evaluating it again`,
            );
        } catch (error) {
            this.log(`could not read the saved prompt prefix ${path.basename(file)}: ${String(error)}`);
        }
        await sequence.clearHistory();
        fs.rmSync(file, {force: true});
        return false;
    }

    private async save(sequence: LlamaContextSequence, file: string): Promise<void> {
        try {
            fs.mkdirSync(this.dir, {recursive: true});
            const partial = `${file}.${process.pid}.part`;
            await sequence.saveStateToFile(partial);
            fs.renameSync(partial, file);
            this.prune();
        } catch (error) {
            this.log(`could not save the prompt prefix: ${String(error)}`);
        }
    }

    /** Keeps the newest MAX_FILES snapshots. */
    private prune(): void {
        const files = fs
            .readdirSync(this.dir)
            .filter((f) => f.endsWith(".state"))
            .map((f) => ({file: path.join(this.dir, f), at: fs.statSync(path.join(this.dir, f)).mtimeMs}))
            .sort((a, b) => b.at - a.at);
        for (const old of files.slice(MAX_FILES)) fs.rmSync(old.file, {force: true});
    }
}

function commonLength(a: readonly Token[], b: readonly Token[]): number {
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i]) i++;
    return i;
}

function fileKey(modelKey: string, tokens: Token[]): string {
    return createHash("sha256")
        .update(modelKey)
        .update(Buffer.from(Uint32Array.from(tokens).buffer))
        .digest("hex")
        .slice(0, 32);
}

function touch(file: string): void {
    const now = new Date();
    fs.utimesSync(file, now, now);
}
