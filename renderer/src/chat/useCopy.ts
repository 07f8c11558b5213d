import {useState} from "react";

/** Copies text to the clipboard; `copied` is true for a moment after, for the button to say so. */
export function useCopy(): {copied: boolean; copy: (text: string) => void} {
    const [copied, setCopied] = useState(false);
    const copy = (text: string) => {
        void navigator.clipboard?.writeText(text).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
        });
    };
    return {copied, copy};
}
