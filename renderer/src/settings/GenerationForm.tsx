import {useEffect, useState} from "react";
import type {CairnApi, Conversation, GenerationSettings} from "../../../shared/contract.js";
import {Dialog} from "../ui/Dialog.js";

type NumberKey = Exclude<keyof GenerationSettings, "systemPrompt" | "seed" | "thinking" | "thinkingBudget">;
const FIELDS: {key: NumberKey; label: string; step: number; min: number; max: number}[] = [
    {key: "temperature", label: "Temperature", step: 0.05, min: 0, max: 5},
    {key: "topP", label: "Top-p", step: 0.01, min: 0, max: 1},
    {key: "topK", label: "Top-k", step: 1, min: 0, max: 1000},
    {key: "minP", label: "Min-p", step: 0.01, min: 0, max: 1},
    {key: "repeatPenalty", label: "Repeat penalty", step: 0.05, min: 0, max: 5},
    {key: "maxTokens", label: "Max tokens", step: 1, min: 1, max: 131072},
];

type FormProps = {
    value: Partial<GenerationSettings>;
    /** Shown for unset fields (the defaults a conversation follows). */
    defaults: GenerationSettings;
    onChange(next: Partial<GenerationSettings>): void;
    /** false: no system prompt field (an assistant's instructions are its system prompt). */
    withSystemPrompt?: boolean;
};

/** The generation settings; an empty field follows the default shown as its placeholder. */
export function GenerationForm({value, defaults, onChange, withSystemPrompt = true}: FormProps) {
    const set = <K extends keyof GenerationSettings>(key: K, v: GenerationSettings[K] | undefined) => {
        const {[key]: _old, ...rest} = value;
        onChange(v === undefined ? rest : {...rest, [key]: v});
    };
    const numberOf = (raw: string) => (raw.trim() === "" ? undefined : Number(raw));
    return (
        <div className="generation-form">
            {withSystemPrompt && (
                <label>
                    System prompt
                    <textarea
                        aria-label="System prompt"
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
                        {f.label}
                        <input
                            type="number"
                            aria-label={f.label}
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
                    Thinking
                    <select
                        aria-label="Thinking"
                        value={value.thinking === undefined ? "" : value.thinking ? "on" : "off"}
                        onChange={(e) =>
                            set("thinking", e.target.value === "" ? undefined : e.target.value === "on")
                        }
                        title="Models that think (Qwen 3, DeepSeek R1) write their reasoning before the answer; off, they answer at once."
                    >
                        <option value="">{`Default (${defaults.thinking ? "on" : "off"})`}</option>
                        <option value="on">On</option>
                        <option value="off">Off</option>
                    </select>
                </label>
                <label>
                    Thinking budget
                    <input
                        type="number"
                        aria-label="Thinking budget"
                        min={0}
                        step={1}
                        title="The most tokens a model may think for before it must answer."
                        placeholder={
                            defaults.thinkingBudget === null
                                ? "half the context"
                                : String(defaults.thinkingBudget)
                        }
                        value={value.thinkingBudget ?? ""}
                        onChange={(e) => set("thinkingBudget", numberOf(e.target.value) ?? undefined)}
                    />
                </label>
                <label>
                    Seed
                    <input
                        type="number"
                        aria-label="Seed"
                        min={0}
                        step={1}
                        placeholder={defaults.seed === null ? "random" : String(defaults.seed)}
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
    onClose(): void;
    onError(message: string): void;
};

/** This conversation's own generation settings, over the defaults in Settings. */
export function GenerationDialog({api, conversation, onClose, onError}: DialogProps) {
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
        <Dialog label="Generation settings" onClose={onClose}>
            <h2>Generation for “{conversation.title}”</h2>
            {defaults && <GenerationForm value={value} defaults={defaults} onChange={setValue} />}
            <div className="choices">
                <button onClick={() => void save(Object.keys(value).length ? value : null)}>Save</button>
                <button onClick={() => void save(null)}>Use the defaults</button>
                <button onClick={onClose}>Cancel</button>
            </div>
        </Dialog>
    );
}
