import {useEffect, useState} from "react";
import type {ApprovalDecision, ApprovalRequest} from "../../../shared/contract.js";
import {useApi} from "../apiContext.js";
import {Trans, useTranslation} from "../i18n/index.js";
import {Dialog} from "../ui/Dialog.js";
import {DiffView} from "./DiffView.js";
import {parseJson} from "../../../shared/json.js";

type Args = Record<string, unknown>;
type Props = {request: ApprovalRequest; onDecide: (decision: ApprovalDecision, args?: Args) => void};

/** Asks before a side-effecting tool runs. Enter allows once, Escape denies. */
export function ApprovalDialog({request, onDecide}: Props) {
    const {t} = useTranslation();
    const [text, setText] = useState(JSON.stringify(request.args, null, 2));
    const [problem, setProblem] = useState<string | null>(null);
    const preview = useLivePreview(request, text);
    const allow = (decision: ApprovalDecision) => {
        try {
            const args = parseJson(text);
            if (!isObject(args)) throw new Error("not an object");
            onDecide(decision, args);
        } catch {
            setProblem(t("approval.notObject"));
        }
    };
    return (
        <Dialog
            label={t("approval.label", {tool: request.tool})}
            onClose={() => onDecide("deny")}
            contentProps={{
                onKeyDown: (e) => {
                    // Enter allows once, unless it is typing in the arguments or pressing a button.
                    const typingOrPressing =
                        e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLButtonElement;
                    if (e.key === "Enter" && !typingOrPressing) allow("allow_once");
                },
            }}
        >
            <h2>
                <Trans i18nKey="approval.title" values={{tool: request.tool}} components={{code: <code />}} />
            </h2>
            <p className="effect">{t(`approval.effect.${request.sideEffect}`)}</p>
            {request.askedByApp && (
                <p className="asked-by-app">{t("approval.askedByApp", {server: request.askedByApp})}</p>
            )}
            {request.reason && <blockquote className="reason">{request.reason}</blockquote>}
            {preview.diff !== null && (
                <div className="change">
                    <span>{t("approval.changeTo", {path: preview.path})}</span>
                    <DiffView diff={preview.diff} label={t("approval.changeTo", {path: preview.path})} />
                </div>
            )}
            {preview.problem && <p className="problem">{preview.problem}</p>}
            <label>
                {t("approval.arguments")}
                <textarea className="code" value={text} rows={6} onChange={(e) => setText(e.target.value)} />
            </label>
            {problem && <p className="problem">{problem}</p>}
            <div className="choices">
                <button className="primary" data-autofocus onClick={() => allow("allow_once")}>
                    {t("approval.allowOnce")}
                </button>
                <button onClick={() => allow("allow_conversation")}>{t("approval.allowConversation")}</button>
                <button onClick={() => allow("allow_always")}>{t("approval.allowAlways")}</button>
                {request.server && (request.sideEffect === "none" || request.sideEffect === "network") && (
                    <button onClick={() => allow("allow_server")}>
                        {t("approval.allowServer", {server: request.server})}
                    </button>
                )}
                <button className="deny" onClick={() => onDecide("deny")}>
                    {t("approval.deny")}
                </button>
            </div>
        </Dialog>
    );
}

type Preview = {path: string; diff: string | null; problem: string | null};

/** The write's diff, computed again by the tool as the arguments are edited (after a short pause). */
function useLivePreview(request: ApprovalRequest, text: string): Preview {
    const api = useApi();
    const initial = request.preview;
    const [preview, setPreview] = useState<Preview>({
        path: initial?.path ?? "",
        diff: initial?.diff ?? null,
        problem: null,
    });
    const original = JSON.stringify(request.args, null, 2);
    useEffect(() => {
        if (!api || !initial || text === original) return;
        let args: unknown;
        try {
            args = JSON.parse(text);
        } catch {
            return;
        }
        if (!isObject(args)) return;
        let current = true;
        const timer = setTimeout(() => {
            void api.invoke("tools.preview", {approvalId: request.approvalId, args}).then((res) => {
                if (!current) return;
                if (res.ok) setPreview({...res.value, problem: null});
                else setPreview((p) => ({...p, diff: null, problem: res.error.message}));
            });
        }, 300);
        return () => {
            current = false;
            clearTimeout(timer);
        };
    }, [api, initial, original, request.approvalId, text]);
    return preview;
}

function isObject(value: unknown): value is Args {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
