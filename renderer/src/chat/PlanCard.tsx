import {useState} from "react";
import {ArrowDown, ArrowUp, Check, Circle, LoaderCircle, Minus, Trash2, X} from "lucide-react";
import type {Message, Plan, PlanStep, PlanStepInput} from "../../../shared/contract.js";
import {useApi} from "../apiContext.js";
import {useTranslation, type TFunction} from "../i18n/index.js";
import {Select} from "../ui/Select.js";
import {messageOf} from "../../../shared/format.js";

/** A step being edited: its arguments as the JSON text typed. */
type Draft = PlanStepInput & {argsText: string; problem?: string};

const STATE_KEY = {
    proposed: "plan.state.proposed",
    running: "plan.state.running",
    done: "plan.state.done",
    stopped: "plan.state.stopped",
    cancelled: "plan.state.cancelled",
} as const satisfies Record<Plan["state"], string>;

export type PlanActions = {
    onRun: (messageId: string, steps: PlanStepInput[]) => Promise<boolean>;
    onCancel: (messageId: string) => void;
};

/**
 * A plan as a checklist: each step's status as it runs. A proposed plan is edited in place (arguments,
 * order, steps removed or added) and then run or set aside; a plan that ran can be edited and run again.
 */
export function PlanCard({message, idle, actions}: {message: Message; idle: boolean; actions?: PlanActions}) {
    const {t} = useTranslation();
    const plan = message.plan!;
    const proposed = plan.state === "proposed";
    const [draft, setDraft] = useState<Draft[] | null>(null);
    const editing = actions && (draft !== null || (proposed && idle));
    const steps = draft ?? plan.steps.map(toDraft);
    return (
        <section className={`plan ${plan.state}`} aria-label={t("plan.label")} data-state={plan.state}>
            <h2 className="plan-title">{t(STATE_KEY[plan.state])}</h2>
            {editing ? (
                <PlanEditor
                    conversationId={message.conversationId}
                    steps={steps}
                    again={!proposed}
                    onChange={setDraft}
                    onRun={async () => {
                        const ok = await actions.onRun(message.id, inputsOf(steps));
                        if (ok) setDraft(null);
                    }}
                    onCancel={() => (proposed ? actions.onCancel(message.id) : setDraft(null))}
                />
            ) : (
                <>
                    <ol className="plan-steps">
                        {plan.steps.map((step) => (
                            <li key={step.id} className="plan-step" data-status={step.status}>
                                <StatusIcon status={step.status} />
                                <span className="plan-label">{step.label}</span>
                                <StepTool step={step} />
                                <span className="plan-status">{t(`plan.status.${step.status}`)}</span>
                                {step.error && <span className="plan-error">{step.error}</span>}
                            </li>
                        ))}
                    </ol>
                    {actions && idle && plan.state !== "running" && (
                        <div className="plan-actions">
                            <button onClick={() => setDraft(plan.steps.map(toDraft))}>
                                {t("plan.editAgain")}
                            </button>
                        </div>
                    )}
                </>
            )}
        </section>
    );
}

/** What a step calls, unless its label already says so. */
function StepTool({step}: {step: Pick<PlanStep, "action" | "tool" | "label">}) {
    const tool = step.action === "memory" ? "documents" : step.tool;
    if (!tool || step.label.includes(tool)) return null;
    return <code className="plan-tool">{tool}</code>;
}

function StatusIcon({status}: {status: PlanStep["status"]}) {
    const props = {size: 16, "aria-hidden": true} as const;
    if (status === "ok") return <Check {...props} className="plan-icon ok" />;
    if (status === "error") return <X {...props} className="plan-icon error" />;
    if (status === "running") return <LoaderCircle {...props} className="plan-icon running" />;
    if (status === "skipped") return <Minus {...props} className="plan-icon skipped" />;
    return <Circle {...props} className="plan-icon pending" />;
}

type EditorProps = {
    conversationId: string;
    steps: Draft[];
    again: boolean;
    onChange: (steps: Draft[]) => void;
    onRun: () => Promise<void>;
    onCancel: () => void;
};

