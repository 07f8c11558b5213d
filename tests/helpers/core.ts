import type {AppEvent, CairnApi, Message, PreflightCall} from "../../shared/contract.js";
import {createCore, createMemoryClient, type Core, type CoreOptions} from "../../main/core.js";
import {TEST_FLASH_ATTENTION, TEST_MODEL, tempDir} from "./paths.js";

export type TestCore = {core: Core; api: CairnApi; events: AppEvent[]; dataDir: string};

/**
 * The longest answer in a new test library (Settings' default, so a conversation's or an assistant's own limit
 * still wins): the test model writes until its context is full otherwise (about 800 tokens, 4 s of CPU per
 * answer), and few tests read more than a few words.
 */
const TEST_ANSWER_TOKENS = 48;

/**
 * A real core on a temp SQLite file with the real test model, reached through the in-memory transport. A new
 * library's answers are TEST_ANSWER_TOKENS long at most.
 */
export async function openTestCore(options: Partial<CoreOptions> = {}): Promise<TestCore> {
    const dataDir = options.dataDir ?? tempDir();
    const core = createCore({
        dataDir,
        modelPath: TEST_MODEL,
        threads: 1,
        gpu: false,
        flashAttention: TEST_FLASH_ATTENTION,
        ...options,
    });
    const api = createMemoryClient(core);
    if (!options.dataDir)
        unwrap(await api.invoke("settings.set", {generation: {maxTokens: TEST_ANSWER_TOKENS}}));
    await core.loadConfiguredModel();
    const events: AppEvent[] = [];
    api.onEvent((e) => events.push(e));
    return {core, api, events, dataDir};
}

/** Resolves with the finished answer of a conversation (its chat.done event). */
export function nextDone(api: CairnApi, conversationId: string): Promise<Message> {
    return new Promise((resolve) => {
        const off = api.onEvent((e) => {
            if (e.type === "chat.done" && e.conversationId === conversationId) {
                off();
                resolve(e.message);
            }
        });
    });
}

export function firstToken(api: CairnApi, conversationId: string): Promise<void> {
    return new Promise((resolve) => {
        const off = api.onEvent((e) => {
            if (e.type === "chat.token" && e.conversationId === conversationId) {
                off();
                resolve();
            }
        });
    });
}

export function unwrap<T>(res: {ok: true; value: T} | {ok: false; error: {message: string}}): T {
    if (!res.ok) throw new Error(`call failed: ${res.error.message}`);
    return res.value;
}

/** Sends a question (with calls made before the model answers, if any) and resolves with the finished answer. */
export async function askIn(
    api: CairnApi,
    conversationId: string,
    text: string,
    preflight: PreflightCall[] = [],
): Promise<Message> {
    const done = nextDone(api, conversationId);
    unwrap(await api.invoke("chat.send", {conversationId, text, preflight}));
    return done;
}

/** Ingests paths into a collection by name and resolves with the job's final progress. */
export async function ingestInto(t: TestCore, paths: string[], collection: string) {
    const {jobId} = unwrap(await t.api.invoke("docs.ingest", {paths, collection}));
    return (await t.core.docs.ingest.settled(jobId))!;
}
