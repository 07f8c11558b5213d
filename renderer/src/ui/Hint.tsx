import * as Tooltip from "@radix-ui/react-tooltip";
import {useRef, useState, type ReactElement, type ReactNode} from "react";

/**
 * How long a pointer rests on a control before its hint shows, and how soon the next one shows while moving
 * from one control to another (ms). A hint shows at once when the control gets the keyboard's focus.
 */
const DELAY_MS = 500;
const SKIP_DELAY_MS = 300;
/** Where a hint is put: the nearest of these around its control (axe: all content in a landmark). */
const LANDMARKS = "dialog, main, nav, aside, header, footer, [role=region]";

/** The hints' shared timing: once around the window (App, the quick-ask window). */
export function HintProvider({children}: {children: ReactNode}) {
    return (
        <Tooltip.Provider delayDuration={DELAY_MS} skipDelayDuration={SKIP_DELAY_MS}>
            {children}
        </Tooltip.Provider>
    );
}

type HintProps = {
    /** What the hint says; nothing: the control shows no hint. */
    text: string | null | undefined;
    /** The one control it describes (a button, a link, a label): it keeps its own name. */
    children: ReactElement;
    side?: "top" | "right" | "bottom" | "left";
    /** Asked each time the hint would show: false keeps it hidden (a title shown whole needs none). */
    when?: () => boolean;
};

/**
 * A hint for one control (Radix Tooltip): shown on hover and on keyboard focus, where a `title` shows to a
 * mouse only; it describes the control (aria-describedby) while shown and never names it. Esc hides it.
 */
export function Hint({text, children, side = "top", when}: HintProps) {
    const [open, setOpen] = useState(false);
    // Read when the hint shows (a render that opening causes), not kept in state: no render of its own.
    const trigger = useRef<HTMLButtonElement>(null);
    if (!text) return children;
    return (
        <Tooltip.Root open={open} onOpenChange={(next) => setOpen(next && (when?.() ?? true))}>
            <Tooltip.Trigger asChild ref={trigger}>
                {children}
            </Tooltip.Trigger>
            {/* In the control's own landmark or dialog: a dialog's hint is drawn over it, in its top layer. */}
            <Tooltip.Portal container={trigger.current?.closest<HTMLElement>(LANDMARKS)}>
                <Tooltip.Content className="tooltip" side={side} sideOffset={4} collisionPadding={8}>
                    {text}
                    <Tooltip.Arrow className="tooltip-arrow" />
                </Tooltip.Content>
            </Tooltip.Portal>
        </Tooltip.Root>
    );
}
