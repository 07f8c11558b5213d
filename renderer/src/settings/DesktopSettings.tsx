import {useEffect, useState, type ChangeEvent, type KeyboardEvent} from "react";
import type {CairnApi, DesktopSettings as Values, DesktopStatus} from "../../../shared/contract.js";
import {DEFAULT_DESKTOP, shortcutProblem, updateFeedProblem} from "../../../shared/desktop.js";
import type {AppError, Words} from "../../../shared/result.js";
import {sayError, useTranslation} from "../i18n/index.js";
import {Switch} from "../ui/Switch.js";

type Props = {api: CairnApi};

/** An example of a feed's address (not words: the same in every language). */
const FEED_EXAMPLE = "https://updates.example.com/cairn/";

/** The settings typed as text, each with its check (the core refuses with the same words). */
type TextKey = "quickAskShortcut" | "updateFeed";
const CHECK: Record<TextKey, (text: string) => Words | null> = {
    quickAskShortcut: shortcutProblem,
    updateFeed: updateFeedProblem,
};

type Check = {state: "idle" | "checking" | "installing"} | {state: "said"; words: string; available: boolean};

/**
 * Settings → Desktop: start at login, keep running in the tray, notifications, the quick-ask shortcut, and
 * updates from a feed (off until one is set). Applied by the desktop app; a served window keeps them only.
 */
export function DesktopSettings({api}: Props) {
    const {t} = useTranslation();
    const [status, setStatus] = useState<DesktopStatus | null>(null);
    const [shortcut, setShortcut] = useState("");
    const [feed, setFeed] = useState("");
    // Kept as the core's words, said in the window's language as it draws (a language change follows).
    const [problem, setProblem] = useState<Pick<AppError, "message" | "words"> | null>(null);
    const [check, setCheck] = useState<Check>({state: "idle"});
    const show = (value: DesktopStatus) => {
        setStatus(value);
        setShortcut(value.settings.quickAskShortcut ?? "");
        setFeed(value.settings.updateFeed ?? "");
    };
    useEffect(() => {
        void api.invoke("desktop.status", {}).then((res) => res.ok && show(res.value));
    }, [api]);
    if (!status) return null;

    const save = async (change: Partial<Values>) => {
        const settings = {...status.settings, ...change};
        const res = await api.invoke("desktop.set", {settings});
        if (!res.ok) return setProblem(res.error);
        setProblem(null);
        show(res.value);
    };
    /** A text setting as typed: unchanged, nothing; wrong, said; else kept (empty: none). */
    const saveText = (key: TextKey, typed: string) => {
        const text = typed.trim();
        if (text === (status.settings[key] ?? "")) return;
        const wrong = text && CHECK[key](text);
        if (wrong) return setProblem({message: "", words: wrong});
        // What the last check said was about the feed before.
        if (key === "updateFeed") setCheck({state: "idle"});
        void save({[key]: text || null});
    };
    const field = (key: TextKey, value: string, setValue: (text: string) => void) => ({
        value,
        onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(e.target.value),
        onBlur: () => saveText(key, value),
        onKeyDown: (e: KeyboardEvent) => e.key === "Enter" && saveText(key, value),
    });
    const checkNow = async () => {
        setCheck({state: "checking"});
        const res = await api.invoke("updates.check", {});
        if (!res.ok) return setCheck({state: "said", words: res.error.message, available: false});
        const {current, latest, available} = res.value;
        setCheck({
            state: "said",
            available,
            words: available ? t("desktop.available", {latest, current}) : t("desktop.newest", {current}),
        });
    };
    const install = async () => {
        setCheck({state: "installing"});
        const res = await api.invoke("updates.install", {});
        if (!res.ok) setCheck({state: "said", words: res.error.message, available: true});
    };
    const toggle = (key: "startAtLogin" | "keepInTray" | "notify", label: string) => (
        <Switch checked={status.settings[key]} onChange={(on) => void save({[key]: on})}>
            {label}
        </Switch>
    );
    const checkWords =
        check.state === "checking"
            ? t("desktop.checking")
            : check.state === "installing"
              ? t("desktop.installing")
              : check.state === "said"
                ? check.words
                : "";

    return (
        <section aria-labelledby="desktop-heading">
            <h2 id="desktop-heading">{t("settings.section.desktop")}</h2>
            {!status.desktop && <p className="hint">{t("desktop.servedNote")}</p>}
            {toggle("startAtLogin", t("desktop.startAtLogin"))}
            {toggle("keepInTray", t("desktop.keepInTray"))}
            {toggle("notify", t("desktop.notify"))}
            <h3>{t("desktop.quickAsk")}</h3>
            <label className="wide-field">
                {t("desktop.shortcut")}{" "}
                <input
                    {...field("quickAskShortcut", shortcut, setShortcut)}
                    placeholder={DEFAULT_DESKTOP.quickAskShortcut ?? ""}
                    aria-describedby="quick-ask-hint"
                />
            </label>
            <p className="hint" id="quick-ask-hint">
                {t("desktop.shortcutHint")}
            </p>
            {status.shortcutProblem && (
                <p className="problem" role="alert">
                    {status.shortcutProblem}
                </p>
            )}
            <h3>{t("desktop.updates")}</h3>
            <label className="wide-field">
                {t("desktop.feed")}{" "}
                <input
                    type="url"
                    {...field("updateFeed", feed, setFeed)}
                    placeholder={FEED_EXAMPLE}
                    aria-describedby="update-hint"
                />
            </label>
            <p className="hint" id="update-hint">
                {t("desktop.feedHint")}
            </p>
            {problem && (
                <p className="problem" role="alert">
                    {sayError(problem)}
                </p>
            )}
            <div className="row">
                <button
                    type="button"
                    disabled={!status.settings.updateFeed || check.state === "checking"}
                    onClick={() => void checkNow()}
                >
                    {t("desktop.check")}
                </button>
                {check.state === "said" && check.available && (
                    <button type="button" className="primary" onClick={() => void install()}>
                        {t("desktop.install")}
                    </button>
                )}
                <span role="status">{checkWords}</span>
            </div>
        </section>
    );
}
