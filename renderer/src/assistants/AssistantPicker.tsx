import type {Assistant} from "../../../shared/contract.js";
import {useTranslation} from "../i18n/index.js";
import {Select} from "../ui/Select.js";

/** Which assistant the next new conversation starts with ("" : none); shown once there is one. */
export function AssistantPicker({
    assistants,
    value,
    onChange,
}: {
    assistants: Assistant[];
    value: string;
    onChange: (id: string) => void;
}) {
    const {t} = useTranslation();
    if (assistants.length === 0) return null;
    return (
        <label className="assistant-picker">
            {t("assistantPicker.startWith")}
            <Select
                value={value}
                onChange={onChange}
                choices={[
                    {value: "", label: t("assistantPicker.none")},
                    ...assistants.map((a) => ({
                        value: a.id,
                        label:
                            (a.icon ? `${a.icon} ` : "") +
                            (a.isDefault ? t("assistantPicker.isDefault", {name: a.name}) : a.name),
                    })),
                ]}
            />
        </label>
    );
}
