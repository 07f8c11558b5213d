import {useEffect, useState, type FormEvent} from "react";
import type {CairnApi, SkillInfo} from "../../../shared/contract.js";
import type {Result} from "../../../shared/result.js";
import {useTranslation} from "../i18n/index.js";
import {Switch} from "../ui/Switch.js";
import {Section} from "./SettingsLayout.js";

type Props = {api: CairnApi; onError: (message: string) => void};

/**
 * Settings → Skills: the Agent Skills Cairn found (the workspace's, its own, those shared with other agents), each
 * with where it came from, switched on or off; one added from a folder or a .zip; Cairn's own removed.
 */
export function SkillSettings({api, onError}: Props) {
    const {t} = useTranslation();
    const [skills, setSkills] = useState<SkillInfo[]>([]);
    const [from, setFrom] = useState("");
    const shown = (res: Result<SkillInfo[]>) => {
        if (res.ok) setSkills(res.value);
        else onError(res.error.message);
        return res.ok;
    };
    useEffect(() => {
        void api.invoke("skills.list", {}).then(shown);
        // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [api]);
    const add = async (event: FormEvent) => {
        event.preventDefault();
        if (from.trim() && shown(await api.invoke("skills.add", {path: from.trim()}))) setFrom("");
    };
    return (
        <Section id="skills">
            <p className="hint">{t("skills.hint")}</p>
            {skills.length === 0 ? (
                <p className="muted">{t("skills.none")}</p>
            ) : (
                <table className="skills-table">
                    <thead>
                        <tr>
                            <th>{t("skills.skill")}</th>
                            <th>{t("skills.from")}</th>
                            <th>{t("skills.use")}</th>
                            <th>
                                <span className="visually-hidden">{t("skills.actions")}</span>
                            </th>
                        </tr>
                    </thead>
                    <tbody>
                        {skills.map((skill) => (
                            <tr key={skill.folder} data-skill={skill.name}>
                                <td>
                                    <code>{skill.name}</code>
                                    <div className={skill.problem ? "skill-problem" : "muted"}>
                                        {skill.problem
                                            ? t("skills.notUsed", {why: skill.problem})
                                            : skill.description}
                                    </div>
                                </td>
                                <td title={skill.folder}>{t(`skills.source.${skill.source}`)}</td>
                                <td>
                                    <Switch
                                        checked={skill.enabled && !skill.problem}
                                        disabled={Boolean(skill.problem)}
                                        onChange={(enabled) =>
                                            void api
                                                .invoke("skills.setEnabled", {name: skill.name, enabled})
                                                .then(shown)
                                        }
                                    >
                                        <span className="visually-hidden">
                                            {t("skills.useNamed", {name: skill.name})}
                                        </span>
                                    </Switch>
                                </td>
                                <td>
                                    {skill.source === "cairn" && (
                                        <button
                                            type="button"
                                            aria-label={t("skills.removeNamed", {name: skill.name})}
                                            onClick={() =>
                                                void api
                                                    .invoke("skills.remove", {name: skill.name})
                                                    .then(shown)
                                            }
                                        >
                                            {t("skills.remove")}
                                        </button>
                                    )}
                                </td>
                            </tr>
                        ))}
                    </tbody>
                </table>
            )}
            <form className="skill-add" onSubmit={(e) => void add(e)}>
                <label>
                    {t("skills.addFrom")}
                    <input
                        value={from}
                        onChange={(e) => setFrom(e.target.value)}
                        placeholder={t("skills.addExample")}
                    />
                </label>
                <button type="submit" disabled={!from.trim()}>
                    {t("skills.add")}
                </button>
            </form>
        </Section>
    );
}
