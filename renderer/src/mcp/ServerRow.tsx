import {useEffect, useState} from "react";
import type {CairnApi, CallRes, McpServerInfo} from "../../../shared/contract.js";
import {Confirm} from "../ui/Confirm.js";
import {sayCore, Trans, useTranslation, type TFunction} from "../i18n/index.js";

/** A server's state in words: off, signing in, or what its process is doing. */
function stateOf(t: TFunction, server: McpServerInfo): string {
    if (!server.enabled) return t("mcpSettings.state.disabled");
    if (server.signInPage) return t("mcpSettings.state.signingIn");
    return t(`mcpSettings.state.${server.state}`);
}

/** What a server's row and its parts get: the API, the server, and where a changed status goes. */
type RowProps = {api: CairnApi; server: McpServerInfo; onStatus: (res: CallRes<"mcp.list">) => void};

export function ServerRow({api, server, onStatus}: RowProps) {
    const {t} = useTranslation();
    const [removing, setRemoving] = useState(false);
    const state = stateOf(t, server);
    return (
        <li
            className="mcp-server"
            data-server={server.name}
            data-state={server.enabled ? server.state : "disabled"}
        >
            <div className="mcp-head">
                <strong>{server.name}</strong>
                <span className={`mcp-state ${server.enabled ? server.state : "disabled"}`}>
                    {state}
                    {server.state === "ready" && ` · ${t("mcpSettings.tools", {count: server.tools.length})}`}
                </span>
                <code className="mcp-target">{server.target}</code>
            </div>
            {server.error && (
                <p className={server.state === "signin" ? "hint" : "problem"}>
                    {sayCore(server.error, server.errorWords)}
                </p>
            )}
            <SignIn api={api} server={server} onStatus={onStatus} />
            {server.refused.length > 0 && (
                <details className="mcp-refused">
                    <summary className="problem">
                        {t("mcpSettings.leftOut", {count: server.refused.length})}
                    </summary>
                    <ul>
                        {server.refused.map((r) => (
                            <li key={r.tool}>
                                <code>{r.tool}</code>: {r.reason}
                            </li>
                        ))}
                    </ul>
                </details>
            )}
            <div className="mcp-actions">
                <label>
                    <input
                        type="checkbox"
                        checked={server.enabled}
                        onChange={(e) =>
                            void api
                                .invoke("mcp.setEnabled", {name: server.name, enabled: e.target.checked})
                                .then(onStatus)
                        }
                    />{" "}
                    {t("mcpSettings.enabled")}
                </label>
                <CallLimit
                    name={server.name}
                    seconds={Math.round(server.callTimeoutMs / 1000)}
                    onSave={(seconds) =>
                        void api.invoke("mcp.setCallLimit", {name: server.name, seconds}).then(onStatus)
                    }
                />
                <button
                    disabled={!server.enabled}
                    onClick={() => void api.invoke("mcp.restart", {name: server.name}).then(onStatus)}
                    aria-label={t("mcpSettings.restartOf", {name: server.name})}
                >
                    {t("mcpSettings.restart")}
                </button>
                {removing ? (
                    <Confirm
                        label={t("mcpSettings.removeQuestion", {name: server.name})}
                        confirm={t("mcpSettings.remove")}
                        cancel={t("mcpSettings.keep")}
                        onConfirm={() => void api.invoke("mcp.remove", {name: server.name}).then(onStatus)}
                        onCancel={() => setRemoving(false)}
                    >
                        {t("mcpSettings.removeExplain")}
                    </Confirm>
                ) : (
                    <button
                        onClick={() => setRemoving(true)}
                        aria-label={t("mcpSettings.removeOf", {name: server.name})}
                    >
                        {t("mcpSettings.remove")}
                    </button>
                )}
            </div>
            {(server.tools.length > 0 || server.stderr.length > 0) && (
                <details>
                    <summary>{t("mcpSettings.toolsAndOutput")}</summary>
                    {server.tools.length > 0 && <p className="mcp-tools">{server.tools.join(", ")}</p>}
                    {server.stderr.length > 0 && (
                        <pre aria-label={t("mcpSettings.outputOf", {name: server.name})}>
                            {server.stderr.join("\n")}
                        </pre>
                    )}
                </details>
            )}
        </li>
    );
}

/**
 * A remote server's sign-in: the button that opens its page in the system browser, the page itself while
 * Cairn waits for the browser to come back (to open or copy where no browser opens by itself), sign-out.
 */
function SignIn({api, server, onStatus}: RowProps) {
    const {t} = useTranslation();
    if (server.transport === "stdio" || !server.enabled) return null;
    if (server.signInPage)
        return (
            <p className="mcp-signin" role="status">
                <Trans
                    i18nKey="mcpSettings.waiting"
                    values={{name: server.name}}
                    components={{a: <a href={server.signInPage} target="_blank" rel="noreferrer" />}}
                />
            </p>
        );
    if (server.account === "signed-in")
        return (
            <p className="mcp-signin">
                {t("mcpSettings.signedIn")}{" "}
                <button
                    onClick={() => void api.invoke("mcp.signOut", {name: server.name}).then(onStatus)}
                    aria-label={t("mcpSettings.signOutOf", {name: server.name})}
                >
                    {t("mcpSettings.signOut")}
                </button>
            </p>
        );
    if (server.state !== "signin") return null;
    return (
        <p className="mcp-signin">
            <button
                onClick={() => void api.invoke("mcp.signIn", {name: server.name}).then(onStatus)}
                aria-label={t("mcpSettings.signInOf", {name: server.name})}
            >
                {t("mcpSettings.signIn")}
            </button>{" "}
            {t("mcpSettings.signInExplain")}
        </p>
    );
}

/** How long one call to the server may take; saved when the field is left (or Enter), if it changed. */
function CallLimit({
    name,
    seconds,
    onSave,
}: {
    name: string;
    seconds: number;
    onSave: (seconds: number) => void;
}) {
    const {t} = useTranslation();
    const [value, setValue] = useState(String(seconds));
    useEffect(() => setValue(String(seconds)), [seconds]);
    const save = () => {
        const next = Number(value);
        if (Number.isInteger(next) && next >= 1 && next <= 3600 && next !== seconds) onSave(next);
        else setValue(String(seconds));
    };
    return (
        <label className="mcp-limit">
            {t("mcpSettings.callLimit")}{" "}
            <input
                type="number"
                min={1}
                max={3600}
                aria-label={t("mcpSettings.callLimitOf", {name})}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                onBlur={save}
                onKeyDown={(e) => {
                    if (e.key === "Enter") save();
                }}
            />
        </label>
    );
}
