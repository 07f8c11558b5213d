import * as RadioGroup from "@radix-ui/react-radio-group";
import {useId} from "react";
import {Hint} from "./Hint.js";

/** One choice of a segmented control: its value, its words, and its hint (e.g. its words whole, when cut). */
export type Segment<T extends string> = {value: T; label: string; disabled?: boolean; hint?: string};

type Props<T extends string> = {
    /** The group's name, shown before the choices. */
    label: string;
    value: T;
    segments: Segment<T>[];
    onChange(value: T): void;
};

/**
 * Two or three choices side by side, one chosen (Radix RadioGroup: a radiogroup of radio buttons, the arrow
 * keys move and choose), drawn as one control.
 */
export function Segmented<T extends string>({label, value, segments, onChange}: Props<T>) {
    const id = useId();
    return (
        <div className="segmented">
            <span id={id} className="segmented-label">
                {label}
            </span>
            <RadioGroup.Root
                className="segmented-choices"
                aria-labelledby={id}
                value={value}
                onValueChange={(next) => onChange(next as T)}
                orientation="horizontal"
            >
                {segments.map((s) => (
                    <Hint key={s.value} text={s.hint} side="bottom">
                        <RadioGroup.Item value={s.value} disabled={s.disabled} className="segment">
                            {s.label}
                        </RadioGroup.Item>
                    </Hint>
                ))}
            </RadioGroup.Root>
        </div>
    );
}
