// `cairn research "question"`: a research run from the terminal, its plan run as the model wrote it, its
// progress on stderr and its report on stdout; `--resume ID` goes on with one stopped or killed.
import type {CairnApi, Message, ResearchRun} from "../../shared/contract.js";
import {MAX_MESSAGE_CHARS} from "../../shared/contract.js";
import type {Core} from "../core.js";
import type {CliArgs} from "./args.js";
import {terminalClient} from "./language.js";

type Out = {write(text: string): void; fail(message: string): number; json: boolean};

export const RESEARCH_USES = ["dispatcher", "bus", "loadConfiguredModel", "engine", "conversations"] as const;
type Parts = Pick<Core, (typeof RESEARCH_USES)[number]>;

export async function researchCommand(core: Parts, args: CliArgs, out: Out): Promise<number> {
    const question = args.positionals.join(" ").trim();
    const {resume, steps, minutes, questions} = args.research;
    if (!question && !resume)
        return out.fail('nothing to research: cairn research "your question" (or --resume ID)');
    if (question.length > MAX_MESSAGE_CHARS) return out.fail("the question is too long for one message");
    await core.loadConfiguredModel();
    const engine = core.engine.status();
    if (engine.state !== "ready")
        return out.fail(
            engine.state === "no-model"
                ? "no model to research with: pass --model PATH or set CAIRN_MODEL to a GGUF file"
                : (engine.message ?? "the model could not be loaded"),
        );
    const api = terminalClient(core);
    const started = resume
        ? await goOn(core, api, resume)
        : await begin(api, question, {offline: args.offline, steps, minutes, questions});
    if (!started.ok) return out.fail(started.message);
    const {conversationId, messageId, done} = started;
    process.stderr.write(
        `cairn: research ${messageId} (cairn research --resume ${messageId} goes on with it)\n`,
    );
    const onSignal = () => void api.invoke("research.pause", {messageId});
    process.once("SIGINT", onSignal);
    const message = await done;
    process.off("SIGINT", onSignal);
    const run = message.research;
    if (out.json) out.write(JSON.stringify(jsonOf(conversationId, message)) + "\n");
    else if (message.content) out.write(`${message.content}\n`);
    if (!run || run.state === "failed" || message.status === "error")
        return out.fail(`the research failed: ${run?.error ?? message.error ?? "no run"}`);
    if (run.state !== "done")
        return out.fail(`the research is ${run.state}; cairn research --resume ${messageId} goes on with it`);
    return 0;
}

type Started =
    | {ok: true; conversationId: string; messageId: string; done: Promise<Message>}
    | {ok: false; message: string};

type Begin = {offline: boolean; steps?: number; minutes?: number; questions: string[]};

/**
 * A new run: the question sent in research mode, its plan run at once; or, with the person's questions,
 * the model's plan set aside and theirs run.
 */
async function begin(
    api: CairnApi,
    text: string,
    {offline, steps, minutes, questions}: Begin,
): Promise<Started> {
    const created = await api.invoke("conversations.create", {});
    if (!created.ok) return {ok: false, message: created.error.message};
    const conversationId = created.value.id;
    const budget = {...(steps ? {steps} : {}), ...(minutes ? {minutes} : {})};
    const start = questions.length === 0;
    const planned = finished(api, conversationId);
    const sent = await api.invoke("chat.send", {conversationId, text, research: {offline, budget, start}});
    if (!sent.ok) return {ok: false, message: sent.error.message};
    const {messageId} = sent.value;
    if (start) return {ok: true, conversationId, messageId, done: planned};
    await planned;
    const done = finished(api, conversationId);
    const ran = await api.invoke("research.run", {messageId, questions});
    return ran.ok ? {ok: true, conversationId, messageId, done} : {ok: false, message: ran.error.message};
}

/** A run stopped before: resumed from its last saved step. */
async function goOn(core: Parts, api: CairnApi, messageId: string): Promise<Started> {
    const message = core.conversations.message(messageId);
    if (!message?.research) return {ok: false, message: `no research run with the id ${messageId}`};
    const {conversationId} = message;
    const done = finished(api, conversationId);
    const resumed = await api.invoke("research.resume", {messageId});
    if (!resumed.ok) return {ok: false, message: resumed.error.message};
    return {ok: true, conversationId, messageId, done};
}

/** The answer's end; its progress on stderr meanwhile, a line each time the run's phase or step changes. */
function finished(api: CairnApi, conversationId: string): Promise<Message> {
    let said = "";
    return new Promise((resolve) => {
        const off = api.onEvent((event) => {
            if (event.type === "research.updated" && event.conversationId === conversationId) {
                const line = progressLine(event.run);
                if (line && line !== said) process.stderr.write(`${line}\n`);
                said = line ?? said;
            }
            if (event.type !== "chat.done" || event.conversationId !== conversationId) return;
            off();
            resolve(event.message);
        });
    });
}

/** One line of progress: the phase, what it works on, and the budget spent. */
function progressLine(run: ResearchRun): string | null {
    if (!run.phase) return null;
    const {used, budget} = run;
    const spent = `${used.steps}/${budget.steps} steps, ${Math.round(used.ms / 1000)} s, ${used.tokens} tokens`;
    return `[${run.phase}] ${run.doing ?? ""} (${spent}; ${run.sources} sources, ${run.notes} notes)`;
}

function jsonOf(conversationId: string, message: Message) {
    return {
        conversationId,
        messageId: message.id,
        status: message.status,
        run: message.research ?? null,
        report: message.content,
        citations: message.citations,
        toolCalls: message.toolCalls.map(({tool, status, args}) => ({tool, status, args})),
        error: message.error,
    };
}
