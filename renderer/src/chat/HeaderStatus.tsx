import {useState} from "react";
import {fileNameOf} from "../../../shared/format.js";
import type {
    Conversation,
    EngineStatus,
    FitEstimate,
    Message,
    ModelsOverview,
    ProviderInfo,
    ToolUseScore,
} from "../../../shared/contract.js";
import {useApi} from "../apiContext.js";
import {useTranslation} from "../i18n/index.js";
import {FIT_KEY, FitBadge} from "../ui/FitBadge.js";
import {hostOf} from "../ui/hostOf.js";
import {Select, type Choice, type ChoiceGroup} from "../ui/Select.js";
import {Hint} from "../ui/Hint.js";
import {toolUseLabel} from "../ui/toolUseLabel.js";

/** What the header's model picker reads of the Models screen's state, and the one thing it asks of it. */
export type HeaderModels = {
    state: {
        overview: ModelsOverview | null;
        fits: Record<string, FitEstimate>;
        toolUse: Record<string, ToolUseScore>;
    };
    load: (path: string) => Promise<unknown>;
};

type Props = {
    engine: EngineStatus | null;
    models: HeaderModels;
    messages: Message[];
    /** The conversation shown: its provider (a model elsewhere) is the picker's choice when it has one. */
    conversation?: Conversation | null;
    providers?: ProviderInfo[];
    /** A provider (and one of its models; null: its default), or null for the local model. */
    onProvider?: (provider: string | null, model: string | null) => void;
};

const REMOTE = "provider:";

/** The picker's value for a provider and one of its models. */
const remoteValue = (provider: string, model: string | null) =>
    `${REMOTE}${provider}${model ? `:${model}` : ""}`;

/**
 * The model picker (local models, and models served elsewhere for this conversation), how much of the
 * context the conversation uses, and the last answer's speed.
 */
export function HeaderStatus({engine, models, messages, conversation, providers = [], onProvider}: Props) {
    const {t} = useTranslation();
    const installed = models.state.overview?.installed ?? [];
    const current = engine?.modelPath ?? "";
    const files =
        installed.some((m) => m.file === current) || !current
            ? installed.map((m) => m.file)
            : [current, ...installed.map((m) => m.file)];
    const last = messages.findLast((m) => m.role === "assistant" && m.stats);
    const used = last?.stats
        ? last.stats.promptTokens + last.stats.reusedTokens + last.stats.completionTokens
        : null;
    const size = engine?.contextSize ?? null;
    const remote = useRemoteModels(providers);
    const value = conversation?.provider
        ? remoteValue(conversation.provider, conversation.providerModel)
        : current;
    const choices: (Choice | ChoiceGroup)[] = [
        ...(current ? [] : [{value: "", label: t("header.noModel")}]),
        ...files.map((file) => {
            const fit = models.state.fits[file];
            const facts = [
                modelName(file, installed),
                fit && t(FIT_KEY[fit.verdict]),
                toolUseLabel(models.state.toolUse[file], t),
            ];
            return {value: file, label: facts.filter(Boolean).join(" · ")};
        }),
        ...(conversation
            ? providers.map((p) => ({
                  group: t("header.servedElsewhere", {name: p.name, host: hostOf(p.baseUrl)}),
                  choices: [
                      {
                          value: remoteValue(p.name, null),
                          label: `${p.name} · ${p.model ?? t("header.firstModel")}`,
                      },
                      ...modelsOf(p, remote.lists[p.name], conversation).map((model) => ({
                          value: remoteValue(p.name, model),
                          label: `${p.name} · ${model}`,
                      })),
                  ],
              }))
            : []),
    ];
    const chosen = choices.flatMap((c) => ("group" in c ? c.choices : [c])).find((c) => c.value === value);
    return (
        <>
            {/* The model's whole name in a hint, when the header is too narrow to show it all. */}
            <Hint text={chosen?.label} side="bottom" when={pickerIsCut}>
                <label className="model-picker">
                    <span className="visually-hidden">{t("header.model")}</span>
                    <Select
                        aria-label={t("header.model")}
                        value={value}
                        disabled={engine?.state === "loading" || engine?.state === "generating"}
                        // The providers' model lists are asked for when the person looks at the picker, not before.
                        onFocus={remote.fetch}
                        onOpen={remote.fetch}
                        onChange={(value) => {
                            if (value.startsWith(REMOTE)) {
                                const [name, ...model] = value.slice(REMOTE.length).split(":");
                                return onProvider?.(name!, model.length ? model.join(":") : null);
                            }
                            if (conversation?.provider) onProvider?.(null, null);
                            if (value && value !== current) void models.load(value);
                        }}
                        choices={choices}
                    />
                </label>
            </Hint>
            {/* The local model's fit and context say nothing of a model served elsewhere. */}
            {!conversation?.provider && models.state.fits[current] && (
                <FitBadge fit={models.state.fits[current]} />
            )}
            {!conversation?.provider && used !== null && size !== null && (
                <span className="context-use" title={t("header.contextTitle", {used, size})}>
                    <meter
                        aria-label={t("header.contextUsed")}
                        min={0}
                        max={size}
                        value={Math.min(used, size)}
                        low={size * 0.6}
                        high={size * 0.85}
                        optimum={0}
                    />{" "}
                    <span className="count">
                        {short(used)} / {short(size)}
                    </span>
                </span>
            )}
            {last?.stats?.tokensPerSecond != null && (
                <span className="speed" title={t("header.speed")}>
                    {t("header.tokensPerSecond", {speed: last.stats.tokensPerSecond.toFixed(1)})}
                </span>
            )}
        </>
    );
}

/**
 * Each provider's model list, asked once (when `fetch` is first called): its server's /models, logged in
 * the egress log. A provider that cannot be reached lists only its default.
 */
function useRemoteModels(providers: ProviderInfo[]) {
    const api = useApi();
    const [lists, setLists] = useState<Record<string, string[]>>({});
    const [asked, setAsked] = useState(false);
    const fetch = () => {
        if (asked || !api || providers.length === 0) return;
        setAsked(true);
        for (const p of providers)
            void api.invoke("providers.models", {name: p.name}).then((res) => {
                if (res.ok) setLists((all) => ({...all, [p.name]: res.value}));
            });
    };
    return {lists, fetch};
}

/** A provider's other models: those its server lists, and the conversation's choice even before the list came. */
function modelsOf(
    provider: ProviderInfo,
    listed: string[] | undefined,
    conversation: Conversation,
): string[] {
    const chosen = conversation.provider === provider.name ? conversation.providerModel : null;
    const all = [...(chosen ? [chosen] : []), ...(listed ?? [])];
    return [...new Set(all)].filter((m) => m !== provider.model);
}

/**
 * Whether the picker shows its model's name cut short (the header is narrow), while its list is closed: a hint
 * over the open list would take its Esc.
 */
function pickerIsCut(): boolean {
    const trigger = document.querySelector(".chat-header .model-picker .select-trigger");
    const shown = trigger?.querySelector(":scope > span:first-child");
    if (!shown || trigger?.getAttribute("aria-expanded") === "true") return false;
    return shown.scrollWidth > shown.clientWidth;
}

const short = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

/**
 * A model file's name in the picker: its own (from its header), else its file name; two files that give the
 * same name (two quantizations of one model) are told apart by their file names.
 */
function modelName(file: string, installed: {file: string; name: string}[]): string {
    const base = fileNameOf(file);
    const name = installed.find((m) => m.file === file)?.name;
    if (!name) return base;
    return installed.some((m) => m.file !== file && m.name === name) ? `${name} (${base})` : name;
}
