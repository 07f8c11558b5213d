import type {AssistantInput, SkillInfo, ToolInfo} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

/** A list with `name` in it or not. */
export function toggle(list: string[], name: string, on: boolean): string[] {
    return on ? [...new Set([...list, name])] : list.filter((n) => n !== name);
}

type Props = {
    input: AssistantInput;
    /** The skills in use (Settings → Skills): one left out is kept as "skill:<name>" among toolsOff. */
    skills: SkillInfo[];
    tools: ToolInfo[];
    onChange: (change: Partial<AssistantInput>) => void;
};

/** An assistant's skills and tools: each on or off for its conversations, and the tools always offered. */
export function AssistantTools({input, skills, tools, onChange}: Props) {
    const {t} = useTranslation();
    return (
        <>
            {skills.length > 0 && (
                <fieldset>
                    <legend>{t("settings.section.skills")}</legend>
                    {skills.map((skill) => (
                        <label key={skill.name} title={skill.description}>
                            <input
                                type="checkbox"
                                checked={!input.toolsOff.includes(`skill:${skill.name}`)}
                                onChange={(e) =>
                                    onChange({
                                        toolsOff: toggle(
                                            input.toolsOff,
                                            `skill:${skill.name}`,
                                            !e.target.checked,
                                        ),
                                    })
                                }
                            />{" "}
                            {t("skills.useNamed", {name: skill.name})}
                        </label>
                    ))}
                </fieldset>
            )}
            <details>
                <summary>
                    {t("assistantEditor.toolsSummary", {
                        off: input.toolsOff.filter((name) => !name.startsWith("skill:")).length,
                        pinned: input.pinnedTools.length,
                    })}
                </summary>
                <table className="assistant-tools">
                    <thead>
                        <tr>
                            <th>{t("assistantEditor.tool")}</th>
                            <th>{t("assistantEditor.on")}</th>
                            <th>{t("assistantEditor.alwaysOffered")}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {tools.map((tool) => (
                            <tr key={tool.name}>
                                <td title={tool.description}>
                                    <code>{tool.name}</code>
                                </td>
                                <td>
                                    <input
                                        type="checkbox"
                                        aria-label={t("assistantEditor.toolOn", {name: tool.name})}
                                        checked={!input.toolsOff.includes(tool.name)}
                                        onChange={(e) =>
                                            onChange({
                                                toolsOff: toggle(
                                                    input.toolsOff,
                                                    tool.name,
                                                    !e.target.checked,
                                                ),
                                            })
                                        }
                                    />
                                </td>
                                <td>
                                    <input
                                        type="checkbox"
                                        aria-label={t("assistantEditor.toolPinned", {name: tool.name})}
                                        checked={input.pinnedTools.includes(tool.name)}
                                        onChange={(e) =>
                                            onChange({
                                                pinnedTools: toggle(
                                                    input.pinnedTools,
                                                    tool.name,
                                                    e.target.checked,
                                                ),
                                            })
                                        }
                                    />
                                </td>
                            </tr>
                        ))}
                    </tbody>
                </table>
            </details>
        </>
    );
}
