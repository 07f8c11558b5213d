import {Confirm} from "../ui/Confirm.js";
import {useTranslation} from "../i18n/index.js";

type Props = {
    /** The model's name, in the question and the button's name. */
    name: string;
    /** Whether its file goes too (Cairn downloaded it) or stays (chosen elsewhere on disk). */
    ownsFile: boolean;
    /** Whether the question is asked now (one row asks at a time). */
    asking: boolean;
    onAsk: () => void;
    onCancel: () => void;
    onRemove: () => void;
};

/** Remove on a model's row (a chat, embedding or speech model): it asks first there, saying what goes. */
export function RemoveModel({name, ownsFile, asking, onAsk, onCancel, onRemove}: Props) {
    const {t} = useTranslation();
    if (!asking)
        return (
            <button className="danger" onClick={onAsk} aria-label={t("modelsPanel.removeName", {name})}>
                {t("modelsPanel.remove")}
            </button>
        );
    return (
        <Confirm
            label={t("modelsPanel.removeAsk", {name})}
            confirm={t("modelsPanel.removeYes")}
            onConfirm={onRemove}
            onCancel={onCancel}
        >
            {t(ownsFile ? "modelsPanel.removeFile" : "modelsPanel.removeKeepFile")}
        </Confirm>
    );
}
