import {useCallback, useEffect, useState} from "react";
import type {CairnApi, Conversation, McpServerInfo, ToolBudget} from "../../../shared/contract.js";
import {formatCount} from "../../../shared/format.js";
import {Dialog} from "../ui/Dialog.js";
import {WorkspaceField} from "../ui/WorkspaceField.js";
import {useTranslation, type TFunction} from "../i18n/index.js";

type Props = {
    api: CairnApi;
    conversation: Conversation;
    onClose: () => void;
    onError: (message: string) => void;
};
type BudgetTool = ToolBudget["tools"][number];

/**
 * Which tools this conversation offers the model, grouped by where they come from, with what each costs
 * in the context; a warning when they take too much of it. Nothing is dropped without the person's say.
 */
export function ToolsDialog({api, conversation, onClose, onError}: Props) {
    const {t} = useTranslation();
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
        <Dialog label={t("toolsDialog.title")} onClose={onClose} className="tools-dialog">
            <h2>{t("toolsDialog.title")}</h2>
            {budget && <Summary budget={budget} />}
            {groups.map(([source, tools]) => {
                const serverOff = source !== "built-in" && toolsOff.includes(source);
                return (
                    <fieldset key={source} className="tool-group">
                        <legend>
                            {source === "built-in" ? (
                                t("toolsDialog.builtIn")
                            ) : (
                                <label>
                                    <input
                                        type="checkbox"
                                        checked={!serverOff}
                                        onChange={(e) => toggle(source, e.target.checked)}
                                    />{" "}
                                    {sourceName(source, t)}
                                </label>
                            )}
                        </legend>
                        <ul>
                            {tools.map((tool) => (
                                <li key={tool.name} data-tool={tool.name}>
                                    <label title={tool.description}>
                                        <input
                                            type="checkbox"
                                            checked={!toolsOff.includes(tool.name) && !serverOff}
                                            disabled={serverOff}
                                            onChange={(e) => toggle(tool.name, e.target.checked)}
                                        />{" "}
                                        <code>{tool.name}</code>
                                    </label>
                                    <span className="tool-tokens">
                                        {tool.tokens === null ? "" : t("answer.tokens", {count: tool.tokens})}
                                    </span>
                                    {source !== "built-in" && (
                                        <button
                                            className="tool-pin"
                                            aria-pressed={tool.pinned}
                                            aria-label={t("toolsDialog.pinLabel", {name: tool.name})}
                                            title={t("toolsDialog.pinHint")}
                                            onClick={() => void pin(tool.name, !tool.pinned)}
                                        >
                                            {t(tool.pinned ? "toolsDialog.pinned" : "toolsDialog.pin")}
                                        </button>
                                    )}
                                    {tool.unavailable && (
                                        <span className="tool-unavailable">{tool.unavailable}</span>
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
            <h3>{t("toolsDialog.workspace")}</h3>
            <WorkspaceField
                label={t("toolsDialog.workspaceLabel")}
                value={conversation.workspace}
                onSave={(folder) => void setWorkspace(folder)}
            />
            <div className="choices">
                <button data-autofocus onClick={onClose}>
                    {t("toolsDialog.close")}
                </button>
            </div>
        </Dialog>
    );
}

function Summary({budget}: {budget: ToolBudget}) {
    const {t} = useTranslation();
    if (budget.contextSize === null || budget.offeredTokens === null || budget.budgetTokens === null)
        return <p className="hint">{t("toolsDialog.loadModel")}</p>;
    // Past the budget the note says how tools are chosen instead.
    if (budget.warning) return <p className="tool-summary over-budget">{budget.warning}.</p>;
    return (
        <p className="tool-summary">
            {t("toolsDialog.summary", {
                offered: formatCount(budget.offeredTokens),
                budget: formatCount(budget.budgetTokens),
                holds: formatCount(budget.contextSize),
            })}
        </p>
    );
}

/** "MCP server github", "Composite tools (tools.yaml)". */
function sourceName(source: string, t: TFunction): string {
    if (source.startsWith("mcp:")) return t("toolsDialog.mcpServer", {name: source.slice("mcp:".length)});
    return source === "tools.yaml" ? t("toolsDialog.composite") : source;
}

function groupBySource(tools: BudgetTool[]): [string, BudgetTool[]][] {
    const groups = new Map<string, BudgetTool[]>();
    for (const t of tools) groups.set(t.source, [...(groups.get(t.source) ?? []), t]);
    return [...groups.entries()];
}

/** How a prompt's argument is shown in its slash command: a value it needs, or one it may take. */
const REQUIRED_VALUE = "…";
const OPTIONAL_VALUE = "[…]";

/** A server's prompts (typed as slash commands) and resources (attached here as documents). */
function ServerExtras({
    server,
    attached,
    onAttach,
}: {
    server: McpServerInfo | undefined;
    attached: string[];
    onAttach: (server: string, uri: string) => void;
}) {
    const {t} = useTranslation();
    if (!server || (server.prompts.length === 0 && server.resources.length === 0)) return null;
    return (
        <details className="server-extras">
            <summary>{t("toolsDialog.extras", {name: server.name})}</summary>
            {server.prompts.length > 0 && (
                <ul aria-label={t("toolsDialog.promptsOf", {name: server.name})}>
                    {server.prompts.map((p) => (
                        <li key={p.name}>
                            <code>
                                /{server.name}.{p.name}
                                {p.arguments
                                    .map((a) => ` ${a.name}=${a.required ? REQUIRED_VALUE : OPTIONAL_VALUE}`)
                                    .join("")}
                            </code>{" "}
                            <span className="tool-unavailable">{p.description}</span>
                        </li>
                    ))}
                </ul>
            )}
            {server.resources.length > 0 && (
                <ul aria-label={t("toolsDialog.resourcesOf", {name: server.name})}>
                    {server.resources.map((r) => (
                        <li key={r.uri}>
                            <span>{r.name}</span>{" "}
                            {attached.includes(`${server.name} ${r.uri}`) ? (
                                <span className="tool-unavailable">{t("toolsDialog.attached")}</span>
                            ) : (
                                <button
                                    onClick={() => onAttach(server.name, r.uri)}
                                    aria-label={t("toolsDialog.attachLabel", {name: r.name})}
                                >
                                    {t("toolsDialog.attach")}
                                </button>
                            )}
                        </li>
                    ))}
                </ul>
            )}
        </details>
    );
}
