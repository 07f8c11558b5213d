import {useEffect, useState} from "react";
import type {
    AssistantInput,
    CairnApi,
    Collection,
    GenerationSettings,
    ProviderInfo,
    ToolInfo,
} from "../../../shared/contract.js";
import {GenerationForm} from "../settings/GenerationForm.js";

type Props = {
    api: CairnApi;
    initial: AssistantInput;
    isNew: boolean;
    onSave(input: AssistantInput): void;
    onCancel(): void;
};

/** What the editor offers to choose from: the tools, collections, providers and defaults here now. */
type Choices = {
    tools: ToolInfo[];
    collections: Collection[];
    providers: ProviderInfo[];
    defaults: GenerationSettings | null;
};

/** One assistant's settings, as a form: saved whole, or left as it was. */
export function AssistantEditor({api, initial, isNew, onSave, onCancel}: Props) {
    const [input, setInput] = useState(initial);
    const choices = useChoices(api);
    const set = (change: Partial<AssistantInput>) => setInput((a) => ({...a, ...change}));
    const toggle = (list: string[], name: string, on: boolean) =>
        on ? [...new Set([...list, name])] : list.filter((n) => n !== name);
    return (
        <form
            className="assistant-editor"
            aria-label={isNew ? "New assistant" : `Edit ${initial.name}`}
            onSubmit={(e) => {
                e.preventDefault();
                onSave({...input, starters: input.starters.map((s) => s.trim()).filter(Boolean)});
            }}
        >
            <div className="assistant-title">
                <label>
                    Icon
                    <input
                        type="text"
                        value={input.icon}
                        maxLength={16}
                        placeholder="🧭"
                        onChange={(e) => set({icon: e.target.value})}
                    />
                </label>
                <label>
                    Name
                    <input
                        type="text"
                        required
                        data-autofocus
                        value={input.name}
                        maxLength={100}
                        onChange={(e) => set({name: e.target.value})}
                    />
                </label>
            </div>
            <label>
                Instructions
                <textarea
                    rows={4}
                    value={input.instructions}
                    maxLength={20_000}
                    placeholder="What it is for and how it answers; used as its conversations' system prompt"
                    onChange={(e) => set({instructions: e.target.value})}
                />
            </label>
            <label>
                Starter prompts, one per line
                <textarea
                    rows={3}
                    value={input.starters.join("\n")}
                    onChange={(e) => set({starters: e.target.value.split("\n").slice(0, 8)})}
                />
            </label>
            <label>
                Memories
                <select
                    value={input.memoryScope}
                    onChange={(e) => set({memoryScope: e.target.value as AssistantInput["memoryScope"]})}
                >
                    <option value="everywhere">Shared with every conversation</option>
                    <option value="assistant">Its own: kept and recalled in its conversations only</option>
                </select>
            </label>
            <div className="assistant-model">
                <label>
                    Answers with
                    <select
                        value={input.provider ?? ""}
                        onChange={(e) => set({provider: e.target.value || null, providerModel: null})}
                    >
                        <option value="">The local model</option>
                        {choices.providers.map((p) => (
                            <option key={p.name} value={p.name}>
                                {p.name}
                            </option>
                        ))}
                    </select>
                </label>
                {input.provider && (
                    <label>
                        Its model
                        <input
                            type="text"
                            value={input.providerModel ?? ""}
                            placeholder="the provider's default"
                            onChange={(e) => set({providerModel: e.target.value.trim() || null})}
                        />
                    </label>
                )}
            </div>
            <fieldset>
                <legend>Document collections it searches (none checked: all)</legend>
                {choices.collections.length === 0 && <p className="muted">No collection yet (Documents).</p>}
                {choices.collections.map((c) => (
                    <label key={c.id}>
                        <input
                            type="checkbox"
                            checked={input.collections.includes(c.name)}
                            onChange={(e) =>
                                set({collections: toggle(input.collections, c.name, e.target.checked)})
                            }
                        />{" "}
                        {c.name}
                    </label>
                ))}
            </fieldset>
            <details>
                <summary>
                    Tools: {input.toolsOff.length} off, {input.pinnedTools.length} always offered
                </summary>
                <table className="assistant-tools">
                    <thead>
                        <tr>
                            <th>Tool</th>
                            <th>On</th>
                            <th>Always offered</th>
                        </tr>
                    </thead>
                    <tbody>
                        {choices.tools.map((t) => (
                            <tr key={t.name}>
                                <td title={t.description}>
                                    <code>{t.name}</code>
                                </td>
                                <td>
                                    <input
                                        type="checkbox"
                                        aria-label={`${t.name} on`}
                                        checked={!input.toolsOff.includes(t.name)}
                                        onChange={(e) =>
                                            set({toolsOff: toggle(input.toolsOff, t.name, !e.target.checked)})
                                        }
                                    />
                                </td>
                                <td>
                                    <input
                                        type="checkbox"
                                        aria-label={`${t.name} always offered`}
                                        checked={input.pinnedTools.includes(t.name)}
                                        onChange={(e) =>
                                            set({
                                                pinnedTools: toggle(
                                                    input.pinnedTools,
                                                    t.name,
                                                    e.target.checked,
                                                ),
                                            })
                                        }
                                    />
                                </td>
                            </tr>
                        ))}
                    </tbody>
                </table>
            </details>
            {choices.defaults && (
                <details>
                    <summary>Generation settings</summary>
                    <GenerationForm
                        value={input.generation ?? {}}
                        defaults={choices.defaults}
                        withSystemPrompt={false}
                        onChange={(next) => set({generation: Object.keys(next).length ? next : null})}
                    />
                </details>
            )}
            <label>
                <input
                    type="checkbox"
                    checked={input.isDefault ?? false}
                    onChange={(e) => set({isDefault: e.target.checked})}
                />{" "}
                New conversations start with it (the default)
            </label>
            <div className="choices">
                <button type="submit" disabled={!input.name.trim()}>
                    {isNew ? "Add assistant" : "Save assistant"}
                </button>
                <button type="button" onClick={onCancel}>
                    Cancel
                </button>
            </div>
        </form>
    );
}

function useChoices(api: CairnApi): Choices {
    const [choices, setChoices] = useState<Choices>({
        tools: [],
        collections: [],
        providers: [],
        defaults: null,
    });
    useEffect(() => {
        void Promise.all([
            api.invoke("tools.list", {}),
            api.invoke("docs.listCollections", {}),
            api.invoke("providers.list", {}),
            api.invoke("settings.get", {}),
        ]).then(([tools, collections, providers, settings]) =>
            setChoices({
                tools: tools.ok ? tools.value.filter((t) => t.enabled) : [],
                collections: collections.ok ? collections.value : [],
                providers: providers.ok ? providers.value : [],
                defaults: settings.ok ? settings.value.generation : null,
            }),
        );
    }, [api]);
    return choices;
}
