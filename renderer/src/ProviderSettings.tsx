import {useEffect, useState} from "react";
import type {CairnApi, EgressEntry, ProviderInfo} from "../../shared/contract.js";
import {hostOf} from "./HeaderStatus.js";

/**
 * Models served elsewhere (providers.json) and every request sent to them: nothing leaves this computer
 * until a provider is added and a conversation uses it.
 */
export function ProviderSettings({api, onError}: {api: CairnApi; onError(message: string): void}) {
    const [providers, setProviders] = useState<ProviderInfo[]>([]);
    const [egress, setEgress] = useState<EgressEntry[]>([]);
    useEffect(() => {
        void Promise.all([api.invoke("providers.list", {}), api.invoke("providers.egress", {})]).then(
            ([list, log]) => {
                if (list.ok) setProviders(list.value);
                else onError(list.error.message);
                if (log.ok) setEgress(log.value);
            },
        );
    }, [api, onError]);
    return (
        <>
            <h2>Models served elsewhere</h2>
            {providers.length === 0 ? (
                <p className="muted">
                    None: every answer comes from the model on this computer. Add one with{" "}
                    <code>cairn providers add NAME --base-url URL</code>.
                </p>
            ) : (
                <ul className="providers">
                    {providers.map((p) => (
                        <li key={p.name}>
                            <code>{p.name}</code> · {p.model ?? "first model listed"} · {hostOf(p.baseUrl)} ·
                            key: {p.key}
                        </li>
                    ))}
                </ul>
            )}
            <h3>Requests sent to them</h3>
            {egress.length === 0 ? (
                <p className="muted">None yet.</p>
            ) : (
                <table aria-label="Requests sent to other servers">
                    <thead>
                        <tr>
                            <th>When</th>
                            <th>Provider</th>
                            <th>Server</th>
                            <th>Sent</th>
                            <th>Received</th>
                            <th>Status</th>
                        </tr>
                    </thead>
                    <tbody>
                        {egress.map((e, i) => (
                            <tr key={`${e.at}-${i}`}>
                                <td>{new Date(e.at).toLocaleString()}</td>
                                <td>{e.provider}</td>
                                <td>{e.host}</td>
                                <td>{bytes(e.bytesSent)}</td>
                                <td>{bytes(e.bytesReceived)}</td>
                                <td>{e.status ?? "no answer"}</td>
                            </tr>
                        ))}
                    </tbody>
                </table>
            )}
        </>
    );
}

function bytes(n: number): string {
    return n < 1024 ? `${n} B` : `${(n / 1024).toFixed(1)} KB`;
}
