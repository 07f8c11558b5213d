import {useEffect, useState, type FormEvent} from "react";
import type {Automation, CairnApi, ToolInfo} from "../../../shared/contract.js";
import {START, automationOf, fieldsOf, kindOf, networkOf, unitOf, type Fields} from "./formFields.js";
import {sayError, useTranslation} from "../i18n/index.js";
import {Select} from "../ui/Select.js";

/** automation: the one being changed (its fields filled in); absent: a new one. */
type Props = {api: CairnApi; automation?: Automation; onDone: () => void};

/** A new automation: what it asks, when, with which tools, within which budget. */
export function AutomationForm({api, automation, onDone}: Props) {
    const {t} = useTranslation();
    const [fields, setFields] = useState<Fields>(() => (automation ? fieldsOf(automation) : START));
    const [problem, setProblem] = useState<string | null>(null);
    const [tools, setTools] = useState<ToolInfo[]>([]);
    const [assistants, setAssistants] = useState<{id: string; name: string}[]>([]);
    const [projects, setProjects] = useState<{id: string; name: string}[]>([]);
    useEffect(() => {
        void api
            .invoke("tools.list", {})
            .then((res) => res.ok && setTools(res.value.filter((x) => x.enabled)));
        void api.invoke("assistants.list", {}).then((res) => res.ok && setAssistants(res.value));
        void api.invoke("projects.list", {}).then((res) => res.ok && setProjects(res.value));
    }, [api]);
    const set = <K extends keyof Fields>(key: K, value: Fields[K]) =>
        setFields((f) => ({...f, [key]: value}));
    const save = async (event: FormEvent) => {
        event.preventDefault();
        const input = automationOf(fields, Date.now(), automation?.schedule);
        const res = automation
            ? await api.invoke("automations.update", {id: automation.id, automation: input})
            : await api.invoke("automations.add", input);
        if (!res.ok) return setProblem(sayError(res.error));
        onDone();
    };
    const number = (key: "count" | "steps" | "minutes" | "approvalMinutes", label: string, max: number) => (
        <label>
            {label}
            <input
                type="number"
                min={1}
                max={max}
                required
                value={fields[key]}
                onChange={(e) => set(key, e.target.value)}
            />
        </label>
    );
    const none = {value: "", label: t("automations.none")};
    return (
        <form
            className="automation-form"
            onSubmit={(e) => void save(e)}
            aria-label={
                automation ? t("automations.editNamed", {name: automation.name}) : t("automations.new")
            }
        >
            <label>
                {t("automations.name")}
                <input
                    data-autofocus
                    required
                    maxLength={100}
                    value={fields.name}
                    onChange={(e) => set("name", e.target.value)}
                />
            </label>
            <label className="wide">
                {fields.research ? t("automations.question") : t("automations.prompt")}
                <textarea
                    required
                    rows={3}
                    value={fields.prompt}
                    onChange={(e) => set("prompt", e.target.value)}
                />
            </label>
            <label className="wide automation-research">
                <input
                    type="checkbox"
                    checked={fields.research}
                    onChange={(e) => set("research", e.target.checked)}
                />{" "}
                {t("automations.research")}
            </label>
            <label>
                {t("automations.when")}
                <Select
                    value={fields.kind}
                    onChange={(value) => set("kind", kindOf(value))}
                    choices={(["once", "every", "weekdays", "cron"] as const).map((k) => ({
                        value: k,
                        label: t(`automations.kind.${k}`),
                    }))}
                />
            </label>
            {fields.kind === "once" && (
                <label>
                    {t("automations.at")}
                    <input
                        type="datetime-local"
                        step={1}
                        required
                        value={fields.at}
                        onChange={(e) => set("at", e.target.value)}
                    />
                </label>
            )}
            {fields.kind === "every" && (
                <>
                    {number("count", t("automations.count"), 100_000)}
                    <label>
                        {t("automations.unit")}
                        <Select
                            value={fields.unit}
                            onChange={(value) => set("unit", unitOf(value))}
                            choices={(["minutes", "hours", "days"] as const).map((u) => ({
                                value: u,
                                label: t(`automations.units.${u}`),
                            }))}
                        />
                    </label>
                </>
            )}
            {fields.kind === "weekdays" && (
                <label>
                    {t("automations.time")}
                    <input
                        type="time"
                        required
                        value={fields.time}
                        onChange={(e) => set("time", e.target.value)}
                    />
                </label>
            )}
            {fields.kind === "cron" && (
                <label>
                    {t("automations.cron")}
                    <input required value={fields.cron} onChange={(e) => set("cron", e.target.value)} />
                </label>
            )}
            <label>
                {t("automations.timeZone")}
                <input required value={fields.timeZone} onChange={(e) => set("timeZone", e.target.value)} />
            </label>
            <label>
                {t("automations.assistant")}
                <Select
                    value={fields.assistantId}
                    onChange={(v) => set("assistantId", v)}
                    choices={[none, ...assistants.map((a) => ({value: a.id, label: a.name}))]}
                />
            </label>
            <label>
                {t("automations.project")}
                <Select
                    value={fields.projectId}
                    onChange={(v) => set("projectId", v)}
                    choices={[none, ...projects.map((p) => ({value: p.id, label: p.name}))]}
                />
            </label>
            {!fields.research && (
                <fieldset className="wide automation-tools">
                    <legend>{t("automations.tools")}</legend>
                    {tools.map((tool) => (
                        <label key={tool.name}>
                            <input
                                type="checkbox"
                                checked={fields.tools.includes(tool.name)}
                                onChange={(e) =>
                                    set(
                                        "tools",
                                        e.target.checked
                                            ? [...fields.tools, tool.name]
                                            : fields.tools.filter((n) => n !== tool.name),
                                    )
                                }
                            />{" "}
                            {tool.name}
                        </label>
                    ))}
                </fieldset>
            )}
            <label>
                {t("automations.network")}
                <Select
                    value={fields.network}
                    onChange={(value) => set("network", networkOf(value))}
                    choices={(["none", "providers", "web"] as const).map((n) => ({
                        value: n,
                        label: t(`automations.networks.${n}`),
                    }))}
                />
            </label>
            {number("steps", t("automations.steps"), 50)}
            {number("minutes", t("automations.minutes"), 24 * 60)}
            {number("approvalMinutes", t("automations.approvalMinutes"), 7 * 24 * 60)}
            <label>
                {t("automations.missed")}
                <Select
                    value={fields.missed}
                    onChange={(value) => set("missed", value === "once" ? "once" : "skip")}
                    choices={(["skip", "once"] as const).map((m) => ({
                        value: m,
                        label: t(`automations.missedChoice.${m}`),
                    }))}
                />
            </label>
            {problem && (
                <p className="problem wide" role="alert">
                    {problem}
                </p>
            )}
            <div className="wide automation-actions">
                <button type="submit">
                    {automation ? t("automations.saveChanges") : t("automations.save")}
                </button>
                <button type="button" onClick={onDone}>
                    {t("automations.cancel")}
                </button>
            </div>
        </form>
    );
}
