import {useContext, useEffect, useState} from "react";
import type {Attachment, ToolCallRecord} from "../../../shared/contract.js";
import {appOf, askedByApp, ranBy} from "../../../shared/toolCalls.js";
import {ProgressContext, WritingContext, useApi} from "../apiContext.js";
import {sayCore, useTranslation, type TFunction} from "../i18n/index.js";
import {DiffView} from "./DiffView.js";
import {MessageImages} from "./attachments.js";
import {McpAppFrame} from "./McpAppFrame.js";
import {ProgramFiles} from "./ProgramFiles.js";
import {formatDuration} from "../ui/duration.js";

const PREVIEW = 400;

/**
 * The tool calls of one answer, each a collapsible step; above them, which tools the answer was offered
 * and why (`offered`), when there were too many to offer all.
 */
export function TraceSteps({
    calls,
    messageId,
    offered,
}: {
    calls: ToolCallRecord[];
    messageId?: string;
    offered?: string;
}) {
    const {t} = useTranslation();
    const writing = useContext(WritingContext)[messageId ?? ""] ?? [];
    if (calls.length === 0 && writing.length === 0) return null;
    // A composite tool's inner calls are shown under it, not as steps of their own.
    const ids = new Set(calls.map((c) => c.id));
    const top = calls.filter((c) => !c.parentId || !ids.has(c.parentId));
    return (
        <>
            {offered && <p className="trace-offered">{offered}</p>}
            <ol className="trace" aria-label={t("trace.calls")}>
                {top.map((call) => (
                    <TraceStep key={call.id} call={call} calls={calls} />
                ))}
                {writing.map((call, i) => (
                    <li
                        key={`writing-${i}`}
                        className="step writing"
                        data-tool={call.name}
                        data-status="writing"
                    >
                        <div className="writing-head">
                            <span className="tool">{call.name}</span>
                            <span className="call-status">{t("trace.writing")}</span>
                        </div>
                        {call.args && (
                            <pre aria-label={t("trace.argumentsSoFar", {tool: call.name})}>{call.args}</pre>
                        )}
                    </li>
                ))}
            </ol>
        </>
    );
}

function TraceStep({call, calls}: {call: ToolCallRecord; calls: ToolCallRecord[]}) {
    const {t, i18n} = useTranslation();
    const [all, setAll] = useState(false);
    const children = calls.filter((c) => c.parentId === call.id);
    const output = call.status === "ok" ? (call.resultText ?? "") : errorOf(call, t);
    const shown = all || output.length <= PREVIEW ? output : `${output.slice(0, PREVIEW)}…`;
    // Its run alone: the time it waited for an approval is said apart.
    const ran = call.finishedAt ? Math.max(0, call.finishedAt - call.startedAt - (call.waitedMs ?? 0)) : null;
    const duration = ran === null ? "" : formatDuration(ran, i18n.language);
    const waited = call.waitedMs ? formatDuration(call.waitedMs, i18n.language) : "";
    return (
        <li
            id={`call-${call.id}`}
            className={`step ${call.status}`}
            data-tool={call.tool}
            data-status={call.status}
        >
            <details>
                <summary>
                    <span className="tool">{call.tool}</span>
                    <span className="call-status">{t(`trace.status.${call.status}`)}</span>
                    {ranBy(call) && <span className="ran-by">{t("trace.ranBy", {who: ranBy(call)})}</span>}
                    {askedByApp(call) && (
                        <span className="ran-by">{t("trace.askedByApp", {server: askedByApp(call)})}</span>
                    )}
                    {duration && <span className="duration">{duration}</span>}
                    {waited && <span className="ran-by">{t("trace.waited", {time: waited})}</span>}
                    {call.status === "running" && <Waiting call={call} />}
                    {call.status === "running" && <Progress id={call.id} />}
                </summary>
                <Arguments args={call.args ?? call.rawArgs} />
                <FileChange call={call} />
                <ResultExtras call={call} />
                {output && (
                    <div className="result">
                        <span>{call.status === "ok" ? t("trace.result") : t("trace.error")}</span>
                        <pre>{shown}</pre>
                        {output.length > PREVIEW && (
                            <button onClick={() => setAll(!all)}>
                                {all ? t("trace.showLess") : t("trace.showAll")}
                            </button>
                        )}
                    </div>
                )}
            </details>
            {appOf(call) && <McpAppFrame call={call} />}
            <ProgramFiles call={call} />
            {children.length > 0 && (
                <ol className="trace inner" aria-label={t("trace.stepsOf", {tool: call.tool})}>
                    {children.map((child) => (
                        <TraceStep key={child.id} call={child} calls={calls} />
                    ))}
                </ol>
            )}
        </li>
    );
}

/**
 * A call's arguments as JSON; a program (run_code's `code`) as the program it is, with its language, beside the
 * other arguments.
 */
