import {useEffect, useState} from "react";
import type {
    AssistantInput,
    CairnApi,
    Collection,
    GenerationSettings,
    ProviderInfo,
    SkillInfo,
    ToolInfo,
} from "../../../shared/contract.js";
import {fileNameOf} from "../../../shared/format.js";
import {GenerationForm} from "../ui/GenerationForm.js";
import {useTranslation, type TFunction} from "../i18n/index.js";
import {Select} from "../ui/Select.js";
import {AssistantTools, toggle} from "./AssistantTools.js";

/** What the icon field shows before anything is typed. */
const ICON_EXAMPLE = "🧭";

type Props = {
    api: CairnApi;
    initial: AssistantInput;
    isNew: boolean;
    onSave: (input: AssistantInput) => void;
    onCancel: () => void;
};

/** What the editor offers to choose from: the tools, collections, providers and defaults here now. */
type Choices = {
    tools: ToolInfo[];
    /** The skills in use (Settings → Skills): an assistant may leave some out ("skill:<name>" in toolsOff). */
    skills: SkillInfo[];
    collections: Collection[];
    providers: ProviderInfo[];
    /** The installed local models: their file names and their own names. */
    models: {fileName: string; name: string}[];
    defaults: GenerationSettings | null;
};

/** The picker's value for where an assistant's answers come from: a provider, "model:<file>", or "" (loaded). */
const MODEL = "model:";
const modelValue = (input: AssistantInput) =>
    input.provider ?? (input.localModel ? MODEL + input.localModel : "");
const modelChoice = (value: string): Partial<AssistantInput> =>
    value.startsWith(MODEL)
        ? {provider: null, providerModel: null, localModel: value.slice(MODEL.length)}
        : {provider: value || null, providerModel: null, localModel: null};

/** The installed models to answer with, and the one named if it is not installed here (said so). */
function localChoices(models: Choices["models"], named: string | null, t: TFunction) {
    const listed = models.map((m) => ({value: MODEL + m.fileName, label: `${m.name} (${m.fileName})`}));
    if (named && !models.some((m) => m.fileName === named))
        listed.push({value: MODEL + named, label: t("assistantEditor.notInstalled", {name: named})});
    return listed;
}

/** One assistant's settings, as a form: saved whole, or left as it was. */
export function AssistantEditor({api, initial, isNew, onSave, onCancel}: Props) {
    const {t} = useTranslation();
    const [input, setInput] = useState(initial);
    const choices = useChoices(api);
    const set = (change: Partial<AssistantInput>) => setInput((a) => ({...a, ...change}));
    return (
        <form
            className="assistant-editor"
            aria-label={isNew ? t("assistantEditor.new") : t("assistantEditor.editOf", {name: initial.name})}
            onSubmit={(e) => {
                e.preventDefault();
                onSave({...input, starters: input.starters.map((s) => s.trim()).filter(Boolean)});
            }}
        >
            <div className="assistant-title">
                <label>
                    {t("assistantEditor.icon")}
                    <input
                        type="text"
                        value={input.icon}
                        maxLength={16}
                        placeholder={ICON_EXAMPLE}
                        onChange={(e) => set({icon: e.target.value})}
                    />
                </label>
                <label>
                    {t("assistantEditor.name")}
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
                {t("assistantEditor.instructions")}
                <textarea
                    rows={4}
                    value={input.instructions}
                    maxLength={20_000}
                    placeholder={t("assistantEditor.instructionsHint")}
                    onChange={(e) => set({instructions: e.target.value})}
                />
            </label>
            <label>
                {t("assistantEditor.starters")}
                <textarea
                    rows={3}
                    value={input.starters.join("\n")}
                    onChange={(e) => set({starters: e.target.value.split("\n").slice(0, 8)})}
                />
            </label>
            <label>
                {t("assistantEditor.memories")}
                <Select
                    value={input.memoryScope}
                    onChange={(scope) => set({memoryScope: scope as AssistantInput["memoryScope"]})}
                    choices={[
                        {value: "everywhere", label: t("assistantEditor.memoryEverywhere")},
                        {value: "assistant", label: t("assistantEditor.memoryOwn")},
                    ]}
                />
            </label>
            <div className="assistant-model">
                <label>
                    {t("assistantEditor.answersWith")}
                    <Select
                        value={modelValue(input)}
                        onChange={(value) => set(modelChoice(value))}
                        choices={[
                            {
                                group: t("assistantEditor.onComputer"),
                                choices: [
                                    {value: "", label: t("assistantEditor.localModel")},
                                    ...localChoices(choices.models, input.localModel, t),
                                ],
                            },
                            ...(choices.providers.length
                                ? [
                                      {
                                          group: t("assistantEditor.elsewhere"),
                                          choices: choices.providers.map((p) => ({
                                              value: p.name,
                                              label: p.name,
                                          })),
                                      },
                                  ]
                                : []),
                        ]}
                    />
                </label>
                {input.provider && (
                    <label>
                        {t("assistantEditor.itsModel")}
                        <input
                            type="text"
                            value={input.providerModel ?? ""}
                            placeholder={t("assistantEditor.providerDefault")}
                            onChange={(e) => set({providerModel: e.target.value.trim() || null})}
                        />
                    </label>
                )}
            </div>
            <fieldset>
                <legend>{t("assistantEditor.collections")}</legend>
                {choices.collections.length === 0 && (
                    <p className="muted">{t("assistantEditor.noCollection")}</p>
                )}
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
            <AssistantTools
                input={input}
                skills={choices.skills}
                tools={choices.tools}
                onChange={(change) => set(change)}
            />
            {choices.defaults && (
                <details>
                    <summary>{t("assistantEditor.generation")}</summary>
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
                {t("assistantEditor.isDefault")}
            </label>
            <div className="choices">
                <button type="submit" disabled={!input.name.trim()}>
                    {isNew ? t("assistantEditor.add") : t("assistantEditor.save")}
                </button>
                <button type="button" onClick={onCancel}>
                    {t("assistantEditor.cancel")}
                </button>
            </div>
        </form>
    );
}

function useChoices(api: CairnApi): Choices {
    const [choices, setChoices] = useState<Choices>({
        tools: [],
        skills: [],
        collections: [],
        providers: [],
        models: [],
        defaults: null,
    });
    useEffect(() => {
        void Promise.all([
            api.invoke("tools.list", {}),
            api.invoke("docs.listCollections", {}),
            api.invoke("providers.list", {}),
            api.invoke("settings.get", {}),
            api.invoke("models.list", {}),
            api.invoke("skills.list", {}),
        ]).then(([tools, collections, providers, settings, models, skills]) =>
            setChoices({
                tools: tools.ok ? tools.value.filter((t) => t.enabled) : [],
                skills: skills.ok ? skills.value.filter((s) => s.enabled && !s.problem) : [],
                collections: collections.ok ? collections.value : [],
                providers: providers.ok ? providers.value : [],
                defaults: settings.ok ? settings.value.generation : null,
                models: models.ok
                    ? models.value.installed.map((m) => ({fileName: fileNameOf(m.file), name: m.name}))
                    : [],
            }),
        );
    }, [api]);
    return choices;
}
