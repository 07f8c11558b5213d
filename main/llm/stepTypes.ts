// What a step of the model is asked and answers: the shapes the embedded engine, a remote model and the turn
// share.
import type {
    ChatHistoryItem,
    ChatModelFunctionCall,
    ChatUserMessage,
    GbnfJsonObjectSchema,
    GbnfJsonSchema,
} from "node-llama-cpp";
import type {GenerationSettings, MessageRole, TurnStats} from "../../shared/contract.js";
import type {CALL_STRATEGIES} from "../../shared/choices.js";
import type {CallChunk} from "./forcedCall.js";

export type HistoryEntry = {role: MessageRole; content: string};

/** An image a question carries, as a model that sees reads it (the kept copy, base64). */
export type HistoryImage = {mime: string; data: string; width: number; height: number};

/** A question with images: node-llama-cpp's user item, Cairn's images beside its text (models that see read them). */
export type UserItem = ChatUserMessage & {images?: HistoryImage[]};

/** A tool's call with the images it returned (an MCP tool's), which a model that sees is shown after its result. */
export type CallWithImages = ChatModelFunctionCall & {images?: HistoryImage[]};

/** The images a history item carries (none but a question's). */
export function imagesOf(item: ChatHistoryItem): HistoryImage[] {
    return item.type === "user" ? ((item as UserItem).images ?? []) : [];
}

/** What a model that cannot see reads in an image's place. */
export function imageNote(image: HistoryImage): string {
    return `[image: ${image.width}x${image.height}, ${image.mime}]`;
}

/**
 * The history as a model that cannot see reads it: each image a note in its question's text ("[image: WxH,
 * type]"), so it knows one was there.
 */
export function withoutImages(history: ChatHistoryItem[]): ChatHistoryItem[] {
    return history.map((item) => {
        if (item.type === "model")
            return {
                ...item,
                response: item.response.map((part) => {
                    if (typeof part !== "object" || part.type !== "functionCall") return part;
                    const {images: _, ...call} = part as CallWithImages;
                    return call;
                }),
            };
        const images = imagesOf(item);
        if (images.length === 0 || item.type !== "user") return item;
        return {type: "user", text: [item.text, ...images.map(imageNote)].join("\n")};
    });
}

/** How the embedded model is asked for tool calls (callStrategy.ts asks a step each way). */
export type CallStrategy = (typeof CALL_STRATEGIES)[number];

/** A function the model may call: its parameters as a schema node-llama-cpp turns into a grammar. */
export type ModelFunction = {name: string; description: string; params: GbnfJsonObjectSchema};
export type ModelCall = {name: string; params: unknown};

export type StepRequest = {
    history: ChatHistoryItem[];
    signal: AbortSignal;
    onText: (text: string) => void;
    /** Functions the model may call on its own (tool choice "auto"). */
    functions?: ModelFunction[];
    /** Force one call to one of these (tool choice "required" or a named tool): a grammar allows nothing else. */
    force?: ModelFunction[];
    maxTokens?: number;
    sampling?: Sampling;
    /** Texts that end the answer where they appear (not included in it). */
    stop?: string[];
    /** The answer must be JSON, or JSON matching a schema (a grammar); not with functions. */
    format?: AnswerFormat;
    /** A call's arguments as the model writes them (native function calling only). */
    onCallChunk?: (chunk: CallChunk) => void;
    /** What the model thinks before it answers (thought segments), as it is written. */
    onThought?: (text: string) => void;
    /** Tools a remote provider runs itself (its web search): the turn traces them and cites their sources. */
    hosted?: HostedTools;
    /** How the embedded model is asked for calls in this step (callStrategy.ts); default: the model's own way. */
    callStrategy?: CallStrategy;
};

/** How a provider-run tool reaches the turn: a trace step started and finished, its sources numbered. */
export type HostedTools = {
    /** Adds the step to the trace; returns its call id. */
    started(name: string, args: unknown): string;
    finished(id: string, resultText: string, args: unknown): void;
    /** The source's citation number in this answer (the same URL keeps its number). */
    cite(id: string, source: {title: string; url: string}): number;
};

export type AnswerFormat = {type: "json"} | {type: "schema"; schema: GbnfJsonSchema};
/** Why a step ended: its text was complete, it hit maxTokens, it made calls, or it was stopped. */
export type FinishReason = "stop" | "length" | "calls" | "abort";

export type Sampling = Partial<Omit<GenerationSettings, "systemPrompt" | "maxTokens">>;

/** contextUsed: tokens in the context after the step (its prompt and what the model wrote). */
export type StepResult = {
    text: string;
    /** The step's thought segments, apart from its text. */
    thought: string;
    calls: ModelCall[];
    stopped: boolean;
    finish: FinishReason;
    stats: TurnStats;
    contextUsed: number;
};

/** Kept for callers that want one plain answer (bench, simple prompts). */
export type GenerateRequest = {
    history: HistoryEntry[];
    prompt: string;
    signal: AbortSignal;
    onText: (text: string) => void;
    maxTokens?: number;
    sampling?: Sampling;
};

export type GenerateResult = {text: string; stopped: boolean; stats: TurnStats};
