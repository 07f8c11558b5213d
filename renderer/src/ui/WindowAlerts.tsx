import {X} from "lucide-react";
import {useTranslation} from "../i18n/index.js";
import {useAnyDialogOpen} from "./dialogStack.js";

/**
 * What the window must say at once: the core cannot be reached (until it is back), and the last error (until
 * dismissed; while a dialog is open, that dialog says it). Each is said once, as an alert.
 */
export function WindowAlerts({
    offline,
    error,
    onDismiss,
}: {
    offline: string | null;
    error: string | null;
    onDismiss: () => void;
}) {
    const dialogOpen = useAnyDialogOpen();
    return (
        <>
            {offline && (
                <div className="alert" role="alert" id="offline-reason">
                    <span>{offline}</span>
                </div>
            )}
            {error && !dialogOpen && <ErrorAlert error={error} onDismiss={onDismiss} />}
        </>
    );
}

/** An error said as an alert until its Dismiss (the window's banner, or at the foot of the dialog on top). */
export function ErrorAlert({
    error,
    onDismiss,
    className,
}: {
    error: string;
    onDismiss: () => void;
    className?: string;
}) {
    const {t} = useTranslation();
    return (
        <div className={className ? `alert ${className}` : "alert"} role="alert">
            <span>{error}</span>
            <button onClick={onDismiss} aria-label={t("app.dismiss")}>
                <X aria-hidden size={16} />
            </button>
        </div>
    );
}
