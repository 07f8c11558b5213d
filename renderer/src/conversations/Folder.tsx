import {useState, type ReactNode} from "react";
import {ChevronDown, ChevronRight} from "lucide-react";

type Props = {
    /** The region's name for assistive technology ("Project Notes", "Runs of Bitcoin watch"). */
    label: string;
    /** The name shown on the fold button, and what follows it (a count). */
    name: string;
    after?: ReactNode;
    open: boolean;
    onToggle: () => void;
    /** Buttons beside the name (a project's New conversation and settings). */
    actions?: ReactNode;
    /** Its conversations' rows, drawn while it is open. */
    children: ReactNode;
};

/** A foldable group of the sidebar's conversations: a project, an automation's runs. */
export function Folder({label, name, after, open, onToggle, actions, children}: Props) {
    const Chevron = open ? ChevronDown : ChevronRight;
    return (
        <section className="project" aria-label={label}>
            <div className="project-row">
                <button className="project-name" aria-expanded={open} onClick={onToggle}>
                    <Chevron aria-hidden size={14} /> <span dir="auto">{name}</span>
                    {after}
                </button>
                {actions && <span className="actions">{actions}</span>}
            </div>
            {open && <ul>{children}</ul>}
        </section>
    );
}

/** Which folders the person turned (by id), and the toggle: folded where open is the default, or the reverse. */
export function useTurned(): [Set<string>, (id: string) => void] {
    const [turned, setTurned] = useState<Set<string>>(new Set());
    const toggle = (id: string) =>
        setTurned((was) => {
            const next = new Set(was);
            if (!next.delete(id)) next.add(id);
            return next;
        });
    return [turned, toggle];
}
