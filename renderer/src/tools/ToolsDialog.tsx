import {useCallback, useEffect, useState} from "react";
import type {CairnApi, Conversation, McpServerInfo, ToolBudget} from "../../../shared/contract.js";
import {formatCount} from "../../../shared/format.js";
import {Dialog} from "../ui/Dialog.js";
import {WorkspaceField} from "../settings/SettingsPanel.js";

type Props = {
    api: CairnApi;
    conversation: Conversation;
    onClose(): void;
    onError(message: string): void;
};
type BudgetTool = ToolBudget["tools"][number];

/**
 * Which tools this conversation offers the model, grouped by where they come from, with what each costs
 * in the context; a warning when they take too much of it. Nothing is dropped without the person's say.
 */
export function ToolsDialog({api, conversation, onClose, onError}: Props) {
    const [budget, setBudget] = useState<ToolBudget | null>(null);
    const [servers, setServers] = useState<McpServerInfo[]>([]);
    const [attached, setAttached] = useState<string[]>([]);
    const load = useCallback(async () => {
        const res = await api.invoke("tools.budget", {conversationId: conversation.id});
        if (res.ok) setBudget(res.value);
        else onError(res.error.message);
        const mcp = await api.invoke("mcp.list", {});
        if (mcp.ok) setServers(mcp.value.servers);
    }, [api, conversation.id, onError]);
    const attach = async (server: string, uri: string) => {
        const res = await api.invoke("mcp.attachResource", {conversationId: conversation.id, server, uri});
        if (res.ok) setAttached((list) => [...list, `${server} ${uri}`]);
        else onError(res.error.message);
    };
    useEffect(() => {
        void load();
        return api.onEvent((e) => {
            if (e.type === "mcp.changed") void load();
        });
    }, [api, load]);
    // Shown at once; the stored list (conversation.updated) follows.
    const [toolsOff, setToolsOff] = useState(conversation.toolsOff);
    useEffect(() => setToolsOff(conversation.toolsOff), [conversation.toolsOff]);
    const setOff = async (off: string[]) => {
        setToolsOff(off);
        const res = await api.invoke("conversations.setTools", {id: conversation.id, off});
        if (!res.ok) return onError(res.error.message);
        await load();
    };
    const pin = async (tool: string, pinned: boolean) => {
        const res = await api.invoke("tools.setPinned", {tool, pinned});
        if (!res.ok) return onError(res.error.message);
        await load();
    };
    const toggle = (name: string, on: boolean) =>
        void setOff(on ? toolsOff.filter((n) => n !== name) : [...toolsOff, name]);
    const setWorkspace = async (folder: string | null) => {
        const res = await api.invoke("conversations.setWorkspace", {id: conversation.id, path: folder});
        if (!res.ok) onError(res.error.message);
    };
    const groups = budget ? groupBySource(budget.tools) : [];
    return (
        <Dialog label="Tools in this conversation" onClose={onClose} className="tools-dialog">
            <h2>Tools in this conversation</h2>
            {budget && <Summary budget={budget} />}
            {groups.map(([source, tools]) => {
                const serverOff = source !== "built-in" && toolsOff.includes(source);
                return (
                    <fieldset key={source} className="tool-group">
                        <legend>
                            {source === "built-in" ? (
                                "Built-in"
                            ) : (
                                <label>
                                    <input
                                        type="checkbox"
                                        checked={!serverOff}
                                        onChange={(e) => toggle(source, e.target.checked)}
                                    />{" "}
                                    {sourceName(source)}
                                </label>
                            )}
                        </legend>
                        <ul>
                            {tools.map((t) => (
                                <li key={t.name} data-tool={t.name}>
                                    <label title={t.description}>
                                        <input
                                            type="checkbox"
                                            checked={!toolsOff.includes(t.name) && !serverOff}
                                            disabled={serverOff}
                                            onChange={(e) => toggle(t.name, e.target.checked)}
                                        />{" "}
                                        <code>{t.name}</code>
                                    </label>
                                    <span className="tool-tokens">
                                        {t.tokens === null ? "" : `${t.tokens} tokens`}
                                    </span>
                                    {source !== "built-in" && (
                                        <button
                                            className="tool-pin"
                                            aria-pressed={t.pinned}
                                            aria-label={`Pin ${t.name}`}
                                            title="A pinned tool is offered with every question"
                                            onClick={() => void pin(t.name, !t.pinned)}
                                        >
                                            {t.pinned ? "Pinned" : "Pin"}
                                        </button>
                                    )}
                                    {t.unavailable && (
                                        <span className="tool-unavailable">{t.unavailable}</span>
                                    )}
                                </li>
                            ))}
                        </ul>
                        {source !== "built-in" && (
                            <ServerExtras
                                server={servers.find((s) => `mcp:${s.name}` === source)}
                                attached={attached}
                                onAttach={(server, uri) => void attach(server, uri)}
                            />
                        )}
                    </fieldset>
                );
            })}
            <h3>Workspace</h3>
            <WorkspaceField
                label="Folder the file tools work in here"
                value={conversation.workspace}
                onSave={(folder) => void setWorkspace(folder)}
            />
            <div className="choices">
                <button data-autofocus onClick={onClose}>
                    Close
                </button>
            </div>
        </Dialog>
    );
}

