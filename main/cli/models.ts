import type {
    CairnApi,
    DownloadProgress,
    HubRepo,
    HubRepoFiles,
    InstalledModel,
    ProbeProgress,
    ToolUseScore,
} from "../../shared/contract.js";
import type {Core} from "../core.js";
import {terminalClient} from "./language.js";
import {fileNameOf, formatBytes} from "../../shared/format.js";
import type {CliArgs} from "./args.js";
import {follow} from "./follow.js";

type Out = {json: boolean; write: (text: string) => void; fail: (message: string) => number};

/** `cairn models list|inspect PATH|download URL|remove ID|search WORDS|files REPO|probe [MODEL]`; JSON with --json. */
export async function modelsCommand(
    core: Pick<Core, "dispatcher" | "bus">,
    args: CliArgs,
    out: Out,
): Promise<number> {
    const [action, target] = args.positionals;
    // Through the dispatcher, validated like every other client's requests.
    const api = terminalClient(core);
    const print = (value: unknown, text: string) => out.write(out.json ? JSON.stringify(value) + "\n" : text);
    switch (action ?? "") {
        case "list": {
            const res = await api.invoke("models.list", {});
            if (!res.ok) return out.fail(res.error.message);
            const overview = res.value;
            const scores = await api.invoke("models.toolUse", {});
            const toolUse = (file: string) =>
                scores.ok ? scores.value.find((s) => s.file === file) : undefined;
            print(
                overview,
                overview.installed.map((m) => modelLine(m, toolUse(m.file))).join("") ||
                    "No models installed.\n",
            );
            return 0;
        }
        case "inspect": {
            if (!target) return out.fail("usage: cairn models inspect PATH");
            const res = await api.invoke("models.inspect", {path: target});
            if (!res.ok) return out.fail(res.error.message);
            const {info, fit} = res.value;
            print(
                res.value,
                `${modelLine({...info, id: "-", source: null, addedAt: 0, ownsFile: false})}fit: ${fit.summary}\n`,
            );
            return 0;
        }
        case "download":
            return target
                ? download(api, target, out)
                : out.fail("usage: cairn models download URL|hf:USER/REPO/FILE");
        case "remove": {
            if (!target) return out.fail("usage: cairn models remove ID");
            const res = await api.invoke("models.remove", {id: target});
            if (!res.ok) return out.fail(res.error.message);
            print(res.value, res.value.deletedFile ? "Removed (file deleted).\n" : "Removed (file kept).\n");
            return 0;
        }
        case "search": {
            const query = args.positionals.slice(1).join(" ").trim();
            if (!query) return out.fail("usage: cairn models search WORDS");
            const res = await api.invoke("models.searchHub", {query});
            if (!res.ok) return out.fail(res.error.message);
            print(
                res.value,
                res.value.map(repoLine).join("") || `No GGUF models on Hugging Face match "${query}".\n`,
            );
            return 0;
        }
        case "probe":
            return probe(api, target ?? args.model ?? process.env.CAIRN_MODEL, args.quick, out);
        case "files": {
            if (!target) return out.fail("usage: cairn models files OWNER/NAME");
            const res = await api.invoke("models.hubFiles", {repo: target});
            if (!res.ok) return out.fail(res.error.message);
            print(res.value, filesText(res.value));
            return 0;
        }
        default:
            return out.fail(
                `unknown models action "${action ?? ""}"; use list, inspect, download, remove, search, files or probe`,
            );
    }
}

/** The tool-use test of a model, followed on stderr; its score on stdout (the whole score with --json). */
async function probe(api: CairnApi, model: string | undefined, quick: boolean, out: Out): Promise<number> {
    const until = follow(
        api,
        (e) => (e.type === "probe.progress" ? e.progress : null),
        (p) => p.probeId,
        (p) => ["done", "failed", "stopped"].includes(p.state),
        (p) => process.stderr.write(probeLine(p)),
    );
    const started = await api.invoke("models.probe", {...(model ? {path: model} : {}), quick});
    if (!started.ok) return out.fail(started.error.message);
    const {probeId} = started.value;
    const onSignal = () => void api.invoke("models.stopProbe", {probeId});
    process.once("SIGINT", onSignal);
    const final = await until(probeId);
    process.off("SIGINT", onSignal);
    process.stderr.write("\n");
    if (final.state === "stopped") return out.fail("the tool-use test was stopped; no score was kept");
    if (final.state !== "done" || !final.score) return out.fail(final.error ?? "the tool-use test failed");
    out.write(out.json ? JSON.stringify(final.score) + "\n" : toolUseText(final.score));
    return 0;
}

function probeLine(p: ProbeProgress): string {
    if (p.state === "loading") return `\rloading ${fileNameOf(p.file)}`.padEnd(80);
    const way = p.strategy ? `${p.strategy}: ` : "";
    return `\r${way}${p.done} of ${p.total} trials`.padEnd(80);
}

