import path from "node:path";
import type {CairnApi, IngestProgress} from "../../shared/contract.js";
import type {Core} from "../core.js";
import {terminalClient} from "./language.js";
import type {CliArgs} from "./args.js";
import {follow} from "./follow.js";

type Out = {write: (text: string) => void; fail: (message: string) => number};

/** `cairn ingest [--collection NAME] PATH...`: progress on stderr, a summary on stdout. */
export async function ingestCommand(
    core: Pick<Core, "dispatcher" | "bus" | "embedder">,
    args: CliArgs,
    out: Out,
): Promise<number> {
    if (args.positionals.length === 0)
        return out.fail("nothing to add: cairn ingest [--collection NAME] PATH...");
    if (!core.embedder.configured()) {
        return out.fail(
            "no embedding model is chosen: pass --embedding-model PATH (a GGUF file) or set CAIRN_EMBEDDING_MODEL; Cairn keeps it for later commands",
        );
    }
    // Through the dispatcher, validated like every other client's requests.
    const api = terminalClient(core);
    if (args.watch) return await watchCommand(api, args, out);
    const until = follow(
        api,
        (e) => (e.type === "docs.progress" ? e.progress : null),
        (p) => p.jobId,
        (p) => p.state !== "running",
        (p) => process.stderr.write(`\r${progressLine(p)}`),
    );
    const started = await api.invoke("docs.ingest", {
        paths: args.positionals,
        collection: args.collection ?? "Documents",
    });
    if (!started.ok) return out.fail(started.error.message);
    const {jobId} = started.value;
    const onSignal = () => void api.invoke("docs.cancel", {jobId});
    process.once("SIGINT", onSignal);
    const final = await until(jobId);
    process.off("SIGINT", onSignal);
    process.stderr.write("\n");
    if (final.message) return out.fail(final.message);
    const indexed = final.filesDone - final.errors.length;
    out.write(
        `${final.state}: ${indexed} of ${final.filesTotal} files indexed, ${final.chunks} passages into "${args.collection ?? "Documents"}"\n`,
    );
    for (const e of final.errors) out.write(`  failed: ${e.path}: ${e.error}\n`);
    // Some files failed: still 1, so that scripts notice (the others are indexed).
    return final.state === "done" && final.errors.length === 0 ? 0 : 1;
}

/**
 * `cairn ingest --watch FOLDER...`: the collection follows each folder (kept, so the app follows them too);
 * each job (the first scan, then each batch of changes) is reported as it ends, until Ctrl+C.
 */
async function watchCommand(api: CairnApi, args: CliArgs, out: Out): Promise<number> {
    const collection = args.collection ?? "Documents";
    const off = api.onEvent((e) => {
        if (e.type !== "docs.progress") return;
        const p = e.progress;
        if (p.state === "running") return void process.stderr.write(`\r${progressLine(p)}`);
        process.stderr.write("\n");
        out.write(
            `${p.state}: ${p.filesDone - p.errors.length} of ${p.filesTotal} files indexed, ${p.chunks} passages\n`,
        );
        for (const failed of p.errors) out.write(`  failed: ${failed.path}: ${failed.error}\n`);
    });
    for (const folder of args.positionals) {
        const watched = await api.invoke("docs.watch", {collection, path: folder});
        if (!watched.ok) {
            off();
            return out.fail(watched.error.message);
        }
        out.write(`watching ${watched.value.path} for "${collection}" (Ctrl+C to stop)\n`);
    }
    // Kept on until the command ends: a listener that removed itself as the signal came would leave none, and
    // signal-exit (loaded by a dependency) would then end the process by the signal before the core is closed.
    let stop = () => {};
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    process.on("SIGINT", stop);
    await interrupted;
    process.off("SIGINT", stop);
    off();
    return 0;
}

function progressLine(p: IngestProgress): string {
    const file = p.currentFile ? `: ${path.basename(p.currentFile)}` : "";
    return `${p.filesDone}/${p.filesTotal} files, ${p.chunks} passages${file}`.padEnd(80);
}

/** `cairn search [--limit N] [--collection NAME] [--json] "query"`. */
export async function searchCommand(
    core: Pick<Core, "dispatcher" | "bus">,
    args: CliArgs,
    out: Out & {json: boolean},
): Promise<number> {
    const query = args.positionals.join(" ").trim();
    if (!query) return out.fail('nothing to search: cairn search "query"');
    const res = await terminalClient(core).invoke("docs.search", {
        query,
        limit: args.limit,
        ...(args.collection ? {collection: args.collection} : {}),
    });
    if (!res.ok) return out.fail(res.error.message);
    if (out.json) {
        out.write(JSON.stringify(res.value) + "\n");
        return 0;
    }
    if (res.value.length === 0) out.write("No matching passages.\n");
    res.value.forEach((hit, i) => {
        const where = [
            hit.location.page ? `page ${hit.location.page}` : null,
            `lines ${hit.location.lineStart}-${hit.location.lineEnd}`,
        ]
            .filter(Boolean)
            .join(", ");
        out.write(
            `[${i + 1}] ${hit.title} (${hit.path}, ${where}) score ${hit.score.toFixed(4)}\n    ${hit.snippet}\n`,
        );
    });
    return 0;
}
