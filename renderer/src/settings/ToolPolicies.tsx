import type {ToolInfo, ToolPolicy} from "../../../shared/contract.js";
import {useTranslation, type TFunction} from "../i18n/index.js";
import {Select} from "../ui/Select.js";

/** Each tool's policy: ask first, allow, or deny. */
export function ToolPolicies({
    tools,
    onPolicy,
}: {
    tools: ToolInfo[];
    onPolicy: (tool: string, policy: ToolPolicy) => void;
}) {
    const {t} = useTranslation();
    return (
        <table>
            <thead>
                <tr>
                    <th>{t("settingsPanel.tool")}</th>
                    <th>{t("settingsPanel.source")}</th>
                    <th>{t("settingsPanel.sideEffect")}</th>
                    <th>{t("settingsPanel.policy")}</th>
                </tr>
            </thead>
            <tbody>
                {tools.map((tool) => (
                    <tr key={tool.name} data-tool={tool.name}>
                        <td title={tool.description}>
                            <code>{tool.name}</code>
                            {!tool.enabled && t("settingsPanel.disabled")}
                        </td>
                        <td>{sourceOf(tool.source, t)}</td>
                        <td>{t(SIDE_EFFECT_KEY[tool.sideEffect])}</td>
                        <td>
                            <Select
                                aria-label={t("settingsPanel.policyFor", {tool: tool.name})}
                                value={tool.policy}
                                onChange={(policy) => onPolicy(tool.name, policy as ToolPolicy)}
                                choices={[
                                    {value: "ask", label: t("settingsPanel.ask")},
                                    {value: "allow", label: t("settingsPanel.allow")},
                                    {value: "deny", label: t("settingsPanel.deny")},
                                ]}
                            />
                        </td>
                    </tr>
                ))}
            </tbody>
        </table>
    );
}

/** The words of each side effect. */
const SIDE_EFFECT_KEY = {
    none: "settingsPanel.effectNone",
    network: "settingsPanel.effectNetwork",
    write: "settingsPanel.effectWrite",
    exec: "settingsPanel.effectExec",
} as const satisfies Record<ToolInfo["sideEffect"], string>;

/** Where a tool comes from, in words: built in, an MCP server (mcp:<name>), or its file (tools.yaml). */
function sourceOf(source: string, t: TFunction): string {
    if (source === "built-in") return t("settingsPanel.sourceBuiltIn");
    if (source.startsWith("mcp:")) return t("settingsPanel.sourceMcp", {server: source.slice(4)});
    return source;
}
