import {useCallback, useEffect, useState} from "react";
import type {CairnApi, CallRes, McpStatus} from "../../../shared/contract.js";
import {ServerRow} from "./ServerRow.js";
import {isBundleFile, useBundleInstall} from "./bundleInstall.js";
import {RegistrySearch} from "./RegistrySearch.js";
import {Trans, useTranslation} from "../i18n/index.js";

type Props = {api: CairnApi; onError: (message: string) => void};

const EXAMPLE = `{"mcpServers": {"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/notes"]}}}`;

/**
 * Settings' "MCP servers": their state and tools; add from pasted JSON, another assistant's file, a bundle
 * (.mcpb, picked or dropped) or the official registry; enable, restart, remove.
 */
export function McpSettings({api, onError}: Props) {
    const {t} = useTranslation();
    const [status, setStatus] = useState<McpStatus | null>(null);
    const [pasted, setPasted] = useState("");
    const [problem, setProblem] = useState<string | null>(null);
    const apply = useCallback(
        (res: CallRes<"mcp.list">) => {
            if (res.ok) setStatus(res.value);
            else onError(res.error.message);
        },
        [onError],
    );
    useEffect(() => {
        const refresh = () => void api.invoke("mcp.list", {}).then(apply);
        refresh();
        // A server starting, failing or changing its tools, or the file edited elsewhere.
        return api.onEvent((e) => {
            if (e.type === "mcp.changed") refresh();
        });
    }, [api, apply]);
    const bundles = useBundleInstall(api, apply);
    if (!status) return null;
    const add = async (json: string) => {
        const res = await api.invoke("mcp.add", {json});
        if (!res.ok) return setProblem(res.error.message);
        setProblem(null);
        setPasted("");
        setStatus(res.value);
    };
    /** Another assistant's settings file, read here and added as if pasted. */
    const importFile = async (file: File | undefined) => {
        if (!file) return;
        if (file.size > 200_000) return setProblem(t("mcpSettings.tooBig", {name: file.name}));
        await add(await file.text());
    };
    /** A dropped file: a bundle is installed, another assistant's settings file imported. */
    const onDrop = (event: React.DragEvent) => {
        const file = event.dataTransfer.files[0];
        if (!file) return;
        event.preventDefault();
        event.stopPropagation();
        if (isBundleFile(file)) bundles.install(file);
        else void importFile(file);
    };
    return (
        <section aria-labelledby="mcp-heading" onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
            <h2 id="mcp-heading">{t("settings.section.mcp")}</h2>
            <p className="hint">
                <Trans
                    i18nKey="mcpSettings.intro"
                    values={{file: status.file}}
                    components={{code: <code />}}
                />
            </p>
            {status.problems.map((p) => (
                <p key={p} className="problem" role="alert">
                    {p}
                </p>
            ))}
            {status.servers.length === 0 ? (
                <p>{t("mcpSettings.none")}</p>
            ) : (
                <ul className="mcp-servers">
                    {status.servers.map((server) => (
                        <ServerRow key={server.name} api={api} server={server} onStatus={apply} />
                    ))}
                </ul>
            )}
            <label>
                <Trans
                    i18nKey="mcpSettings.paste"
                    values={{shape: '{"mcpServers": {...}}'}}
                    components={{code: <code />}}
                />
                <textarea
                    className="code"
                    rows={4}
                    value={pasted}
                    placeholder={EXAMPLE}
                    onChange={(e) => setPasted(e.target.value)}
                    spellCheck={false}
                />
            </label>
            {problem && (
                <p className="problem" role="alert">
                    {problem}
                </p>
            )}
            <div className="mcp-add">
                <button onClick={() => void add(pasted)} disabled={pasted.trim().length < 2}>
                    {t("mcpSettings.add")}
                </button>
                <label className="file-button">
                    {t("mcpSettings.importFile")}
                    <input
                        type="file"
                        accept=".json,application/json"
                        aria-label={t("mcpSettings.importFileHint")}
                        onChange={(e) => {
                            void importFile(e.target.files?.[0]);
                            e.target.value = "";
                        }}
                    />
                </label>
                <label className="file-button">
                    {t("mcpSettings.installBundle")}
                    <input
                        type="file"
                        accept=".mcpb,.zip"
                        aria-label={t("mcpSettings.installBundleHint")}
                        onChange={(e) => {
                            const file = e.target.files?.[0];
                            if (file) bundles.install(file);
                            e.target.value = "";
                        }}
                    />
                </label>
            </div>
            <p className="hint">{t("mcpSettings.dropHint")}</p>
            {bundles.view}
            <RegistrySearch api={api} taken={status.servers.map((s) => s.name)} onStatus={apply} />
        </section>
    );
}
