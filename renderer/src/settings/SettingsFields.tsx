import type {ToolUsage} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

// Small parts of the Settings page: the tool use table and a whole-number field.

/** Which tools the model is offered and which it picks: to tune descriptions and switch off the unused. */
export function UsageTable({usage}: {usage: ToolUsage[]}) {
    const {t} = useTranslation();
    if (usage.length === 0) return <p className="muted">{t("settingsPanel.noUsage")}</p>;
    return (
        <table className="usage">
            <thead>
                <tr>
                    <th>{t("settingsPanel.tool")}</th>
                    <th>{t("settingsPanel.offered")}</th>
                    <th>{t("settingsPanel.called")}</th>
                    <th>{t("settingsPanel.failed")}</th>
                    <th>{t("settingsPanel.denied")}</th>
                    <th>{t("settingsPanel.median")}</th>
                </tr>
            </thead>
            <tbody>
                {usage.map((u) => (
                    <tr key={u.tool} data-usage={u.tool}>
                        <td>
                            <code>{u.tool}</code>
                        </td>
                        <td>{u.offered}</td>
                        <td>{u.called}</td>
                        <td>{u.failed}</td>
                        <td>{u.denied}</td>
                        <td>{u.p50Ms === null ? "—" : `${Math.round(u.p50Ms)} ms`}</td>
                    </tr>
                ))}
            </tbody>
        </table>
    );
}

/** A whole number setting, saved as it is typed when it is within its range. */
export function IntegerSetting(props: {
    label: string;
    min: number;
    max: number;
    value: number;
    onSave: (value: number) => void;
}) {
    const {label, min, max, value, onSave} = props;
    return (
        <label>
            {label}{" "}
            <input
                type="number"
                min={min}
                max={max}
                value={value}
                onChange={(e) => {
                    const next = Number(e.target.value);
                    if (Number.isInteger(next) && next >= min && next <= max) onSave(next);
                }}
            />
        </label>
    );
}
