import type {ReactNode} from "react";

type Props = {
    /** The question, as the group's accessible name ("Remove Mistral?"). */
    label: string;
    children: ReactNode;
    confirm: string;
    cancel?: string;
    onConfirm: () => void;
    onCancel: () => void;
};

/** An inline "are you sure": what will happen, a danger button to go ahead, and a way out (focused). */
export function Confirm({label, children, confirm, cancel = "Keep", onConfirm, onCancel}: Props) {
    return (
        <span role="group" aria-label={label}>
            {children}{" "}
            <button className="danger" onClick={onConfirm}>
                {confirm}
            </button>{" "}
            <button autoFocus onClick={onCancel}>
                {cancel}
            </button>
        </span>
    );
}
