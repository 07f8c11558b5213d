import {useEffect, useState, type FormEvent} from "react";
import type {CairnApi, ProviderInfo, ProviderType} from "../../../shared/contract.js";
import {hostOf} from "../chat/HeaderStatus.js";
import {useTranslation} from "../i18n/index.js";

/**
 * Models served elsewhere (providers.json): nothing leaves this computer until a provider is added and a
 * conversation uses it (Settings → Network lists every request).
 */
export function ProviderSettings({api, onError}: {api: CairnApi; onError(message: string): void}) {
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
                <p className="muted">None: every answer comes from the model on this computer.</p>
            ) : (
                <ul className="providers">
                    {providers.map((p) => (
                        <li key={p.name}>
                            <code>{p.name}</code> · {TYPE_LABEL[p.type]} · {p.model ?? "first model listed"} ·{" "}
                            {hostOf(p.baseUrl)} · key: {p.key}{" "}
                            <button
                                type="button"
                                onClick={() => void remove(p.name)}
                                aria-label={`Remove ${p.name}`}
                            >
                                Remove
                            </button>
                        </li>
                    ))}
                </ul>
            )}
            <AddProvider api={api} canStoreKeys={canStoreKeys} onAdded={setProviders} onError={onError} />
        </section>
    );
}

const TYPE_LABEL: Record<ProviderType, string> = {
    "openai-compatible": "OpenAI-compatible server",
    openai: "OpenAI",
    gemini: "Gemini",
    anthropic: "Anthropic",
};
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
    onAdded(list: ProviderInfo[]): void;
    onError(message: string): void;
}) {
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
        <form className="add-provider" aria-label="Add a provider" onSubmit={(e) => void submit(e)}>
            <h3>Add a provider</h3>
            <label>
                Name <input name="name" required pattern="[A-Za-z0-9][\w.\-]{0,63}" placeholder="gpu-box" />
            </label>
            <label>
                Type{" "}
                <select value={type} onChange={(e) => setType(e.target.value as ProviderType)}>
                    {(Object.keys(TYPE_LABEL) as ProviderType[]).map((t) => (
                        <option key={t} value={t}>
                            {TYPE_LABEL[t]}
                        </option>
                    ))}
                </select>
            </label>
            <label>
                Address{" "}
                <input
                    name="baseUrl"
                    type="url"
                    required={local}
                    placeholder={DEFAULT_ADDRESS[type]}
                    aria-describedby="provider-address-note"
                />
            </label>
            <p id="provider-address-note" className="muted">
                {local
                    ? "llama-server, vLLM, Ollama (http://localhost:11434/v1), LM Studio (http://localhost:1234/v1) or another Cairn."
                    : "Leave empty for the provider's own address."}
            </p>
            <label>
                Model <input name="model" placeholder="the first one the server lists" />
            </label>
            {canStoreKeys ? (
                <label>
                    Key{" "}
                    <input
                        name="key"
                        type="password"
                        autoComplete="off"
                        aria-describedby="provider-key-note"
                    />
                </label>
            ) : (
                <label>
                    Key variable{" "}
                    <input
                        name="keyEnv"
                        pattern="[A-Za-z_][A-Za-z0-9_]*"
                        placeholder="OPENAI_API_KEY"
                        aria-describedby="provider-key-note"
                    />
                </label>
            )}
            <p id="provider-key-note" className="muted">
                {canStoreKeys
                    ? "Kept encrypted by your system's keychain, never in clear, never in logs or exports."
                    : "The environment variable of cairn serve that holds the key. Keys typed here are kept only by the desktop app (encrypted); this server keeps none."}
            </p>
            <button type="submit">Add provider</button>
        </form>
    );
}