function Arguments({args}: {args: unknown}) {
    const {t} = useTranslation();
    const code: unknown = typeof args === "object" && args !== null ? Reflect.get(args, "code") : undefined;
    if (typeof code !== "string" || typeof args !== "object" || args === null)
        return (
            <div className="args">
                <span>{t("trace.arguments")}</span>
                <pre>{JSON.stringify(args, null, 2)}</pre>
            </div>
        );
    const language: unknown = Reflect.get(args, "language");
    const rest = Object.fromEntries(
        Object.entries(args).filter(([key]) => key !== "code" && key !== "language"),
    );
    return (
        <>
            {Object.keys(rest).length > 0 && (
                <div className="args">
                    <span>{t("trace.arguments")}</span>
                    <pre>{JSON.stringify(rest, null, 2)}</pre>
                </div>
            )}
            <div className="args code">
                <span>{t("trace.code", {language: typeof language === "string" ? language : "?"})}</span>
                <pre>
                    <code>{code}</code>
                </pre>
            </div>
        </>
    );
}

/** A call's error in the window's language where it has words (a policy's denial: its reason), else as stored. */
function errorOf(call: ToolCallRecord, t: TFunction): string {
    const error = call.error ?? "";
    if (!call.errorWords) return error;
    const said = sayCore(error, call.errorWords);
    return call.decision === "policy_deny" ? t("trace.deniedBecause", {reason: said}) : said;
}

type WriteData = {path?: string; diff?: string; undo?: "available" | "undone"};

/** A file write's diff, and Undo while the file is still as the call left it. */
function FileChange({call}: {call: ToolCallRecord}) {
    const {t} = useTranslation();
    const api = useApi();
    const [problem, setProblem] = useState<string | null>(null);
    const data = (call.status === "ok" ? call.resultData : null) as WriteData | null;
    if (!data?.diff || !data.path) return null;
    const undo = async () => {
        if (!api) return;
        const res = await api.invoke("tools.undo", {toolCallId: call.id});
        setProblem(res.ok ? null : res.error.message);
    };
    return (
        <div className="file-change">
            <span>{t("approval.changeTo", {path: data.path})}</span>
            <DiffView diff={data.diff} label={t("approval.changeTo", {path: data.path})} />
            {data.undo === "available" && api && (
                <button onClick={() => void undo()} aria-label={t("trace.undoChange", {path: data.path})}>
                    {t("trace.undo")}
                </button>
            )}
            {data.undo === "undone" && <p className="undone">{t("trace.undone", {path: data.path})}</p>}
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
        </div>
    );
}

/** "waiting for github (12 s)" while a call runs: whom it waits for, counted live from its start. */
function Waiting({call}: {call: ToolCallRecord}) {
    const {t} = useTranslation();
    const [now, setNow] = useState(() => Date.now());
    useEffect(() => {
        const timer = setInterval(() => setNow(Date.now()), 1000);
        return () => clearInterval(timer);
    }, []);
    const seconds = Math.max(0, Math.floor((now - call.startedAt) / 1000));
    if (seconds < 2) return null;
    // An MCP tool is <server>.<tool>: the server is what the call waits for.
    const dot = call.tool.indexOf(".");
    const whom = dot > 0 ? call.tool.slice(0, dot) : call.tool;
    return <span className="call-waiting">{t("trace.waiting", {whom, seconds})}</span>;
}

/** "3 / 5 · message" while a long call reports how far it has got. */
function Progress({id}: {id: string}) {
    const update = useContext(ProgressContext)[id];
    if (!update) return null;
    const amount = update.total ? `${update.progress} / ${update.total}` : String(update.progress);
    return (
        <span className="call-progress" role="status">
            {amount}
            {update.message && ` · ${update.message}`}
        </span>
    );
}

type Extras = {
    media?: {type: string; mimeType: string; data: string}[];
    /** Images kept like attachments (an MCP tool's, generate_image's). */
    images?: Attachment[];
    structured?: unknown;
};

/** What an MCP tool returned besides text: images (shown here; the model only read a description) and structured content. */
function ResultExtras({call}: {call: ToolCallRecord}) {
    const {t} = useTranslation();
    const data = (call.status === "ok" ? call.resultData : null) as Extras | null;
    const images = (data?.media ?? []).filter(
        (m) => m.type === "image" && /^image\/(png|jpeg|gif|webp)$/.test(m.mimeType),
    );
    const kept = data?.images ?? [];
    if (images.length === 0 && kept.length === 0 && data?.structured === undefined) return null;
    return (
        <div className="result-extras">
            {kept.length > 0 && <MessageImages attachments={kept} />}
            {images.map((m, i) => (
                <img
                    key={i}
                    src={`data:${m.mimeType};base64,${m.data}`}
                    alt={t("trace.imageOf", {n: i + 1, tool: call.tool})}
                />
            ))}
            {data?.structured !== undefined && (
                <>
                    <span>{t("trace.structured")}</span>
                    <pre>{JSON.stringify(data.structured, null, 2)}</pre>
                </>
            )}
        </div>
    );
}
