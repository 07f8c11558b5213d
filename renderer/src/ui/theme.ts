import {useEffect, useState} from "react";

export type Theme = "system" | "light" | "dark" | "contrast";

/** The themes in the order offered (their names are words of the window's language: theme.*). */
export const THEMES: Theme[] = ["system", "light", "dark", "contrast"];

const THEME_KEY = "cairn.theme";

/**
 * System, light, dark or high contrast, kept in this browser's storage and applied to <html>. High contrast
 * follows the system's light or dark; the system theme turns it on by itself when the system asks for more
 * contrast.
 */
export function useTheme(): [Theme, (theme: Theme) => void] {
    const [theme, setTheme] = useState<Theme>(
        () => (localStorage.getItem(THEME_KEY) as Theme | null) ?? "system",
    );
    useEffect(() => {
        const root = document.documentElement;
        if (theme === "light" || theme === "dark") root.setAttribute("data-theme", theme);
        else root.removeAttribute("data-theme");
        localStorage.setItem(THEME_KEY, theme);
        const asked = window.matchMedia("(prefers-contrast: more)");
        const follow = () => {
            if (theme === "contrast" || (theme === "system" && asked.matches))
                root.setAttribute("data-contrast", "more");
            else root.removeAttribute("data-contrast");
        };
        follow();
        asked.addEventListener("change", follow);
        return () => asked.removeEventListener("change", follow);
    }, [theme]);
    return [theme, setTheme];
}

/** Whether the window shows its dark theme (chosen, or the system's): for pages drawn in frames of their own. */
export function shownDark(): boolean {
    const chosen = document.documentElement.getAttribute("data-theme");
    if (chosen) return chosen === "dark";
    return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

/** shownDark(), kept up to date as the theme chosen or the system's changes. */
export function useShownDark(): boolean {
    const [dark, setDark] = useState(shownDark);
    useEffect(() => {
        const follow = () => setDark(shownDark());
        const chosen = new MutationObserver(follow);
        chosen.observe(document.documentElement, {attributes: true, attributeFilter: ["data-theme"]});
        const system = window.matchMedia("(prefers-color-scheme: dark)");
        system.addEventListener("change", follow);
        return () => {
            chosen.disconnect();
            system.removeEventListener("change", follow);
        };
    }, []);
    return dark;
}
