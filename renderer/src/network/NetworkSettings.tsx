import {useEffect, useState} from "react";
import type {CairnApi, EgressEntry, SettingsValues} from "../../../shared/contract.js";
import {download} from "../ui/download.js";
import {useTranslation} from "../i18n/index.js";

type Purpose = EgressEntry["purpose"];
const PURPOSES: Purpose[] = [
    "provider",
    "web search",
    "web fetch",
    "model download",
    "model search",
    "MCP server",
];

type Props = {
    api: CairnApi;
    values: SettingsValues;
    onChange(values: SettingsValues): void;
    onError(message: string): void;
};

/**
 * Settings' "Network": Offline mode (nothing leaves this computer) and the egress log, every request that
 * did, with what it was for, where, and its sizes; filtered by purpose and exported as CSV.
 */
export function NetworkSettings({api, values, onChange, onError}: Props) {
    const {t} = useTranslation();
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
            <label>
                <input
                    type="checkbox"
                    checked={values.offline || values.offlineRun === true}
                    disabled={values.offlineRun === true}
                    onChange={(e) => void setOffline(e.target.checked)}
                />{" "}
                Offline mode: nothing leaves this computer
            </label>
            {values.offlineRun && <p>On for this run: Cairn was started with --offline.</p>}
            <p className="muted">
                {values.offline || values.offlineRun
                    ? "Providers, web search, page fetches, model downloads and MCP servers elsewhere are refused; local models, documents and servers on this computer keep working."
                    : "Cairn connects elsewhere only for what you set up: providers, web access, downloads and MCP servers. Each request is listed below, servers on this computer included."}
            </p>
            <h3>Requests sent off this computer</h3>
            <div className="choices">
                <label>
                    Show{" "}
                    <select value={purpose} onChange={(e) => setPurpose(e.target.value as Purpose | "all")}>
                        <option value="all">everything</option>
                        {PURPOSES.map((p) => (
                            <option key={p} value={p}>
                                {p}
                            </option>
                        ))}
                    </select>
                </label>
                <button type="button" disabled={log.length === 0} onClick={() => exportLog(log)}>
                    Export as CSV
                </button>
            </div>
            {shown.length === 0 ? (
                <p className="muted">None{log.length > 0 ? " of this kind" : " yet"}.</p>
            ) : (
                <table aria-label="Requests sent off this computer">
                    <thead>
                        <tr>
                            <th>When</th>
                            <th>For</th>
                            <th>Server</th>
                            <th>Sent</th>
                            <th>Received</th>
                            <th>Status</th>
                        </tr>
                    </thead>
                    <tbody>
                        {shown.map((e, i) => (
                            <tr key={`${e.at}-${i}`}>
                                <td>{new Date(e.at).toLocaleString()}</td>
                                <td>
                                    {e.purpose}: {e.detail}
                                </td>
                                <td>{e.host}</td>
                                <td>{bytes(e.bytesSent)}</td>
                                <td>{bytes(e.bytesReceived)}</td>
                                <td>{e.status ?? "no answer"}</td>
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
