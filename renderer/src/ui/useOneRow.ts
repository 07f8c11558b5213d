import {useLayoutEffect, type RefObject} from "react";

/** How a row gives way when its controls do not fit on one line. */
export type RowFit = {
    /**
     * What the row gives up, in order, as `data-compact` (each step keeps the ones before: "extras", then
     * "extras words"...); the styles answer each step (hide the speed, then the buttons' words...).
     */
    steps: string[];
    /** The one element that shrinks first (a model's name), as a selector within the row. */
    shrinking?: string;
    /** How narrow it may get (px, or less when its whole text is shorter) before the row gives up a step. */
    minPx?: number;
};

/**
 * Keeps a row of controls on one line whatever the window's width and its words' length (German's and Russian's
 * are longer than English's). Space runs out first for the shrinking element; then the row gives up its steps,
 * one at a time, only as far as it must. Measured again when the row's size, its content or the language
 * changes: before the browser paints, so that the row never shows cut or on two lines, and the same content
 * always gives the same step (no flipping while an answer streams).
 */
export function useOneRow(row: RefObject<HTMLElement | null>, words: string, fit: RowFit): void {
    // `fit` is a constant of its caller's module: the effect runs again only for the row or the language.
    useLayoutEffect(() => {
        const element = row.current;
        if (!element) return;
        const {steps, shrinking, minPx = 0} = fit;
        const check = () => {
            element.removeAttribute("data-compact");
            for (let i = 0; !fits(element, shrinking, minPx) && i < steps.length; i++)
                element.setAttribute("data-compact", steps.slice(0, i + 1).join(" "));
        };
        check();
        const resized = new ResizeObserver(check);
        resized.observe(element);
        // Content changes (a speed, a model's name) are seen before the next paint: mutation records are
        // delivered at the end of the task that made them.
        const changed = new MutationObserver(check);
        changed.observe(element, {childList: true, subtree: true, characterData: true});
        return () => {
            resized.disconnect();
            changed.disconnect();
        };
    }, [row, words, fit]);
}

/** Whether the row's children fit on its line, with the shrinking one at least `minPx` wide (or whole). */
function fits(row: HTMLElement, shrinking: string | undefined, minPx: number): boolean {
    if (row.scrollWidth > row.clientWidth + 1) return false;
    const element = shrinking ? row.querySelector<HTMLElement>(shrinking) : null;
    if (!element) return true;
    return element.clientWidth >= Math.min(element.scrollWidth, minPx);
}
