import {useId} from "react";
import type {BundleSetting} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";

/** The values typed so far, by the setting's key; a setting left empty uses its default. */
export type SettingValues = Record<string, string>;

type Props = {settings: BundleSetting[]; values: SettingValues; onChange: (values: SettingValues) => void};

/**
 * The fields of what a server asks for before it is added (a bundle's user_config, a registry package's
 * environment): text, a number, a switch, a path; a secret typed unseen; a required one with no default must be
 * filled before the form is sent.
 */
export function SettingFields({settings, values, onChange}: Props) {
    return (
        <>
            {settings.map((setting) => (
                <SettingField
                    key={setting.key}
                    setting={setting}
                    value={values[setting.key]}
                    onChange={(value) => onChange({...values, [setting.key]: value})}
                />
            ))}
        </>
    );
}

/** Only what was typed: an empty field leaves the setting to its default. */
export function filledIn(values: SettingValues): SettingValues {
    return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
}

function SettingField({
    setting,
    value,
    onChange,
}: {
    setting: BundleSetting;
    value: string | undefined;
    onChange: (value: string) => void;
}) {
    const {t} = useTranslation();
    const id = useId();
    const about = (
        <span id={`${id}-about`} className="hint">
            {setting.description}
            {setting.default !== null &&
                setting.type !== "boolean" &&
                ` ${t("mcpSettings.defaultIs", {value: setting.default})}`}
        </span>
    );
    if (setting.type === "boolean")
        return (
            <div className="setting-field">
                <label>
                    <input
                        type="checkbox"
                        checked={(value ?? setting.default) === "true"}
                        aria-describedby={`${id}-about`}
                        onChange={(e) => onChange(String(e.target.checked))}
                    />{" "}
                    {setting.title}
                </label>
                {about}
            </div>
        );
    return (
        <div className="setting-field">
            <label htmlFor={id}>
                {setting.title}
                {setting.required && ` ${t("mcpSettings.required")}`}
            </label>
            <input
                id={id}
                type={setting.sensitive ? "password" : setting.type === "number" ? "number" : "text"}
                required={setting.required && setting.default === null}
                placeholder={setting.default ?? ""}
                autoComplete="off"
                spellCheck={false}
                aria-describedby={`${id}-about`}
                value={value ?? ""}
                onChange={(e) => onChange(e.target.value)}
            />
            {about}
        </div>
    );
}
