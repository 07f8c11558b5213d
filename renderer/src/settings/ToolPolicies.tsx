import type {ToolInfo, ToolPolicy} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
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
                        <td>{tool.source}</td>
                        <td>{tool.sideEffect}</td>
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
