import {useCallback, useEffect, useState} from "react";
import type {ApiStatus, CairnApi, CallRes} from "../../../shared/contract.js";
import {Confirm} from "../ui/Confirm.js";
import {useTranslation} from "../i18n/index.js";
import {Switch} from "../ui/Switch.js";

type Props = {api: CairnApi; onError: (message: string) => void};

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
            <Switch
                title={t("apiSettings.hint")}
                checked={status.enabled}
                onChange={(on) => {
                    // Shown at once; the server's answer (its address, or why it could not start) follows.
                    setStatus({...status, enabled: on});
                    void api.invoke("api.setEnabled", {enabled: on}).then(apply);
                }}
            >
                {t("apiSettings.enable")}
            </Switch>
            {status.error && (
                <p className="problem" role="alert">
                    {status.error}
                </p>
            )}
            {status.url && (
                <dl className="api-facts">
                    <dt>{t("apiSettings.baseUrl")}</dt>
                    <dd>
                        <code data-testid="api-url">{status.url}</code>{" "}
                        <button onClick={() => copy(status.url!)} aria-label={t("apiSettings.copyUrl")}>
                            {t("apiSettings.copy")}
                        </button>
                    </dd>
                    <dt>{t("apiSettings.key")}</dt>
                    <dd>
                        <code data-testid="api-key">{status.key}</code>{" "}
                        <button onClick={() => copy(status.key)} aria-label={t("apiSettings.copyKey")}>
                            {t("apiSettings.copy")}
                        </button>{" "}
                        {confirming ? (
                            <Confirm
                                label={t("apiSettings.newKeyQuestion")}
                                confirm={t("apiSettings.newKey")}
                                cancel={t("apiSettings.keepKey")}
                                onConfirm={() => {
                                    setConfirming(false);
                                    void api.invoke("api.regenerateKey", {}).then(apply);
                                }}
                                onCancel={() => setConfirming(false)}
                            >
                                {t("apiSettings.newKeyExplain")}
                            </Confirm>
                        ) : (
                            <button onClick={() => setConfirming(true)}>{t("apiSettings.regenerate")}</button>
                        )}
                    </dd>
                </dl>
            )}
            <label className="stacked">
                {t("apiSettings.cors")}
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
