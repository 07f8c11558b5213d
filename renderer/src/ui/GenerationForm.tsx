import {useEffect, useState} from "react";
import type {CairnApi, Conversation, GenerationSettings} from "../../../shared/contract.js";
import {Dialog} from "./Dialog.js";
import {useTranslation} from "../i18n/index.js";
import {Select} from "./Select.js";
import {shownTitle} from "./titles.js";

type NumberKey = Exclude<keyof GenerationSettings, "systemPrompt" | "seed" | "thinking" | "thinkingBudget">;
/** The numeric fields, each named by generation.field.<key>. */
const FIELDS: {key: NumberKey; step: number; min: number; max: number}[] = [
    {key: "temperature", step: 0.05, min: 0, max: 5},
    {key: "topP", step: 0.01, min: 0, max: 1},
    {key: "topK", step: 1, min: 0, max: 1000},
    {key: "minP", step: 0.01, min: 0, max: 1},
    {key: "repeatPenalty", step: 0.05, min: 0, max: 5},
    {key: "maxTokens", step: 1, min: 1, max: 131072},
];

type FormProps = {
    value: Partial<GenerationSettings>;
    /** Shown for unset fields (the defaults a conversation follows). */
    defaults: GenerationSettings;
    onChange: (next: Partial<GenerationSettings>) => void;
    /** false: no system prompt field (an assistant's instructions are its system prompt). */
    withSystemPrompt?: boolean;
};

/** The generation settings; an empty field follows the default shown as its placeholder. */
export function GenerationForm({value, defaults, onChange, withSystemPrompt = true}: FormProps) {
    const {t} = useTranslation();
    const set = <K extends keyof GenerationSettings>(key: K, v: GenerationSettings[K] | undefined) => {
        const {[key]: _old, ...rest} = value;
        onChange(v === undefined ? rest : {...rest, [key]: v});
    };
    const numberOf = (raw: string) => (raw.trim() === "" ? undefined : Number(raw));
    return (
        <div className="generation-form">
            {withSystemPrompt && (
                <label>
                    {t("generation.systemPrompt")}
                    <textarea
                        aria-label={t("generation.systemPrompt")}
                        rows={3}
                        placeholder={defaults.systemPrompt}
                        value={value.systemPrompt ?? ""}
                        onChange={(e) =>
                            set("systemPrompt", e.target.value === "" ? undefined : e.target.value)
                        }
                    />
                </label>
            )}
            <div className="generation-grid">
                {FIELDS.map((f) => (
                    <label key={f.key}>
                        {t(`generation.field.${f.key}`)}
                        <input
                            type="number"
                            aria-label={t(`generation.field.${f.key}`)}
                            step={f.step}
                            min={f.min}
                            max={f.max}
                            placeholder={String(defaults[f.key])}
                            value={value[f.key] ?? ""}
                            onChange={(e) => set(f.key, numberOf(e.target.value))}
                        />
                    </label>
                ))}
                <label>
                    {t("generation.thinking")}
                    <Select
                        aria-label={t("generation.thinking")}
                        value={value.thinking === undefined ? "" : value.thinking ? "on" : "off"}
                        onChange={(next) => set("thinking", next === "" ? undefined : next === "on")}
                        title={t("generation.thinkingHint")}
                        choices={[
                            {
                                value: "",
                                label: t("generation.default", {
                                    value: t(defaults.thinking ? "generation.on" : "generation.off"),
                                }),
                            },
                            {value: "on", label: t("generation.on")},
                            {value: "off", label: t("generation.off")},
                        ]}
                    />
                </label>
                <label>
                    {t("generation.thinkingBudget")}
                    <input
                        type="number"
                        aria-label={t("generation.thinkingBudget")}
                        min={0}
                        step={1}
                        title={t("generation.thinkingBudgetHint")}
                        placeholder={
                            defaults.thinkingBudget === null
                                ? t("generation.halfContext")
                                : String(defaults.thinkingBudget)
                        }
                        value={value.thinkingBudget ?? ""}
                        onChange={(e) => set("thinkingBudget", numberOf(e.target.value) ?? undefined)}
                    />
                </label>
                <label>
                    {t("generation.seed")}
                    <input
                        type="number"
                        aria-label={t("generation.seed")}
                        min={0}
                        step={1}
                        placeholder={defaults.seed === null ? t("generation.random") : String(defaults.seed)}
                        value={value.seed ?? ""}
                        onChange={(e) => set("seed", numberOf(e.target.value) ?? undefined)}
                    />
                </label>
            </div>
        </div>
    );
}

type DialogProps = {
    api: CairnApi;
    conversation: Conversation;
    onClose: () => void;
    onError: (message: string) => void;
};

/** This conversation's own generation settings, over the defaults in Settings. */
export function GenerationDialog({api, conversation, onClose, onError}: DialogProps) {
    const {t} = useTranslation();
    const [defaults, setDefaults] = useState<GenerationSettings | null>(null);
    const [value, setValue] = useState<Partial<GenerationSettings>>(conversation.generation ?? {});
    useEffect(() => {
        void api.invoke("settings.get", {}).then((res) => res.ok && setDefaults(res.value.generation));
    }, [api]);
    const save = async (next: Partial<GenerationSettings> | null) => {
        const res = await api.invoke("conversations.setGeneration", {id: conversation.id, generation: next});
        if (!res.ok) return onError(res.error.message);
        onClose();
    };
    return (
        <Dialog label={t("generation.dialog")} onClose={onClose}>
            <h2>{t("generation.heading", {title: shownTitle(conversation.title, t)})}</h2>
            {defaults && <GenerationForm value={value} defaults={defaults} onChange={setValue} />}
            <div className="choices">
                <button
                    className="primary"
                    onClick={() => void save(Object.keys(value).length ? value : null)}
                >
                    {t("generation.save")}
                </button>
                <button onClick={() => void save(null)}>{t("generation.useDefaults")}</button>
                <button onClick={onClose}>{t("generation.cancel")}</button>
            </div>
        </Dialog>
    );
}
