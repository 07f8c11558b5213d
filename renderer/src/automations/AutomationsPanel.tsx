import {useState} from "react";
import type {Automation, AutomationRun, CairnApi, EgressEntry} from "../../../shared/contract.js";
import type {Result} from "../../../shared/result.js";
import {sayCore, sayError, useTranslation} from "../i18n/index.js";
import {Confirm} from "../ui/Confirm.js";
import {Dialog} from "../ui/Dialog.js";
import {AutomationForm} from "./AutomationForm.js";
import {scheduleText} from "./scheduleText.js";

type Props = {
    api: CairnApi;
    automations: Automation[];
    /** Opens a run's conversation (the panel closes). */
    onOpenConversation: (conversationId: string) => void;
    onClose: () => void;
    onError: (message: string) => void;
};

/** The Automations page: each with its schedule, next run and last result; run now, pause, history, remove. */
export function AutomationsPanel({api, automations, onOpenConversation, onClose, onError}: Props) {
    const {t} = useTranslation();
    const [adding, setAdding] = useState(automations.length === 0);
    // The automation whose form is open to change it.
    const [editing, setEditing] = useState<Automation | null>(null);
    const call = <T,>(done: Promise<Result<T>>) =>
        void done.then((res) => {
            if (!res.ok) onError(sayError(res.error));
        });
    return (
        <Dialog label={t("automations.title")} onClose={onClose} className="automations">
            <h2>{t("automations.title")}</h2>
            <p className="hint">{t("automations.intro")}</p>
            {editing ? (
                <AutomationForm
                    key={editing.id}
                    api={api}
                    automation={editing}
                    onDone={() => setEditing(null)}
                />
            ) : adding ? (
                <AutomationForm api={api} onDone={() => setAdding(false)} />
            ) : (
                <button data-autofocus onClick={() => setAdding(true)}>
                    {t("automations.new")}
                </button>
            )}
            {automations.length > 0 && (
                <ul className="automation-list" aria-label={t("automations.title")}>
                    {automations.map((a) => (
                        <AutomationRow
                            key={a.id}
                            api={api}
                            automation={a}
                            onRun={() => call(api.invoke("automations.runNow", {id: a.id}))}
                            onPause={() =>
                                call(api.invoke("automations.setPaused", {id: a.id, paused: !a.paused}))
                            }
                            onRemove={() => call(api.invoke("automations.remove", {id: a.id}))}
                            onEdit={() => setEditing(a)}
                            onOpenConversation={onOpenConversation}
                        />
                    ))}
                </ul>
            )}
            <button onClick={onClose}>{t("automations.close")}</button>
        </Dialog>
    );
}

type RowProps = {
    api: CairnApi;
    automation: Automation;
    onRun: () => void;
    onPause: () => void;
    onRemove: () => void;
    onEdit: () => void;
    onOpenConversation: (conversationId: string) => void;
};

function AutomationRow({api, automation: a, onRun, onPause, onRemove, onEdit, onOpenConversation}: RowProps) {
    const {t, i18n} = useTranslation();
    const [history, setHistory] = useState<{runs: AutomationRun[]; sent: EgressEntry[]} | null>(null);
    const [removing, setRemoving] = useState(false);
    const toggleHistory = async () => {
        if (history) return setHistory(null);
        const [runs, sent] = await Promise.all([
            api.invoke("automations.runs", {id: a.id}),
            api.invoke("network.egress", {}),
        ]);
        setHistory({runs: runs.ok ? runs.value : [], sent: sent.ok ? sent.value : []});
    };
    const when = (ms: number) => new Date(ms).toLocaleString(i18n.language);
    const next = a.paused
        ? t("automations.paused")
        : a.nextAt
          ? t("automations.next", {when: when(a.nextAt)})
          : t("automations.noNext");
    return (
        <li aria-labelledby={`automation-${a.id}`}>
            <h3 id={`automation-${a.id}`}>{a.name}</h3>
            <p className="automation-when">
                {a.research && `${t("automations.researchTag")} · `}
                {scheduleText(a.schedule, t, i18n.language)} · {a.timeZone} · {next}
            </p>
            <p className="automation-last">
                {a.lastRun ? (
                    <RunResult run={a.lastRun} onOpen={onOpenConversation} />
                ) : (
                    t("automations.never")
                )}
            </p>
            <div className="automation-actions">
                <button onClick={onRun}>{t("automations.runNow")}</button>
                <button onClick={onPause}>
                    {a.paused ? t("automations.resume") : t("automations.pause")}
                </button>
                <button aria-label={t("automations.editNamed", {name: a.name})} onClick={onEdit}>
                    {t("automations.edit")}
                </button>
                <button aria-expanded={history !== null} onClick={() => void toggleHistory()}>
                    {t("automations.history")}
                </button>
                {removing ? (
                    <Confirm
                        label={t("automations.confirmRemove", {name: a.name})}
                        confirm={t("automations.remove")}
                        cancel={t("automations.keep")}
                        onConfirm={onRemove}
                        onCancel={() => setRemoving(false)}
                    >
                        {t("automations.confirmRemove", {name: a.name})}
                    </Confirm>
                ) : (
                    <button
                        aria-label={t("automations.removeNamed", {name: a.name})}
                        onClick={() => setRemoving(true)}
                    >
                        {t("automations.remove")}
                    </button>
                )}
            </div>
            {history && (
                <ol className="automation-history" aria-label={t("automations.historyOf", {name: a.name})}>
                    {history.runs.length === 0 && <li>{t("automations.never")}</li>}
                    {history.runs.map((run) => (
                        <li key={run.id}>
                            <span>{when(run.dueAt)}</span> ·{" "}
                            <span>{t(`automations.trigger.${run.trigger}`)}</span> ·{" "}
                            <RunResult run={run} onOpen={onOpenConversation} />
                            <Sent
                                entries={history.sent.filter(
                                    (e) => e.conversationId && e.conversationId === run.conversationId,
                                )}
                            />
                        </li>
                    ))}
                </ol>
            )}
        </li>
    );
}

/** A run's state (and why it failed), with its conversation to open. */
function RunResult({run, onOpen}: {run: AutomationRun; onOpen: (conversationId: string) => void}) {
    const {t} = useTranslation();
    const conversationId = run.conversationId;
    return (
        <>
            <span className={`run-status run-${run.status}`}>{t(`automations.status.${run.status}`)}</span>
            {run.error && <span className="problem"> {sayCore(run.error, run.errorWords)}</span>}
            {conversationId && (
                <>
                    {" "}
                    <button className="link" onClick={() => onOpen(conversationId)}>
                        {t("automations.openConversation")}
                    </button>
                </>
            )}
        </>
    );
}

/** What a run sent off this computer, from the egress log. */
function Sent({entries}: {entries: EgressEntry[]}) {
    const {t} = useTranslation();
    if (entries.length === 0) return <p className="hint">{t("automations.sentNothing")}</p>;
    return (
        <ul className="automation-sent" aria-label={t("automations.sent", {count: entries.length})}>
            {entries.map((e) => (
                <li key={`${e.at}-${e.host}-${e.detail}`}>
                    {t("automations.sentEntry", {purpose: e.purpose, host: e.host, status: e.status ?? "—"})}
                </li>
            ))}
        </ul>
    );
}
