import * as RadixSwitch from "@radix-ui/react-switch";
import {useId, type ReactNode} from "react";

type Props = {
    checked: boolean;
    onChange: (checked: boolean) => void;
    /** The switch's words, beside it; they name it. */
    children: ReactNode;
    disabled?: boolean;
    /** The id of words that say more of it (why it cannot be turned on). */
    describedBy?: string;
    /** More about it, shown on hover (and found by Settings' search). */
    title?: string;
    className?: string;
};

/**
 * An on/off setting that applies at once (Radix Switch: a button with role="switch" and aria-checked; Space
 * and Enter flip it), its words beside it as its label.
 */
export function Switch({
    checked,
    onChange,
    children,
    disabled = false,
    describedBy,
    title,
    className,
}: Props) {
    const id = useId();
    return (
        <div className={className ? `switch-row ${className}` : "switch-row"} title={title}>
            <RadixSwitch.Root
                id={id}
                className="switch"
                checked={checked}
                disabled={disabled}
                aria-describedby={describedBy}
                onCheckedChange={onChange}
            >
                <RadixSwitch.Thumb className="switch-thumb" />
            </RadixSwitch.Root>
            <label htmlFor={id}>{children}</label>
        </div>
    );
}
