import {errorText} from "../contract/dispatcher.js";
import type {Core} from "../core.js";
import {terminalClient} from "./language.js";

const NO_MODEL =
    "no model is chosen: pass --model PATH or set CAIRN_MODEL to a GGUF file (`cairn models download URL` fetches one)";

type Tier = {name: string; run(): Promise<string | Skip>};
type Outcome = {name: string; status: "ok" | "fail" | "skip"; detail: string};

/** A tier that does not apply here (nothing configured for it): neither passed nor failed. */
class Skip {
    constructor(readonly reason: string) {}
}

/**
 * `cairn check`: walks the stack one tier at a time, as a person would check it, and prints one line
 * per tier, then `N passed, N failed`. Each tier uses the real path: the dispatcher, the engine, the tool
 * runner, the embedding model, the search index, the local API over HTTP.
 */
export async function checkStack(
    core: Core,
    write: (line: string) => void,
): Promise<{passed: number; failed: number}> {
    const outcomes: Outcome[] = [];
    for (const tier of tiers(core)) {
        let outcome: Outcome;
        try {
            const result = await tier.run();
            outcome =
                result instanceof Skip
                    ? {name: tier.name, status: "skip", detail: result.reason}
                    : {name: tier.name, status: "ok", detail: result};
        } catch (error) {
            outcome = {
                name: tier.name,
                status: "fail",
                detail: errorText(error),
            };
        }
        outcomes.push(outcome);
        write(`${outcome.status.padEnd(4)}  ${outcome.name}: ${outcome.detail}`);
    }
    const passed = outcomes.filter((o) => o.status === "ok").length;
    const failed = outcomes.filter((o) => o.status === "fail").length;
    write(`${passed} passed, ${failed} failed`);
    return {passed, failed};
}

function tiers(core: Core): Tier[] {
    const client = terminalClient(core);
    const tools = core.apiTools;
    const signal = new AbortController().signal;
    return [
        {
            name: "model loaded",
            async run() {
                await core.loadConfiguredModel();
                const status = await client.invoke("app.getStatus", {});
                if (!status.ok) throw new Error(status.error.message);
                const engine = status.value.engine;
                if (engine.state === "no-model") throw new Error(NO_MODEL);
                if (engine.state !== "ready")
                    throw new Error(engine.message ?? `the engine is ${engine.state}`);
                return `${engine.modelName} on ${engine.backend ?? "cpu"}, context ${engine.contextSize ?? "?"} tokens`;
            },
        },
        {
            name: "chat completion",
            async run() {
                if (core.engine.status().state !== "ready") return new Skip("needs a loaded model (above)");
                const res = await core.engine.step({
                    history: [{type: "user", text: "Say hello."}],
                    signal,
                    maxTokens: 8,
                    onText: () => {},
                });
                if (!res.ok) throw new Error(res.error.message);
                const {completionTokens, tokensPerSecond} = res.value.stats;
                return `${completionTokens} tokens at ${(tokensPerSecond ?? 0).toFixed(1)} tokens/s`;
            },
        },
        {
            name: "tool step",
            async run() {
                const round = await tools.run([{name: "system_stats", params: {}}], "client", signal, 1);
                const step = round.steps[0]!;
                if (step.status !== "ok") throw new Error(`system_stats ended ${step.status}: ${step.error}`);
                return `system_stats ok in ${step.duration_ms} ms`;
            },
        },
        {
            name: "embeddings",
            async run() {
                if (!core.embedder.configured()) return new Skip("no embedding model chosen");
                const res = await core.embedder.embed(["a test sentence"]);
                if (!res.ok) throw new Error(res.error.message);
                return `a ${res.value[0]!.length}-dimension vector`;
            },
        },
        {
            name: "documents search",
            async run() {
                const collections = await client.invoke("docs.listCollections", {});
                if (!collections.ok) throw new Error(collections.error.message);
                const chunks = collections.value.reduce((sum, c) => sum + c.chunkCount, 0);
                if (chunks === 0) return new Skip("no documents indexed");
                const hits = await client.invoke("docs.search", {query: "the", limit: 3});
                if (!hits.ok) throw new Error(hits.error.message);
                return `${hits.value.length} passages found in ${chunks} indexed`;
            },
        },
        {
            name: "local API",
            async run() {
                await core.api.startIfEnabled();
                const status = core.api.status();
                if (!status.enabled) return new Skip("off (Settings → Local API server)");
                if (!status.url) throw new Error(status.error ?? "not running");
                const res = await fetch(`${status.url}/models`, {
                    headers: {authorization: `Bearer ${status.key}`},
                });
                if (res.status !== 200) throw new Error(`GET /v1/models answered ${res.status}`);
                return `${status.url} answers`;
            },
        },
        {
            name: "web access",
            async run() {
                if (!core.settings.values().webAccessDefault) return new Skip("web access is off");
                const round = await tools.run(
                    [{name: "web_search", params: {query: "Cairn"}}],
                    "client",
                    signal,
                    1,
                );
                const step = round.steps[0]!;
                if (step.status !== "ok") throw new Error(`web_search ended ${step.status}: ${step.error}`);
                return `web_search ok in ${step.duration_ms} ms`;
            },
        },
    ];
}
