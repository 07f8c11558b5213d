import {randomUUID} from "node:crypto";
import type {McpAnswerAction, McpAsk} from "../../shared/contract.js";
import {fail, ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {fieldOf} from "../../shared/json.js";
import type {EventBus} from "../events.js";

export type McpAnswer = {
    action: McpAnswerAction;
    content?: Record<string, string | number | boolean | string[]>;
};
/**
 * Who answers what servers ask: a person (the app); nobody, so every ask is declined (a CLI run, by default); or
 * a form's defaults (`--elicit defaults`): a form whose required fields all have defaults is accepted with
 * every default it gives (SEP-1034), any other ask declined; or a function (the terminal, `--elicit ask`).
 */
export type AskAnswerer = "person" | "decline" | "defaults" | ((question: Question) => Promise<McpAnswer>);
export type Question = McpAsk extends infer A ? (A extends McpAsk ? Omit<A, "askId"> : never) : never;

/**
 * What MCP servers ask the person (a form to fill in, a reply for the model to write), answered by
 * `mcp.answer`. Where nobody can answer (the CLI, a call made over the local API) each ask is declined at
 * once, so that no server waits on a person who is not there.
 */
export class McpAsks {
    private readonly pending = new Map<string, {ask: McpAsk; resolve: (a: McpAnswer) => void}>();

    constructor(
        private readonly bus: EventBus,
        private readonly answerer: AskAnswerer,
    ) {}

    /** Asks the person and waits for the answer; declined at once when nobody can answer, or when `signal` ends. */
    ask(question: Question, signal: AbortSignal, interactive = true): Promise<McpAnswer> {
        if (typeof this.answerer === "function" && interactive && !signal.aborted)
            return this.answerer(question);
        if (this.answerer === "defaults" && question.kind === "elicitation" && !signal.aborted)
            return Promise.resolve(answerWithDefaults(question.schema));
        if (this.answerer !== "person" || !interactive || signal.aborted)
            return Promise.resolve({action: "decline"});
        const ask = {...question, askId: randomUUID()} as McpAsk;
        return new Promise<McpAnswer>((resolve) => {
            const settle = (answer: McpAnswer) => {
                signal.removeEventListener("abort", onAbort);
                this.pending.delete(ask.askId);
                this.bus.emit({type: "mcp.askSettled", askId: ask.askId});
                resolve(answer);
            };
            const onAbort = () => settle({action: "cancel"});
            this.pending.set(ask.askId, {ask, resolve: settle});
            signal.addEventListener("abort", onAbort, {once: true});
            this.bus.emit({type: "mcp.asked", ask});
        });
    }

    answer(askId: string, answer: McpAnswer): Result<void> {
        const entry = this.pending.get(askId);
        if (!entry)
            return fail(
                "NOT_FOUND",
                `nothing is asked with id ${askId}; it may have been answered or withdrawn`,
            );
        if (answer.action === "accept" && entry.ask.kind === "elicitation" && !answer.content)
            return failSaying("VALIDATION", "formNeedsContent");
        entry.resolve(answer);
        return ok(undefined);
    }

    list(): McpAsk[] {
        return [...this.pending.values()].map((p) => p.ask);
    }
}

/** A form's own defaults as its answer, when they fill every required field; else declined. */
export function answerWithDefaults(schema: unknown): McpAnswer {
    const properties = fieldOf(schema, "properties");
    const content: Record<string, string | number | boolean> = {};
    for (const [name, field] of Object.entries(
        typeof properties === "object" && properties ? properties : {},
    )) {
        const value = fieldOf(field, "default");
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
            content[name] = value;
    }
    const required = fieldOf(schema, "required");
    return (Array.isArray(required) ? required : []).every(
        (name) => typeof name === "string" && name in content,
    )
        ? {action: "accept", content}
        : {action: "decline"};
}
