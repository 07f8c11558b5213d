import {useEffect, useState} from "react";
import type {CairnApi, EgressEntry, SettingsValues} from "../../../shared/contract.js";
import {EGRESS_PURPOSES} from "../../../shared/choices.js";
import {download} from "../ui/download.js";
import {useTranslation} from "../i18n/index.js";
import {Select} from "../ui/Select.js";
import {Switch} from "../ui/Switch.js";

type Purpose = EgressEntry["purpose"];

type Props = {
    api: CairnApi;
    values: SettingsValues;
    onChange: (values: SettingsValues) => void;
    onError: (message: string) => void;
};

/**
 * Settings' "Network": Offline mode (nothing leaves this computer) and the egress log, every request that
 * did, with what it was for, where, and its sizes; filtered by purpose and exported as CSV.
 */
export function NetworkSettings({api, values, onChange, onError}: Props) {
    const {t, i18n} = useTranslation();
    const [log, setLog] = useState<EgressEntry[]>([]);
    const [purpose, setPurpose] = useState<Purpose | "all">("all");
    useEffect(() => {
        void api.invoke("network.egress", {}).then((res) => {
            if (res.ok) setLog(res.value);
            else onError(res.error.message);
        });
    }, [api, onError]);
    const setOffline = async (offline: boolean) => {
        const res = await api.invoke("settings.set", {offline});
        if (res.ok) onChange(res.value);
        else onError(res.error.message);
    };
    const shown = purpose === "all" ? log : log.filter((e) => e.purpose === purpose);
    return (
        <section aria-labelledby="network-heading">
            <h2 id="network-heading">{t("settings.section.network")}</h2>
            <Switch
                checked={values.offline || values.offlineRun === true}
                disabled={values.offlineRun === true}
                onChange={(on) => void setOffline(on)}
            >
                {t("network.offline")}
            </Switch>
            {values.offlineRun && <p>{t("network.offlineRun")}</p>}
            <p className="muted">
                {t(values.offline || values.offlineRun ? "network.offlineOn" : "network.offlineOff")}
            </p>
            <h3>{t("network.requests")}</h3>
            <div className="choices">
                <label>
                    {t("network.show")}{" "}
                    <Select
                        value={purpose}
                        onChange={(next) => setPurpose(next as Purpose | "all")}
                        choices={[
                            {value: "all", label: t("network.everything")},
                            ...EGRESS_PURPOSES.map((p) => ({value: p, label: t(`network.purpose.${p}`)})),
                        ]}
                    />
                </label>
                <button type="button" disabled={log.length === 0} onClick={() => exportLog(log)}>
                    {t("network.exportCsv")}
                </button>
            </div>
            {shown.length === 0 ? (
                <p className="muted">{t(log.length > 0 ? "network.noneOfKind" : "network.noneYet")}</p>
            ) : (
                <table aria-label={t("network.requests")}>
                    <thead>
                        <tr>
                            <th>{t("network.column.when")}</th>
                            <th>{t("network.column.for")}</th>
                            <th>{t("network.column.server")}</th>
                            <th>{t("network.column.sent")}</th>
                            <th>{t("network.column.received")}</th>
                            <th>{t("network.column.status")}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {shown.map((e, i) => (
                            <tr key={`${e.at}-${i}`}>
                                <td>{new Date(e.at).toLocaleString(i18n.language)}</td>
                                <td>
                                    {t(`network.purpose.${e.purpose}`)}: {e.detail}
                                </td>
                                <td>{e.host}</td>
                                <td>{bytes(e.bytesSent)}</td>
                                <td>{bytes(e.bytesReceived)}</td>
                                <td>{e.status ?? t("network.noAnswer")}</td>
                            </tr>
                        ))}
                    </tbody>
                </table>
            )}
        </section>
    );
}

function bytes(n: number): string {
    return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}

/** The log as CSV: one row per request, times in ISO 8601, quoted where a field needs it. */
function egressCsv(log: EgressEntry[]): string {
    const quote = (v: string | number | null) => {
        const text = v === null ? "" : String(v);
        return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    const header = "time,purpose,detail,host,bytes_sent,bytes_received,status,conversation_id";
    const rows = log.map((e) =>
        [
            new Date(e.at).toISOString(),
            e.purpose,
            e.detail,
            e.host,
            e.bytesSent,
            e.bytesReceived,
            e.status,
            e.conversationId,
        ]
            .map(quote)
            .join(","),
    );
    return [header, ...rows].join("\n") + "\n";
}

function exportLog(log: EgressEntry[]): void {
    download(new Blob([egressCsv(log)], {type: "text/csv"}), "cairn-egress.csv");
}