/** A tool-use score as the terminal shows it: overall, by category, each strategy, and what it is. */
function toolUseText(score: ToolUseScore): string {
    const percent = (x: number) => `${Math.round(x * 100)}%`;
    const {suite} = score;
    const kind = score.quick ? "quick look, 30 cases" : `whole suite, ${score.trials} trials`;
    const categories = Object.entries(suite.categories)
        .filter(([, c]) => c.total > 0)
        .map(([name, c]) => `  ${name.padEnd(12)} ${c.passed}/${c.total}\n`);
    const strategies = score.strategies.map((s) => {
        const cases = Object.values(s.categories).reduce((n, c) => n + c.total, 0);
        const best = s.strategy === score.best ? "  (best: used from now on)" : "";
        return `  ${s.strategy.padEnd(8)} ${percent(s.overall)} of ${cases}${best}\n`;
    });
    return [
        `${fileNameOf(score.file)}: ${percent(suite.overall)} of tool calls right (${kind}, ${score.best})\n`,
        ...categories,
        "Ways of asking, compared on the quick look's cases:\n",
        ...strategies,
        `Tested ${new Date(score.testedAt).toISOString().slice(0, 16).replace("T", " ")} by Cairn ${score.cairnVersion} in ${score.seconds} s.\n`,
    ].join("");
}

async function download(api: CairnApi, uri: string, out: Out): Promise<number> {
    if (!/^(https?:\/\/|hf:)/.test(uri))
        return out.fail(
            `models download takes an https:// address or hf:USER/REPO/FILE (a Hugging Face file), not "${uri}"`,
        );
    let shown = false;
    const until = follow(
        api,
        (e) => (e.type === "models.download" ? e.progress : null),
        (p) => p.id,
        (p) => ["done", "failed", "cancelled"].includes(p.state),
        (p) => {
            const line = progressLine(p);
            if (line) process.stderr.write(line);
            shown ||= line !== null;
        },
    );
    const started = await api.invoke("models.download", {uri});
    if (!started.ok) return out.fail(started.error.message);
    const ended = until(started.value.downloadId);
    const onSignal = () => void api.invoke("models.cancelDownload", {downloadId: started.value.downloadId});
    process.once("SIGINT", onSignal);
    const final = await ended;
    process.off("SIGINT", onSignal);
    if (shown) process.stderr.write("\n");
    // The reason is said once, on the `cairn:` line.
    if (final.state !== "done") return out.fail(final.error ?? "download failed");
    const listed = await api.invoke("models.list", {});
    const model = listed.ok ? listed.value.installed.find((m) => m.id === final.modelId) : undefined;
    out.write(
        out.json ? JSON.stringify(model) + "\n" : `Installed ${model?.name} (${model?.id}): ${model?.file}\n`,
    );
    return 0;
}

/** The progress line while bytes come in (a state that ends the download is said by the caller). */
function progressLine(p: DownloadProgress): string | null {
    if (p.state === "verifying") return "\rverifying".padEnd(80);
    if (p.state !== "downloading") return null;
    const percent = p.totalBytes ? ` ${((p.downloadedBytes / p.totalBytes) * 100).toFixed(0)}%` : "";
    const eta = p.etaSeconds === null ? "" : `, ${Math.ceil(p.etaSeconds)} s left`;
    return `\r${formatBytes(p.downloadedBytes)} of ${p.totalBytes ? formatBytes(p.totalBytes) : "?"}${percent}, ${formatBytes(p.bytesPerSecond)}/s${eta}`.padEnd(
        80,
    );
}

function repoLine(r: HubRepo): string {
    const facts = [
        `${r.downloads.toLocaleString("en")} downloads`,
        `${r.likes} likes`,
        `updated ${new Date(r.updatedAt).toISOString().slice(0, 10)}`,
        r.vision && "vision",
        r.gated && "gated",
    ];
    return `${r.repo}  ${facts.filter(Boolean).join(", ")}\n`;
}

/** A repository's quantizations, one line each: the pick marked, its fit, and what to download. */
function filesText(f: HubRepoFiles): string {
    const head = `${f.repo}${f.license ? ` (licence: ${f.license})` : ""}\n`;
    const rows = f.files.map((file) => {
        const parts = file.files.length > 1 ? `, ${file.files.length} parts` : "";
        const context = file.contextTokens ? `, context up to ${file.contextTokens / 1024}k` : "";
        return `${file.recommended ? "*" : " "} ${file.quantization.padEnd(8)} ${formatBytes(file.sizeBytes).padStart(9)}  ${file.fit.summary.split(":")[0]}${context}${parts}\n    cairn models download ${file.uri}\n`;
    });
    const projectors = f.projectors.map(
        (p) => `  projector ${formatBytes(p.sizeBytes)}: cairn models download ${p.uri}\n`,
    );
    return head + rows.join("") + projectors.join("") + f.notes.map((n) => `${n}\n`).join("");
}

/** A model in `models list`: its facts, its tool-use score when tested, and its file. */
function modelLine(m: InstalledModel, toolUse?: ToolUseScore): string {
    const params = m.parameterCount
        ? `${(m.parameterCount / 1e9).toFixed(m.parameterCount < 1e9 ? 4 : 1)}B params`
        : "";
    const facts = [
        m.architecture,
        params,
        m.quantization,
        m.contextLength && `ctx ${m.contextLength}`,
        `tools: ${m.functionCalling}`,
        toolUse &&
            `tool use ${Math.round(toolUse.suite.overall * 100)}% (${toolUse.quick ? "quick test" : "whole suite"}, asked the ${toolUse.best} way)`,
    ]
        .filter(Boolean)
        .join(", ");
    return `${m.id}  ${m.name}  ${formatBytes(m.sizeBytes)}  ${facts}\n    ${m.file}\n`;
}
