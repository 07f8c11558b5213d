import {useContext} from "react";
import {OfflineModeContext} from "../apiContext.js";
import {useTranslation} from "../i18n/index.js";

/** The note's id: the actions Offline mode turns off point to it (aria-describedby). */
const NOTE_ID = "offline-note";

/**
 * What Offline mode turns off, in one place: the note saying so (a screen shows it once, above
 * the actions it turns off: Models, the first run), and the attributes each of those actions takes (off,
 * described by the note).
 */
export function useOfflineNote() {
    const {t} = useTranslation();
    const on = useContext(OfflineModeContext);
    return {
        note: on ? (
            <p id={NOTE_ID} className="offline-note" role="note">
                {t("status.offlineWhy")}
            </p>
        ) : null,
        off: on ? {disabled: true, "aria-describedby": NOTE_ID} : {},
    };
}
