import {useState} from "react";
import type {ToolCallRecord} from "../../shared/contract.js";

const PREVIEW = 400;

/** The tool calls of one answer, each a collapsible step. */
export function TraceSteps({calls}: {calls: ToolCallRecord[]}) {
    if (calls.length === 0) return null;
    return (
        <ol className="trace" aria-label="Tool calls">
            {calls.map((call) => (
                <TraceStep key={call.id} call={call} />
            ))}
        </ol>
    );
}

function TraceStep({call}: {call: ToolCallRecord}) {
    const [all, setAll] = useState(false);
    const output = call.status === "ok" ? (call.resultText ?? "") : (call.error ?? "");
    const shown = all || output.length <= PREVIEW ? output : `${output.slice(0, PREVIEW)}…`;
    const duration = call.finishedAt ? `${Math.max(0, call.finishedAt - call.startedAt)} ms` : "";
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
                    <span className="call-status">{call.status.replace("_", " ")}</span>
                    {duration && <span className="duration">{duration}</span>}
                </summary>
                <div className="args">
                    <span>Arguments</span>
                    <pre>{JSON.stringify(call.args ?? call.rawArgs, null, 2)}</pre>
                </div>
                {output && (
                    <div className="result">
                        <span>{call.status === "ok" ? "Result" : "Error"}</span>
                        <pre>{shown}</pre>
                        {output.length > PREVIEW && (
                            <button onClick={() => setAll(!all)}>{all ? "Show less" : "Show all"}</button>
                        )}
                    </div>
                )}
            </details>
        </li>
    );
}
