import * as RadixSelect from "@radix-ui/react-select";
import {Check, ChevronDown} from "lucide-react";
import {useRef, useState, type ComponentPropsWithRef} from "react";

/** One choice of a select: its value (any string, the empty one included), its words. */
export type Choice = {value: string; label: string; disabled?: boolean; lang?: string};
/** Choices under a heading of their own (a provider's models). */
export type ChoiceGroup = {group: string; choices: Choice[]};

/** The button's own attributes (its name, a hint's handlers and ref) pass to the select's button. */
type Props = Omit<ComponentPropsWithRef<"button">, "value" | "onChange"> & {
    value: string;
    choices: (Choice | ChoiceGroup)[];
    onChange: (value: string) => void;
    disabled?: boolean;
    /** In a form: a choice must be made before it is sent (the browser's own check). */
    required?: boolean;
    className?: string;
    /** Called as the list opens (a list that is asked for only when someone looks at it). */
    onOpen?: () => void;
};

/**
 * Radix Select cannot hold the empty string as a value (it means "nothing chosen"): it travels as this one and
 * is given back as "".
 */
const EMPTY = "\u0000empty";
const inward = (value: string) => (value === "" ? EMPTY : value);
const outward = (value: string) => (value === EMPTY ? "" : value);
/** The list is drawn in the select's own modal dialog (its top layer), else over the page. */
const LAYER = "dialog";

/**
 * A choice among a few (Radix Select: a button with role="combobox" and a listbox of options; arrows, Home, End,
 * typing a name and Esc work as in the system's own). Styled with the design tokens, in every theme.
 */
export function Select({
    value,
    choices,
    onChange,
    disabled,
    required,
    className,
    onOpen,
    ref,
    ...button
}: Props) {
    const [open, setOpen] = useState(false);
    const trigger = useRef<HTMLButtonElement | null>(null);
    const setTrigger = (node: HTMLButtonElement | null) => {
        trigger.current = node;
        if (typeof ref === "function") ref(node);
        else if (ref) ref.current = node;
    };
    const item = (c: Choice) => (
        <RadixSelect.Item
            key={c.value}
            value={inward(c.value)}
            disabled={c.disabled}
            className="select-item"
            lang={c.lang}
        >
            <RadixSelect.ItemText>{c.label}</RadixSelect.ItemText>
            <RadixSelect.ItemIndicator className="select-check">
                <Check aria-hidden size={14} />
            </RadixSelect.ItemIndicator>
        </RadixSelect.Item>
    );
    return (
        <RadixSelect.Root
            value={inward(value)}
            onValueChange={(next) => onChange(outward(next))}
            disabled={disabled}
            required={required}
            open={open}
            onOpenChange={(next) => {
                if (next) onOpen?.();
                setOpen(next);
            }}
        >
            <RadixSelect.Trigger
                {...button}
                // Its choices' words, for a search of the page (Settings' finds "Weekly" in Backups).
                data-choices={choices
                    .flatMap((c) => ("group" in c ? [c.group, ...c.choices.map((g) => g.label)] : [c.label]))
                    .join(" ")}
                ref={setTrigger}
                className={className ? `select-trigger ${className}` : "select-trigger"}
            >
                <RadixSelect.Value />
                <RadixSelect.Icon className="select-icon">
                    <ChevronDown aria-hidden size={14} />
                </RadixSelect.Icon>
            </RadixSelect.Trigger>
            <RadixSelect.Portal container={trigger.current?.closest<HTMLElement>(LAYER)}>
                <RadixSelect.Content className="select-content" position="popper" sideOffset={4}>
                    <RadixSelect.Viewport className="select-viewport">
                        {choices.map((c) =>
                            "group" in c ? (
                                <RadixSelect.Group key={c.group}>
                                    <RadixSelect.Label className="select-group">{c.group}</RadixSelect.Label>
                                    {c.choices.map(item)}
                                </RadixSelect.Group>
                            ) : (
                                item(c)
                            ),
                        )}
                    </RadixSelect.Viewport>
                </RadixSelect.Content>
            </RadixSelect.Portal>
        </RadixSelect.Root>
    );
}
