import {useCallback, useEffect, useState} from "react";
import type {ApiStatus, CairnApi, CallRes} from "../../../shared/contract.js";
import {Confirm} from "../ui/Confirm.js";
import {useTranslation} from "../i18n/index.js";

type Props = {api: CairnApi; onError(message: string): void};

/** Settings' "Local API server": the switch, the address and key clients use, and CORS origins. */
export function ApiSettings({api, onError}: Props) {
    const {t} = useTranslation();
    const [status, setStatus] = useState<ApiStatus | null>(null);
    const [origins, setOrigins] = useState("");
    const [confirming, setConfirming] = useState(false);
    const apply = useCallback(
        (res: CallRes<"api.getStatus">) => {
            if (!res.ok) return onError(res.error.message);
            setStatus(res.value);
            setOrigins(res.value.corsOrigins.join("\n"));
        },
        [onError],
    );
    useEffect(() => {
        void api.invoke("api.getStatus", {}).then(apply);
    }, [api, apply]);
    if (!status) return null;
    const copy = (text: string) => void navigator.clipboard?.writeText(text);
    return (
        <section aria-labelledby="api-heading">
            <h2 id="api-heading">{t("settings.section.api")}</h2>
            <label title="Other programs on this computer can use Cairn's model and tools with OpenAI's API.">
                <input
                    type="checkbox"
                    checked={status.enabled}
                    onChange={(e) => {
                        // Shown at once; the server's answer (its address, or why it could not start) follows.
                        setStatus({...status, enabled: e.target.checked});
                        void api.invoke("api.setEnabled", {enabled: e.target.checked}).then(apply);
                    }}
                />{" "}
                OpenAI-compatible API for other programs (off by default)
            </label>
            {status.error && (
                <p className="problem" role="alert">
                    {status.error}
                </p>
            )}
            {status.url && (
                <dl className="api-facts">
                    <dt>Base URL</dt>
                    <dd>
                        <code data-testid="api-url">{status.url}</code>{" "}
                        <button onClick={() => copy(status.url!)} aria-label="Copy base URL">
                            Copy
                        </button>
                    </dd>
                    <dt>API key</dt>
                    <dd>
                        <code data-testid="api-key">{status.key}</code>{" "}
                        <button onClick={() => copy(status.key)} aria-label="Copy API key">
                            Copy
                        </button>{" "}
                        {confirming ? (
                            <Confirm
                                label="Make a new API key?"
                                confirm="Make a new key"
                                cancel="Keep the key"
                                onConfirm={() => {
                                    setConfirming(false);
                                    void api.invoke("api.regenerateKey", {}).then(apply);
                                }}
                                onCancel={() => setConfirming(false)}
                            >
                                Programs using the old key will stop working.
                            </Confirm>
                        ) : (
                            <button onClick={() => setConfirming(true)}>Regenerate key</button>
                        )}
                    </dd>
                </dl>
            )}
            <label className="stacked">
                Web pages allowed to call the API (CORS), one origin a line, such as http://localhost:3000
                <textarea
                    rows={2}
                    value={origins}
                    onChange={(e) => setOrigins(e.target.value)}
                    onBlur={() =>
                        void api
                            .invoke("api.setCorsOrigins", {
                                origins: origins.split(/\s+/).filter((o) => o.length > 0),
                            })
                            .then(apply)
                    }
                />
            </label>
        </section>
    );
}
