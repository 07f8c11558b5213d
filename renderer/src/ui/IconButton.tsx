import type {ButtonHTMLAttributes, Ref} from "react";
import {Hint} from "./Hint.js";

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "title" | "aria-label"> & {
    /** The button's name (it shows only an icon). */
    label: string;
    /** What its hint says, when more than its name. */
    hint?: string;
    ref?: Ref<HTMLButtonElement>;
};

/** A button that shows only an icon: named by `label`, which its hint shows on hover and keyboard focus. */
export function IconButton({label, hint, ref, ...button}: Props) {
    return (
        <Hint text={hint ?? label}>
            <button ref={ref} type="button" aria-label={label} {...button} />
        </Hint>
    );
}
