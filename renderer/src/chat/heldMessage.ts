import {useEffect, useRef, useState} from "react";

/**
 * A message sent while Cairn cannot be reached: held, shown as waiting, and delivered once Cairn is back (by
 * `deliver`, which answers whether it went; one that did not go is handed to `undelivered`, once, not tried
 * again). One is held at a time; `take` gives it back to edit.
 */
export function useHeldMessage(
    unreachable: boolean,
    deliver: (text: string) => Promise<boolean>,
    undelivered: (text: string) => void,
) {
    const [held, setHeld] = useState<string | null>(null);
    const send = useRef({deliver, undelivered});
    send.current = {deliver, undelivered};
    useEffect(() => {
        if (unreachable || held === null) return;
        setHeld(null);
        // Not delivered after all (refused, or cut again): it goes back to its sender, to send again.
        void send.current.deliver(held).then((went) => {
            if (!went) send.current.undelivered(held);
        });
    }, [unreachable, held]);
    return {
        held,
        hold: (text: string) => setHeld(text),
        take: (): string | null => {
            setHeld(null);
            return held;
        },
    };
}