function PlanEditor({conversationId, steps, again, onChange, onRun, onCancel}: EditorProps) {
    const {t} = useTranslation();
    const [running, setRunning] = useState(false);
    const problems = steps.flatMap((s) => {
        const problem = argsProblem(s, t) ?? s.problem;
        return problem ? [t("plan.stepProblem", {id: s.id, problem})] : [];
    });
    const move = (from: number, to: number) => {
        const next = [...steps];
        const [step] = next.splice(from, 1);
        next.splice(to, 0, step!);
        onChange(next);
    };
    const update = (index: number, change: Partial<Draft>) =>
        onChange(steps.map((s, i) => (i === index ? {...s, ...change, problem: undefined} : s)));
    // The answer step stays last: work steps move among themselves.
    const work = steps.filter((s) => s.action !== "completion").length;
    return (
        <form
            className="plan-editor"
            onSubmit={(e) => {
                e.preventDefault();
                setRunning(true);
                void onRun().finally(() => setRunning(false));
            }}
        >
            <ol className="plan-steps">
                {steps.map((step, i) => (
                    <li key={step.id} className="plan-step editing">
                        <div className="plan-step-head">
                            <span className="plan-number">{i + 1}.</span>
                            <span className="plan-label">{step.label}</span>
                            <StepTool step={step} />
                            {step.action !== "completion" && (
                                <span className="plan-buttons">
                                    <button
                                        type="button"
                                        className="icon"
                                        aria-label={t("plan.moveUp", {id: step.id})}
                                        disabled={i === 0}
                                        onClick={() => move(i, i - 1)}
                                    >
                                        <ArrowUp size={16} aria-hidden />
                                    </button>
                                    <button
                                        type="button"
                                        className="icon"
                                        aria-label={t("plan.moveDown", {id: step.id})}
                                        disabled={i >= work - 1}
                                        onClick={() => move(i, i + 1)}
                                    >
                                        <ArrowDown size={16} aria-hidden />
                                    </button>
                                    <button
                                        type="button"
                                        className="icon"
                                        aria-label={t("plan.remove", {id: step.id})}
                                        onClick={() => onChange(steps.filter((_, j) => j !== i))}
                                    >
                                        <Trash2 size={16} aria-hidden />
                                    </button>
                                </span>
                            )}
                        </div>
                        {step.action !== "completion" && (
                            <textarea
                                aria-label={t("plan.arguments", {id: step.id})}
                                value={step.argsText}
                                rows={Math.min(6, step.argsText.split("\n").length)}
                                spellCheck={false}
                                onChange={(e) => update(i, {argsText: e.target.value})}
                            />
                        )}
                    </li>
                ))}
            </ol>
            <AddStep
                conversationId={conversationId}
                onAdd={(tool) => onChange(withStep(steps, tool, t("plan.callTool", {tool})))}
            />
            {problems.length > 0 && (
                <ul className="plan-problems" aria-label={t("plan.problems")}>
                    {problems.map((p) => (
                        <li key={p}>{p}</li>
                    ))}
                </ul>
            )}
            <div className="plan-actions">
                <button type="submit" className="primary" disabled={running || problems.length > 0}>
                    {again ? t("plan.runAgain") : t("plan.run")}
                </button>
                <button type="button" onClick={onCancel}>
                    {again ? t("plan.discard") : t("plan.cancel")}
                </button>
            </div>
        </form>
    );
}

/** A tool picker for one more step: the tools this conversation offers now. */
function AddStep({conversationId, onAdd}: {conversationId: string; onAdd: (tool: string) => void}) {
    const {t} = useTranslation();
    const api = useApi();
    const [tools, setTools] = useState<string[] | null>(null);
    const [chosen, setChosen] = useState("");
    const load = async () => {
        if (tools || !api) return;
        const res = await api.invoke("tools.budget", {conversationId});
        if (res.ok)
            setTools(res.value.tools.filter((tool) => tool.on && !tool.unavailable).map((tool) => tool.name));
    };
    return (
        <div className="plan-add">
            <label>
                {t("plan.addStep")}{" "}
                <Select
                    value={chosen}
                    // The tools are asked for when someone looks at the list, not before.
                    onFocus={() => void load()}
                    onOpen={() => void load()}
                    onChange={setChosen}
                    choices={[
                        {value: "", label: t("plan.chooseTool")},
                        ...(tools ?? []).map((tool) => ({value: tool, label: tool})),
                    ]}
                />
            </label>
            <button
                type="button"
                disabled={!chosen}
                onClick={() => {
                    onAdd(chosen);
                    setChosen("");
                }}
            >
                {t("plan.add")}
            </button>
        </div>
    );
}

function withStep(steps: Draft[], tool: string, label: string): Draft[] {
    const id = String(Math.max(0, ...steps.map((s) => Number(s.id)).filter(Number.isFinite)) + 1);
    const step: Draft = {id, label, action: "tool", tool, args: {}, argsText: "{}"};
    const answer = steps.findIndex((s) => s.action === "completion");
    const at = answer < 0 ? steps.length : answer;
    return [...steps.slice(0, at), step, ...steps.slice(at)];
}

function toDraft(step: PlanStep | Draft): Draft {
    const {status: _s, toolCallId: _t, error: _e, ...input} = step as PlanStep;
    const argsText = "argsText" in step ? step.argsText : JSON.stringify(step.args ?? {}, null, 1);
    return {...input, argsText};
}

/** The steps to run: arguments parsed, dependencies kept only on steps still before them (after moves and removals). */
function inputsOf(steps: Draft[]): PlanStepInput[] {
    return steps.map(({argsText, problem: _p, dependsOn, ...step}, i) => {
        const before = steps.slice(0, i).map((s) => s.id);
        const kept = (dependsOn ?? []).filter((id) => before.includes(id));
        const input: PlanStepInput = {...step, ...(kept.length > 0 ? {dependsOn: kept} : {})};
        return step.action === "completion"
            ? input
            : {...input, args: JSON.parse(argsText) as Record<string, unknown>};
    });
}

function argsProblem(step: Draft, t: TFunction): string | null {
    if (step.action === "completion") return null;
    try {
        const value: unknown = JSON.parse(step.argsText);
        return value && typeof value === "object" && !Array.isArray(value) ? null : t("plan.notObject");
    } catch (error) {
        return t("plan.notJson", {detail: messageOf(error)});
    }
}
