import {useEffect, useState} from "react";
import type {ApprovalDecision, ApprovalRequest} from "../../../shared/contract.js";
import {useApi} from "../apiContext.js";
import {Dialog} from "../ui/Dialog.js";
import {DiffView} from "./DiffView.js";

type Args = Record<string, unknown>;
type Props = {request: ApprovalRequest; onDecide(decision: ApprovalDecision, args?: Args): void};

/** Asks before a side-effecting tool runs. Enter allows once, Escape denies. */
export function ApprovalDialog({request, onDecide}: Props) {
    const [text, setText] = useState(JSON.stringify(request.args, null, 2));
    const [problem, setProblem] = useState<string | null>(null);
    const preview = useLivePreview(request, text);
    const allow = (decision: ApprovalDecision) => {
        try {
            const args = JSON.parse(text) as unknown;
            if (!isObject(args)) throw new Error("not an object");
            onDecide(decision, args);
        } catch {
            setProblem("The arguments must be a JSON object.");
        }
    };
    return (
        <Dialog
            label={`Allow ${request.tool}?`}
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
                Allow <code>{request.tool}</code>?
            </h2>
            <p className="effect">This tool can {EFFECT[request.sideEffect]}.</p>
            {request.reason && <blockquote className="reason">{request.reason}</blockquote>}
            {preview.diff !== null && (
                <div className="change">
                    <span>Change to {preview.path}</span>
                    <DiffView diff={preview.diff} label={`Change to ${preview.path}`} />
                </div>
            )}
            {preview.problem && <p className="problem">{preview.problem}</p>}
            <label>
                Arguments (you can edit them)
                <textarea value={text} rows={6} onChange={(e) => setText(e.target.value)} />
            </label>
            {problem && <p className="problem">{problem}</p>}
            <div className="choices">
                <button className="primary" data-autofocus onClick={() => allow("allow_once")}>
                    Allow once
                </button>
                <button onClick={() => allow("allow_conversation")}>Allow in this conversation</button>
                <button onClick={() => allow("allow_always")}>Always allow</button>
                {request.server && (request.sideEffect === "none" || request.sideEffect === "network") && (
                    <button onClick={() => allow("allow_server")}>
                        Always allow {request.server}&apos;s read-only tools
                    </button>
                )}
                <button className="deny" onClick={() => onDecide("deny")}>
                    Deny
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

const EFFECT: Record<ApprovalRequest["sideEffect"], string> = {
    none: "only read information",
    network: "send data to the internet",
    write: "change files on this computer",
    exec: "run programs on this computer",
};

function isObject(value: unknown): value is Args {
    return typeof value === "object" && value !== null && !Array.isArray(value);
}
