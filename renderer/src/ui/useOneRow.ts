import {useLayoutEffect, type RefObject} from "react";

/**
 * Keeps a row of controls on one line whatever its words' length (German's and Russian's are longer than
 * English's): when its children wrap onto a second line, the row gets `data-compact`, which the styles answer
 * by hiding the words (their icons and accessible names stay). Measured again whenever the row's size changes
 * and when `words` (the language) changes.
 */
export function useOneRow(row: RefObject<HTMLElement | null>, words: string): void {
    useLayoutEffect(() => {
        const element = row.current;
        if (!element) return;
        const check = () => {
            element.removeAttribute("data-compact");
            if (wraps(element)) element.setAttribute("data-compact", "");
        };
        check();
        // Sizes are read and set in one go, before the browser paints: the row never shows two lines.
        const observer = new ResizeObserver(check);
        observer.observe(element);
        return () => observer.disconnect();
    }, [row, words]);
}

/** Whether a child of `row` sits below the first line: its middle lower than the first child's bottom. */
function wraps(row: HTMLElement): boolean {
    const shown = [...row.children].filter((child) => child.getClientRects().length > 0);
    const first = shown[0]?.getBoundingClientRect();
    if (!first) return false;
    return shown.some((child) => {
        const box = child.getBoundingClientRect();
        return box.top + box.height / 2 > first.bottom;
    });
}
