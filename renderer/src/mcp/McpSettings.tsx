import {useCallback, useEffect, useState} from "react";
import type {CairnApi, CallRes, McpServerInfo, McpStatus} from "../../../shared/contract.js";
import {countOf} from "../../../shared/format.js";
import {Confirm} from "../ui/Confirm.js";
import {useTranslation} from "../i18n/index.js";

type Props = {api: CairnApi; onError(message: string): void};

const EXAMPLE = `{"mcpServers": {"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/me/notes"]}}}`;

/** Settings' "MCP servers": their state and tools, add from pasted JSON, enable, restart, remove. */
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
        if (file.size > 200_000) return setProblem(`${file.name} is over 200 KB: not an mcpServers file`);
        await add(await file.text());
    };
    return (
        <section aria-labelledby="mcp-heading">
            <h2 id="mcp-heading">{t("settings.section.mcp")}</h2>
            <p className="hint">
                Tools from the MCP servers you use elsewhere, under the same approvals. Kept in{" "}
                <code>{status.file}</code>.
            </p>
            {status.problems.map((p) => (
                <p key={p} className="problem" role="alert">
                    {p}
                </p>
            ))}
            {status.servers.length === 0 ? (
                <p>No servers yet.</p>
            ) : (
                <ul className="mcp-servers">
                    {status.servers.map((server) => (
                        <ServerRow key={server.name} api={api} server={server} onStatus={apply} />
                    ))}
                </ul>
            )}
            <label>
                Add servers: paste <code>{'{"mcpServers": {...}}'}</code> from another assistant&apos;s
                settings
                <textarea
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
                    Add servers
                </button>
                <label className="file-button">
                    Import a file…
                    <input
                        type="file"
                        accept=".json,application/json"
                        aria-label="Import servers from another assistant's settings file"
                        onChange={(e) => {
                            void importFile(e.target.files?.[0]);
                            e.target.value = "";
                        }}
                    />
                </label>
            </div>
        </section>
    );
}

const STATE: Record<McpServerInfo["state"], string> = {
    stopped: "starts when first needed",
    starting: "starting…",
    ready: "ready",
    signin: "needs sign-in",
    error: "error",
};

/** What a server's row and its parts get: the API, the server, and where a changed status goes. */
type RowProps = {api: CairnApi; server: McpServerInfo; onStatus(res: CallRes<"mcp.list">): void};

function ServerRow({api, server, onStatus}: RowProps) {
    const [removing, setRemoving] = useState(false);
    const state = !server.enabled ? "disabled" : server.signInPage ? "signing in…" : STATE[server.state];
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
                    {server.state === "ready" && ` · ${countOf(server.tools.length, "tool")}`}
                </span>
                <code className="mcp-target">{server.target}</code>
            </div>
            {server.error && <p className={server.state === "signin" ? "hint" : "problem"}>{server.error}</p>}
            <SignIn api={api} server={server} onStatus={onStatus} />
            {server.refused.length > 0 && (
                <details className="mcp-refused">
                    <summary className="problem">
                        {server.refused.length === 1
                            ? "1 tool left out"
                            : `${server.refused.length} tools left out`}
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
                    Enabled
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
                    aria-label={`Restart ${server.name}`}
                >
                    Restart
                </button>
                {removing ? (
                    <Confirm
                        label={`Remove ${server.name}?`}
                        confirm="Remove"
                        cancel="Keep it"
                        onConfirm={() => void api.invoke("mcp.remove", {name: server.name}).then(onStatus)}
                        onCancel={() => setRemoving(false)}
                    >
                        Its tools will no longer be offered.
                    </Confirm>
                ) : (
                    <button onClick={() => setRemoving(true)} aria-label={`Remove ${server.name}`}>
                        Remove
                    </button>
                )}
            </div>
            {(server.tools.length > 0 || server.stderr.length > 0) && (
                <details>
                    <summary>Tools and output</summary>
                    {server.tools.length > 0 && <p className="mcp-tools">{server.tools.join(", ")}</p>}
                    {server.stderr.length > 0 && (
                        <pre aria-label={`Last output of ${server.name}`}>{server.stderr.join("\n")}</pre>
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
    if (server.transport === "stdio" || !server.enabled) return null;
    if (server.signInPage)
        return (
            <p className="mcp-signin" role="status">
                Waiting for you to sign in:{" "}
                <a href={server.signInPage} target="_blank" rel="noreferrer">
                    open {server.name}&apos;s sign-in page
                </a>
            </p>
        );
    if (server.account === "signed-in")
        return (
            <p className="mcp-signin">
                Signed in.{" "}
                <button
                    onClick={() => void api.invoke("mcp.signOut", {name: server.name}).then(onStatus)}
                    aria-label={`Sign out of ${server.name}`}
                >
                    Sign out
                </button>
            </p>
        );
    if (server.state !== "signin") return null;
    return (
        <p className="mcp-signin">
            <button
                onClick={() => void api.invoke("mcp.signIn", {name: server.name}).then(onStatus)}
                aria-label={`Sign in to ${server.name}`}
            >
                Sign in
            </button>{" "}
            opens its page in your browser.
        </p>
    );
}

/** How long one call to the server may take; saved when the field is left (or Enter), if it changed. */
function CallLimit({name, seconds, onSave}: {name: string; seconds: number; onSave(seconds: number): void}) {
    const [value, setValue] = useState(String(seconds));
    useEffect(() => setValue(String(seconds)), [seconds]);
    const save = () => {
        const next = Number(value);
        if (Number.isInteger(next) && next >= 1 && next <= 3600 && next !== seconds) onSave(next);
        else setValue(String(seconds));
    };
    return (
        <label className="mcp-limit">
            Call limit (s){" "}
            <input
                type="number"
                min={1}
                max={3600}
                aria-label={`Call limit of ${name} in seconds`}
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