function Summary({budget}: {budget: ToolBudget}) {
    if (budget.contextSize === null || budget.offeredTokens === null || budget.budgetTokens === null)
        return <p className="hint">Load a model to see what the tools cost in its context.</p>;
    // Past the budget the note says how tools are chosen instead.
    if (budget.warning) return <p className="tool-summary over-budget">{budget.warning}.</p>;
    return (
        <p className="tool-summary">
            The tools on here take {formatCount(budget.offeredTokens)} tokens of the tools&apos; budget of{" "}
            {formatCount(budget.budgetTokens)} (the context holds {formatCount(budget.contextSize)}): all are
            offered with every question.
        </p>
    );
}

/** "MCP server github", "Composite tools (tools.yaml)". */
function sourceName(source: string): string {
    if (source.startsWith("mcp:")) return `MCP server ${source.slice("mcp:".length)}`;
    return source === "tools.yaml" ? "Composite tools (tools.yaml)" : source;
}

function groupBySource(tools: BudgetTool[]): [string, BudgetTool[]][] {
    const groups = new Map<string, BudgetTool[]>();
    for (const t of tools) groups.set(t.source, [...(groups.get(t.source) ?? []), t]);
    return [...groups.entries()];
}

/** A server's prompts (typed as slash commands) and resources (attached here as documents). */
function ServerExtras({
    server,
    attached,
    onAttach,
}: {
    server: McpServerInfo | undefined;
    attached: string[];
    onAttach(server: string, uri: string): void;
}) {
    if (!server || (server.prompts.length === 0 && server.resources.length === 0)) return null;
    return (
        <details className="server-extras">
            <summary>Prompts and resources of {server.name}</summary>
            {server.prompts.length > 0 && (
                <ul aria-label={`Prompts of ${server.name}`}>
                    {server.prompts.map((p) => (
                        <li key={p.name}>
                            <code>
                                /{server.name}.{p.name}
                                {p.arguments.map((a) => ` ${a.name}=${a.required ? "…" : "[…]"}`).join("")}
                            </code>{" "}
                            <span className="tool-unavailable">{p.description}</span>
                        </li>
                    ))}
                </ul>
            )}
            {server.resources.length > 0 && (
                <ul aria-label={`Resources of ${server.name}`}>
                    {server.resources.map((r) => (
                        <li key={r.uri}>
                            <span>{r.name}</span>{" "}
                            {attached.includes(`${server.name} ${r.uri}`) ? (
                                <span className="tool-unavailable">attached</span>
                            ) : (
                                <button
                                    onClick={() => onAttach(server.name, r.uri)}
                                    aria-label={`Attach ${r.name}`}
                                >
                                    Attach
                                </button>
                            )}
                        </li>
                    ))}
                </ul>
            )}
        </details>
    );
}
