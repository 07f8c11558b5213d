import type {
    ChatHistoryItem,
    ChatModelFunctions,
    ChatWrapper,
    GbnfJsonSchema,
    Llama,
    LlamaContextSequence,
    LlamaChatResponseChunk,
} from "node-llama-cpp";
import {ok, type Result} from "../../../shared/result.js";
import {failSaying, failWith} from "../../words.js";
import {answerReserve, fitHistory, messageTooLong, tooLongWords} from "../contextFit.js";
import {llamaModule} from "../llama.js";
import {ForcedCallStream} from "../forcedCall.js";
import type {PromptPrefixCache} from "../promptCache.js";
import {predictionStats} from "../speculation.js";
import {
    withoutThinking,
    thoughtBudget,
    samplingOf,
    wasShifted,
    emptyStats,
    statsFrom,
    stoppedBeforeText,
    finishReason,
    modelFunctions,
    forcedCallSchema,
    parseForcedCall,
} from "../stepParts.js";
import type {AnswerFormat, ModelCall, StepRequest, StepResult} from "../stepTypes.js";
import {DEFAULT_MAX_TOKENS, wontFitWords} from "./limits.js";
import {messageOf} from "../../../shared/format.js";

// A forced call's JSON is not the answer: the answer's length limit must not cut its arguments.
const FORCED_CALL_MAX_TOKENS = 1024;

/** The last step's context as the chat format saw it, to render on demand (Engine.lastPrompt). */
export type Evaluation = {wrapper: ChatWrapper; history: ChatHistoryItem[]; functions?: ChatModelFunctions};

/** What one step runs on: the loaded model's binding, sequence and chat format, and where it reports. */
export type StepParts = {
    llama: Llama;
    sequence: LlamaContextSequence;
    /** The chat format chosen at load; null: node-llama-cpp's own choice. */
    wrapper: ChatWrapper | null;
    prefixCache: PromptPrefixCache | null;
    /** What a saved prefix must have been made with (this model file, this llama.cpp build). */
    modelKey: string;
    /** Aborted when the model is unloaded under the step. */
    unloaded: AbortSignal;
    /** The step's context as evaluated, and its speed, once it is done. */
    onEvaluated: (evaluation: Evaluation, tokensPerSecond: number | null) => void;
};

