import type {ReactNode} from "react";
import {X} from "lucide-react";
import {Dialog} from "./Dialog.js";

type Props = {
    /** The screen's name: its heading and the dialog's accessible name. */
    title: string;
    /** Close's words. */
    close: string;
    onClose: () => void;
    /** What the top row holds between the title and Close (a search box). */
    tools?: ReactNode;
    className: string;
    children: ReactNode;
};

/**
 * A screen over the whole window (Settings, Models): a modal dialog without a backdrop, its title, tools and
 * Close on one row at the top, its content below.
 */
export function Page({title, close, onClose, tools, className, children}: Props) {
    return (
        <Dialog label={title} onClose={onClose} className={`page-screen ${className}`} page>
            <header className="page-top">
                <h1>{title}</h1>
                {tools}
                <button onClick={onClose}>
                    <X aria-hidden size={16} /> {close}
                </button>
            </header>
            {children}
        </Dialog>
    );
}
