import * as RadioGroup from "@radix-ui/react-radio-group";
import {useId, useRef} from "react";
import {Hint} from "./Hint.js";

/** One choice of a segmented control: its value, its words, and its hint (e.g. its words whole, when cut). */
export type Segment<T extends string> = {value: T; label: string; disabled?: boolean; hint?: string};

type Props<T extends string> = {
    /** The group's name, shown before the choices. */
    label: string;
    value: T;
    segments: Segment<T>[];
    onChange: (value: T) => void;
};

/**
 * Two or three choices side by side, one chosen (Radix RadioGroup: a radiogroup of radio buttons, the arrow
 * keys move and choose), drawn as one control.
 */
export function Segmented<T extends string>({label, value, segments, onChange}: Props<T>) {
    const id = useId();
    // Radix moves the focus a moment after the arrow key's keydown and chooses only while the key is still
    // down: a quick press on a busy computer moved the focus without choosing. The choice follows the focus
    // that an arrow key moved, however late it lands.
    const arrowed = useRef(false);
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
                onKeyDown={(e) => (arrowed.current = ARROWS.includes(e.key))}
            >
                {segments.map((s) => (
                    <Hint key={s.value} text={s.hint} side="bottom">
                        <RadioGroup.Item
                            value={s.value}
                            disabled={s.disabled}
                            className="segment"
                            onFocus={() => {
                                if (!arrowed.current) return;
                                arrowed.current = false;
                                if (s.value !== value) onChange(s.value);
                            }}
                        >
                            {s.label}
                        </RadioGroup.Item>
                    </Hint>
                ))}
            </RadioGroup.Root>
        </div>
    );
}

const ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
