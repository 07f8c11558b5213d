import {useEffect, useState, type FormEvent} from "react";
import type {CairnApi, ProviderInfo, ProviderType} from "../../../shared/contract.js";
import {hostOf} from "../ui/hostOf.js";
import {useTranslation, type TFunction} from "../i18n/index.js";
import {Select} from "../ui/Select.js";

/**
 * Models served elsewhere (providers.json): nothing leaves this computer until a provider is added and a
 * conversation uses it (Settings → Network lists every request).
 */
export function ProviderSettings({api, onError}: {api: CairnApi; onError: (message: string) => void}) {
    const {t} = useTranslation();
    const [providers, setProviders] = useState<ProviderInfo[]>([]);
    const [canStoreKeys, setCanStoreKeys] = useState(false);
    useEffect(() => {
        void Promise.all([api.invoke("providers.list", {}), api.invoke("providers.canStoreKeys", {})]).then(
            ([list, keys]) => {
                if (list.ok) setProviders(list.value);
                else onError(list.error.message);
                if (keys.ok) setCanStoreKeys(keys.value);
            },
        );
    }, [api, onError]);
    const remove = async (name: string) => {
        const res = await api.invoke("providers.remove", {name});
        if (res.ok) setProviders(res.value);
        else onError(res.error.message);
    };
    return (
        <section aria-labelledby="providers-heading">
            <h2 id="providers-heading">{t("settings.section.providers")}</h2>
            {providers.length === 0 ? (
                <p className="muted">{t("providerSettings.none")}</p>
            ) : (
                <ul className="providers">
                    {providers.map((p) => (
                        <li key={p.name}>
                            <code>{p.name}</code> · {typeLabel(t, p.type)} ·{" "}
                            {p.model ?? t("providerSettings.firstModel")} · {hostOf(p.baseUrl)} ·{" "}
                            {p.key === "none"
                                ? t("providerSettings.noKey")
                                : t("providerSettings.keyIs", {key: p.key})}{" "}
                            <button
                                type="button"
                                onClick={() => void remove(p.name)}
                                aria-label={t("providerSettings.removeOf", {name: p.name})}
                            >
                                {t("providerSettings.remove")}
                            </button>
                        </li>
                    ))}
                </ul>
            )}
            <AddProvider api={api} canStoreKeys={canStoreKeys} onAdded={setProviders} onError={onError} />
        </section>
    );
}

/** The kinds of provider, in the order the form offers them. */
const TYPES: ProviderType[] = ["openai-compatible", "openai", "gemini", "anthropic"];
/** The cloud providers' names: brands, the same in every language. */
const BRAND: Record<Exclude<ProviderType, "openai-compatible">, string> = {
    openai: "OpenAI",
    gemini: "Gemini",
    anthropic: "Anthropic",
};
const typeLabel = (t: TFunction, type: ProviderType) =>
    type === "openai-compatible" ? t("providerSettings.compatible") : BRAND[type];
/** Examples shown in empty fields: a name and the variable that holds a key. */
const NAME_EXAMPLE = "gpu-box";
const KEY_VARIABLE_EXAMPLE = "OPENAI_API_KEY";
const DEFAULT_ADDRESS: Record<ProviderType, string> = {
    "openai-compatible": "http://10.0.0.5:8080/v1",
    openai: "https://api.openai.com/v1",
    gemini: "https://generativelanguage.googleapis.com/v1beta",
    anthropic: "https://api.anthropic.com/v1",
};

/**
 * Adds a provider. A key typed here is kept only by the desktop app, encrypted by the system's keychain;
 * elsewhere (cairn serve) the form asks for the environment variable that holds it.
 */
function AddProvider({
    api,
    canStoreKeys,
    onAdded,
    onError,
}: {
    api: CairnApi;
    canStoreKeys: boolean;
    onAdded: (list: ProviderInfo[]) => void;
    onError: (message: string) => void;
}) {
    const {t} = useTranslation();
    const [type, setType] = useState<ProviderType>("openai-compatible");
    const submit = async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const form = event.currentTarget;
        const field = (name: string) => {
            const value = (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim();
            return value ? value : undefined;
        };
        const res = await api.invoke("providers.add", {
            name: field("name") ?? "",
            type,
            ...(field("baseUrl") ? {baseUrl: field("baseUrl")} : {}),
            ...(field("model") ? {model: field("model")} : {}),
            ...(field("key") ? {key: field("key")} : {}),
            ...(field("keyEnv") ? {keyEnv: field("keyEnv")} : {}),
        });
        if (!res.ok) return onError(res.error.message);
        onAdded(res.value);
        form.reset();
    };
    const local = type === "openai-compatible";
    return (
        <form
            className="add-provider"
            aria-label={t("providerSettings.addTitle")}
            onSubmit={(e) => void submit(e)}
        >
            <h3>{t("providerSettings.addTitle")}</h3>
            <label>
                {t("providerSettings.name")}{" "}
                <input name="name" required pattern="[A-Za-z0-9][\w.\-]{0,63}" placeholder={NAME_EXAMPLE} />
            </label>
            <label>
                {t("providerSettings.type")}{" "}
                <Select
                    value={type}
                    onChange={(next) => setType(next as ProviderType)}
                    choices={TYPES.map((each) => ({value: each, label: typeLabel(t, each)}))}
                />
            </label>
            <label>
                {t("providerSettings.address")}{" "}
                <input
                    name="baseUrl"
                    type="url"
                    required={local}
                    placeholder={DEFAULT_ADDRESS[type]}
                    aria-describedby="provider-address-note"
                />
            </label>
            <p id="provider-address-note" className="muted">
                {local ? t("providerSettings.addressLocal") : t("providerSettings.addressCloud")}
            </p>
            <label>
                {t("providerSettings.model")}{" "}
                <input name="model" placeholder={t("providerSettings.modelHint")} />
            </label>
            {canStoreKeys ? (
                <label>
                    {t("providerSettings.key")}{" "}
                    <input
                        name="key"
                        type="password"
                        autoComplete="off"
                        aria-describedby="provider-key-note"
                    />
                </label>
            ) : (
                <label>
                    {t("providerSettings.keyVariable")}{" "}
                    <input
                        name="keyEnv"
                        pattern="[A-Za-z_][A-Za-z0-9_]*"
                        placeholder={KEY_VARIABLE_EXAMPLE}
                        aria-describedby="provider-key-note"
                    />
                </label>
            )}
            <p id="provider-key-note" className="muted">
                {canStoreKeys ? t("providerSettings.keyStored") : t("providerSettings.keyEnv")}
            </p>
            <button type="submit">{t("providerSettings.add")}</button>
        </form>
    );
}
