import * as RadixSwitch from "@radix-ui/react-switch";
import {useId, type ReactNode} from "react";

type Props = {
    checked: boolean;
    onChange(checked: boolean): void;
    /** The switch's words, beside it; they name it. */
    children: ReactNode;
    disabled?: boolean;
};

/**
 * An on/off setting that applies at once (Radix Switch: a button with role="switch" and aria-checked; Space
 * and Enter flip it), its words beside it as its label.
 */
export function Switch({checked, onChange, children, disabled = false}: Props) {
    const id = useId();
    return (
        <div className="switch-row">
            <RadixSwitch.Root
                id={id}
                className="switch"
                checked={checked}
                disabled={disabled}
                onCheckedChange={onChange}
            >
                <RadixSwitch.Thumb className="switch-thumb" />
            </RadixSwitch.Root>
            <label htmlFor={id}>{children}</label>
        </div>
    );
}
