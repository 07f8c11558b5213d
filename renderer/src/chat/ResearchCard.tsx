import {useState} from "react";
import {Pause, Play, Plus, Trash2, X} from "lucide-react";
import type {Message, ResearchBudget, ResearchRun} from "../../../shared/contract.js";
import {RESEARCH_LIMITS} from "../../../shared/researchLimits.js";
import {useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";

export type ResearchActions = {
    onRunResearch: (
        messageId: string,
        questions: string[],
        budget: Partial<ResearchBudget>,
    ) => Promise<boolean>;
    onPauseResearch: (messageId: string) => void;
    onResumeResearch: (messageId: string) => void;
    onCancelResearch: (messageId: string) => void;
};

/**
 * A research run above its report: the plan to edit and start, then its progress and budget live (with
 * Pause and Cancel), Resume when it stopped, and what it cost once done.
 */
export function ResearchCard({
    message,
    idle,
    actions,
}: {
    message: Message;
    idle: boolean;
    actions?: Partial<ResearchActions>;
}) {
    const {t} = useTranslation();
    const run = message.research!;
    return (
        <section className={`research ${run.state}`} aria-label={t("research.label")} data-state={run.state}>
            <h2 className="research-title">{t(`research.state.${run.state}`)}</h2>
            <p className="research-where muted">{t(run.offline ? "research.offline" : "research.web")}</p>
            {run.state === "proposed" && run.phase !== "planning" && actions ? (
                <PlanEditor message={message} run={run} idle={idle} actions={actions} />
            ) : (
                <Progress run={run} />
            )}
            {run.error && <p className="research-error">{run.error}</p>}
            {actions && <RunButtons message={message} run={run} idle={idle} actions={actions} />}
        </section>
    );
}

/** The run's phase and step, the budget spent (steps, time, tokens) and what it has found. */
function Progress({run}: {run: ResearchRun}) {
    const {t} = useTranslation();
    const {used, budget} = run;
    return (
        <div className="research-progress">
            {run.phase && (
                <p className="research-phase" aria-live="polite">
                    <strong>{t(`research.phase.${run.phase}`)}</strong>
                    {run.doing ? `: ${run.doing}` : ""}
                </p>
            )}
            <label className="research-meter">
                <span>{t("research.spent", {steps: used.steps, budget: budget.steps})}</span>
                <progress max={budget.steps} value={Math.min(used.steps, budget.steps)} />
            </label>
            <p className="research-facts muted">
                {t("research.facts", {
                    seconds: Math.round(used.ms / 1000),
                    minutes: budget.minutes,
                    tokens: used.tokens.toLocaleString(),
                    sources: run.sources,
                    notes: run.notes,
                })}
            </p>
            {run.questions.length > 0 && run.state !== "proposed" && (
                <ol className="research-questions">
                    {run.questions.map((q) => (
                        <li key={q}>{q}</li>
                    ))}
                </ol>
            )}
            {run.followUps.length > 0 && (
                <details className="research-follow">
                    <summary>{t("research.followUps", {count: run.followUps.length})}</summary>
                    <ul>
                        {run.followUps.map((q) => (
                            <li key={q}>{q}</li>
                        ))}
                    </ul>
                </details>
            )}
        </div>
    );
}

/** Pause while it runs; Resume and Cancel once stopped. */
type Parts = {message: Message; run: ResearchRun; idle: boolean; actions: Partial<ResearchActions>};

function RunButtons({message, run, idle, actions}: Parts) {
    const {t} = useTranslation();
    const stopped = run.state === "paused" || run.state === "interrupted" || run.state === "failed";
    if (run.state === "running")
        return (
            <div className="research-actions">
                <button type="button" onClick={() => actions.onPauseResearch?.(message.id)}>
                    <Pause aria-hidden size={14} /> {t("research.pause")}
                </button>
                <button type="button" onClick={() => actions.onCancelResearch?.(message.id)}>
                    <X aria-hidden size={14} /> {t("research.stop")}
                </button>
            </div>
        );
    if (!stopped) return null;
    return (
        <div className="research-actions">
            <button
                type="button"
                className="primary"
                disabled={!idle}
                onClick={() => actions.onResumeResearch?.(message.id)}
            >
                <Play aria-hidden size={14} /> {t("research.resume")}
            </button>
            <button type="button" onClick={() => actions.onCancelResearch?.(message.id)}>
                <X aria-hidden size={14} /> {t("research.stop")}
            </button>
        </div>
    );
}

/** The plan as the person edits it: its questions (one section each) and the budget, then Start. */
function PlanEditor({message, run, idle, actions}: Parts) {
    const {t} = useTranslation();
    const [questions, setQuestions] = useState(run.questions);
    const [steps, setSteps] = useState(run.budget.steps);
    const [minutes, setMinutes] = useState(run.budget.minutes);
    const [starting, setStarting] = useState(false);
    const kept = questions.map((q) => q.trim()).filter(Boolean);
    const set = (index: number, text: string) =>
        setQuestions(questions.map((q, i) => (i === index ? text : q)));
    return (
        <form
            className="research-plan"
            onSubmit={(e) => {
                e.preventDefault();
                setStarting(true);
                void (
                    actions.onRunResearch?.(message.id, kept, {steps, minutes}) ?? Promise.resolve(false)
                ).finally(() => setStarting(false));
            }}
        >
            <p className="muted">{t("research.planHint")}</p>
            <ol className="research-questions editing">
                {questions.map((q, i) => (
                    <li key={i}>
                        <input
                            aria-label={t("research.question", {n: i + 1})}
                            value={q}
                            maxLength={RESEARCH_LIMITS.question}
                            onChange={(e) => set(i, e.target.value)}
                        />
                        <IconButton
                            className="icon"
                            label={t("research.removeQuestion", {n: i + 1})}
                            disabled={questions.length === 1}
                            onClick={() => setQuestions(questions.filter((_, j) => j !== i))}
                        >
                            <Trash2 aria-hidden size={16} />
                        </IconButton>
                    </li>
                ))}
            </ol>
            <button
                type="button"
                disabled={questions.length >= RESEARCH_LIMITS.questions}
                onClick={() => setQuestions([...questions, ""])}
            >
                <Plus aria-hidden size={14} /> {t("research.addQuestion")}
            </button>
            <div className="research-budget">
                <BudgetField
                    label={t("research.steps")}
                    max={RESEARCH_LIMITS.maxSteps}
                    value={steps}
                    onChange={setSteps}
                />
                <BudgetField
                    label={t("research.minutes")}
                    max={RESEARCH_LIMITS.maxMinutes}
                    value={minutes}
                    onChange={setMinutes}
                />
            </div>
            <div className="research-actions">
                <button type="submit" className="primary" disabled={!idle || starting || kept.length === 0}>
                    <Play aria-hidden size={14} /> {t("research.start")}
                </button>
                <button type="button" onClick={() => actions.onCancelResearch?.(message.id)}>
                    {t("research.cancel")}
                </button>
            </div>
        </form>
    );
}

/** One part of the budget: a whole number from 1 to `max`. */
function BudgetField(props: {label: string; max: number; value: number; onChange: (value: number) => void}) {
    return (
        <label>
            {props.label}
            <input
                type="number"
                min={1}
                max={props.max}
                value={props.value}
                onChange={(e) =>
                    props.onChange(Math.min(props.max, Math.max(1, Math.round(Number(e.target.value)) || 1)))
                }
            />
        </label>
    );
}