/** One generation step on a loaded model: text, or the tool calls the model made (or was forced to make). */
export async function runStep(parts: StepParts, req: StepRequest): Promise<Result<StepResult>> {
    const {unloaded} = parts;
    const {sequence, llama} = parts;
    if (req.signal.aborted) return ok(stoppedBeforeText(emptyStats(), sequence.nextTokenIndex));
    const signal = AbortSignal.any([req.signal, unloaded]);
    const {LlamaChat} = await llamaModule();
    const chat = new LlamaChat({
        contextSequence: sequence,
        chatWrapper: parts.wrapper ?? "auto",
        autoDisposeSequence: false,
    });
    const meter = {state: sequence.tokenMeter.getState(), tokensBefore: sequence.nextTokenIndex};
    const predictionsBefore = sequence.tokenPredictions;
    const started = performance.now();
    let firstTokenAt: number | null = null;
    const thought = {text: "", tokens: 0};
    // A forced call is JSON text under a grammar: followed as it is written, and reported as a call.
    const forcedCall = req.force?.length && req.onCallChunk ? new ForcedCallStream(req.onCallChunk) : null;
    const onResponseChunk = (chunk: LlamaChatResponseChunk) => {
        firstTokenAt ??= performance.now();
        if (chunk.type === undefined) {
            if (!req.force) req.onText(chunk.text);
            else forcedCall?.push(chunk.text);
        } else if (chunk.segmentType === "thought") {
            thought.text += chunk.text;
            thought.tokens += chunk.tokens.length;
            req.onThought?.(chunk.text);
        }
    };
    try {
        const common = {
            signal,
            stopOnAbortSignal: true,
            maxTokens: req.maxTokens ?? DEFAULT_MAX_TOKENS,
            ...samplingOf(req),
            ...(req.stop?.length ? {customStopTriggers: req.stop} : {}),
            budgets: thoughtBudget(req.sampling),
            onResponseChunk,
        };
        const forced = req.force?.length
            ? await llama.createGrammarForJsonSchema<GbnfJsonSchema>(forcedCallSchema(req.force))
            : null;
        const format = forced ? null : await formatGrammar(llama, req.format);
        const reserve = answerReserve(
            forced ? FORCED_CALL_MAX_TOKENS : common.maxTokens,
            sequence.contextSize,
        );
        const tooLong = messageTooLong(
            req.history,
            sequence.contextSize,
            reserve,
            (text) => sequence.model.tokenize(text).length,
            req.functions ?? req.force ?? [],
        );
        if (tooLong) return failWith("OUT_OF_MEMORY", tooLongWords(tooLong), tooLong);
        const fitted = fitHistory(
            req.sampling?.thinking === false ? withoutThinking(req.history) : req.history,
            sequence.contextSize - reserve,
            (text) => sequence.model.tokenize(text).length,
            req.functions ?? req.force ?? [],
        );
        const functions = forced || format ? undefined : modelFunctions(req.functions);
        const tooBig = wontFit(sequence, chat.chatWrapper, fitted, functions, sequence.contextSize - reserve);
        if (tooBig) return failWith("OUT_OF_MEMORY", wontFitWords(tooBig, req.functions?.length ?? 0));
        await parts.prefixCache?.prepare({
            sequence,
            wrapper: chat.chatWrapper,
            tokenizer: sequence.model.tokenizer,
            history: fitted.history,
            functions,
            modelKey: parts.modelKey,
        });
        const result = forced
            ? await chat.generateResponse(fitted.history, {
                  ...common,
                  grammar: forced,
                  maxTokens: FORCED_CALL_MAX_TOKENS,
              })
            : await chat.generateResponse(fitted.history, {
                  ...common,
                  // An answer stops at the end of the context rather than failing there.
                  maxTokens: Math.min(
                      common.maxTokens,
                      Math.max(16, Math.floor(sequence.contextSize * 0.95) - fitted.tokens),
                  ),
                  ...(format
                      ? {grammar: format}
                      : {
                            functions,
                            onFunctionCallParamsChunk: req.onCallChunk
                                ? (c) =>
                                      req.onCallChunk!({
                                          index: c.callIndex,
                                          name: c.functionName,
                                          text: c.paramsChunk,
                                      })
                                : undefined,
                        }),
              });
        if (unloaded.aborted) return failSaying("MODEL_NOT_LOADED", "unloadedMidAnswer");
        const stopped = result.metadata.stopReason === "abort";
        const calls: ModelCall[] = forced
            ? stopped
                ? []
                : [parseForcedCall(forced, result.response)]
            : (result.functionCalls ?? []).map((c) => ({name: c.functionName, params: c.params}));
        const predicted = predictionStats(sequence, predictionsBefore);
        const stats = statsFrom(sequence, meter, started, firstTokenAt, thought.tokens, predicted);
        stats.contextShifted =
            fitted.dropped > 0 || wasShifted(fitted.history, result.lastEvaluation.contextWindow);
        parts.onEvaluated(
            {wrapper: chat.chatWrapper, history: result.lastEvaluation.contextWindow, functions},
            stats.tokensPerSecond,
        );
        return ok({
            text: forced ? "" : result.response,
            thought: thought.text,
            calls,
            stopped,
            finish: finishReason(result.metadata.stopReason, calls.length),
            stats,
            contextUsed: sequence.nextTokenIndex,
        });
    } catch (error) {
        if (unloaded.aborted) return failSaying("MODEL_NOT_LOADED", "unloadedMidAnswer");
        // Stopped before the first token (node-llama-cpp throws then): a stop like any other.
        if (req.signal.aborted) {
            const stats = statsFrom(sequence, meter, started, firstTokenAt, thought.tokens);
            return ok({...stoppedBeforeText(stats, sequence.nextTokenIndex), thought: thought.text});
        }
        const reason = messageOf(error);
        if (/context shift|compress chat history/i.test(reason)) {
            const tools = req.functions?.length ?? 0;
            return tools
                ? failSaying("OUT_OF_MEMORY", "noLongerFitsTools", {
                      contextSize: sequence.contextSize,
                      tools,
                  })
                : failSaying("OUT_OF_MEMORY", "noLongerFits", {contextSize: sequence.contextSize});
        }
        return failSaying("INTERNAL", "generationFailed", {reason});
    } finally {
        chat.dispose({disposeSequence: false});
    }
}

/**
 * Whether the prompt, with the oldest turns dropped already, cannot fit beside the answer's room: counted
 * exactly, as the chat format writes it, only when the estimate says it may not. Failing here costs
 * milliseconds; evaluating first would cost minutes of prompt processing before the same end.
 */
function wontFit(
    sequence: LlamaContextSequence,
    wrapper: ChatWrapper,
    fitted: {history: ChatHistoryItem[]; tokens: number},
    functions: ChatModelFunctions | undefined,
    room: number,
): {tokens: number; room: number; contextSize: number} | null {
    const {model, contextSize} = sequence;
    if (fitted.tokens <= room) return null;
    const tokens = wrapper
        .generateContextState({chatHistory: fitted.history, availableFunctions: functions})
        .contextText.tokenize(model.tokenizer).length;
    return tokens > room ? {tokens, room, contextSize} : null;
}

/** The grammar an answer format asks for; a schema the grammar cannot express throws (a VALIDATION). */
async function formatGrammar(llama: Llama, format: AnswerFormat | undefined) {
    if (!format) return null;
    if (format.type === "json") return await llama.getGrammarFor("json");
    return await llama.createGrammarForJsonSchema<GbnfJsonSchema>(format.schema);
}
