import * as Menu from "@radix-ui/react-dropdown-menu";
import {useRef, useState, type KeyboardEvent} from "react";
import {CalendarClock, Ellipsis, Pencil, Pin, PinOff, Trash2} from "lucide-react";
import type {Conversation} from "../../../shared/contract.js";
import type {RowPlace} from "./DateGroups.js";
import {useTranslation} from "../i18n/index.js";
import {Hint} from "../ui/Hint.js";

/** What a row is showing: its title, the field renaming it, or the question before it is deleted. */
export type RowState = "shown" | "editing" | "confirming";

type Props = {
    conversation: Conversation;
    /** Its title as shown (a new one's in the window's language). */
    title: string;
    selected: boolean;
    place?: RowPlace;
    state: RowState;
    /** Whether its title is cut at the sidebar's edge (the whole title is then its hint). */
    titleIsCut: () => boolean;
    onSelect: () => void;
    onPin: (pinned: boolean) => void;
    /** Moves the row to another state (rename, ask before deleting, back to its title). */
    onState: (state: RowState) => void;
    /** The new title (unchanged or empty: none); the row is shown again either way. */
    onRenamed: (title: string) => void;
    onDelete: () => void;
};

/**
 * One conversation in the sidebar: one Tab stop (its title). Its actions are in one menu, opened by its button
 * (shown on hover and focus), by the context-menu key or Shift+F10, or by a right click; Delete asks first.
 */
export function ConversationRow(props: Props) {
    const {t} = useTranslation();
    const {conversation: c, title} = props;
    const [menuOpen, setMenuOpen] = useState(false);
    // The menu's action moves the focus itself (to the title field, to the question): the menu leaves it there.
    const actionFocuses = useRef(false);
    const titleButton = useRef<HTMLButtonElement>(null);
    const focusingAction = (state: RowState) => () => {
        actionFocuses.current = true;
        props.onState(state);
    };
    const openMenu = (e: {preventDefault: () => void}) => {
        e.preventDefault();
        setMenuOpen(true);
    };
    const onTitleKey = (e: KeyboardEvent<HTMLButtonElement>) => {
        if (e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey)) openMenu(e);
        else if (e.key === "Delete" || e.key === "F2") {
            e.preventDefault();
            props.onState(e.key === "F2" ? "editing" : "confirming");
        }
    };
    return (
        <li
            className={[props.selected ? "selected" : "", menuOpen ? "menu-open" : ""].join(" ").trim()}
            data-index={props.place?.index}
            ref={props.place?.measure}
            style={props.place ? {top: props.place.top} : undefined}
        >
            {props.state === "editing" ? (
                <RenameField title={title} onDone={props.onRenamed} />
            ) : (
                <Hint text={title} side="right" when={props.titleIsCut}>
                    <button
                        ref={titleButton}
                        className="title"
                        data-id={c.id}
                        onClick={props.onSelect}
                        onKeyDown={onTitleKey}
                        onContextMenu={openMenu}
                        aria-current={props.selected ? "true" : undefined}
                        aria-keyshortcuts="Shift+F10 F2 Delete"
                    >
                        {/* A button centres what overflows it: the span cuts a long title at its end. */}
                        {c.automationId && (
                            <CalendarClock aria-label={t("sidebar.automationRun")} role="img" size={14} />
                        )}
                        <span dir="auto">{title}</span>
                    </button>
                </Hint>
            )}
            {props.state === "confirming" ? (
                <span className="confirm">
                    <button className="danger" autoFocus onClick={props.onDelete}>
                        {t("sidebar.confirmDelete")}
                    </button>
                    <button
                        onClick={() => props.onState("shown")}
                        onKeyDown={(e) => e.key === "Escape" && props.onState("shown")}
                    >
                        {t("sidebar.keep")}
                    </button>
                </span>
            ) : (
                <Menu.Root open={menuOpen} onOpenChange={setMenuOpen} modal={false}>
                    <Hint text={t("sidebar.actions", {title})} side="right">
                        <Menu.Trigger asChild>
                            <button
                                className="row-menu"
                                tabIndex={-1}
                                aria-label={t("sidebar.actions", {title})}
                            >
                                <Ellipsis aria-hidden size={16} />
                            </button>
                        </Menu.Trigger>
                    </Hint>
                    <Menu.Portal container={titleButton.current?.closest("nav") ?? undefined}>
                        <Menu.Content
                            className="menu"
                            align="start"
                            sideOffset={2}
                            collisionPadding={8}
                            onCloseAutoFocus={(e) => {
                                // Back to the title, unless the action took the focus.
                                e.preventDefault();
                                if (!actionFocuses.current) titleButton.current?.focus();
                                actionFocuses.current = false;
                            }}
                        >
                            <Menu.Item className="menu-item" onSelect={() => props.onPin(!c.pinned)}>
                                {c.pinned ? <PinOff aria-hidden size={16} /> : <Pin aria-hidden size={16} />}
                                {t(c.pinned ? "sidebar.unpin" : "sidebar.pin")}
                            </Menu.Item>
                            <Menu.Item className="menu-item" onSelect={focusingAction("editing")}>
                                <Pencil aria-hidden size={16} /> {t("sidebar.rename")}
                            </Menu.Item>
                            <Menu.Separator className="menu-separator" />
                            <Menu.Item className="menu-item danger" onSelect={focusingAction("confirming")}>
                                <Trash2 aria-hidden size={16} /> {t("sidebar.delete")}
                            </Menu.Item>
                        </Menu.Content>
                    </Menu.Portal>
                </Menu.Root>
            )}
        </li>
    );
}

function RenameField({title, onDone}: {title: string; onDone: (title: string) => void}) {
    const {t} = useTranslation();
    const [value, setValue] = useState(title);
    return (
        <input
            aria-label={t("sidebar.titleField")}
            autoFocus
            value={value}
            maxLength={200}
            onChange={(e) => setValue(e.target.value)}
            onBlur={() => onDone(value.trim())}
            onKeyDown={(e) => {
                if (e.key === "Enter") onDone(value.trim());
                if (e.key === "Escape") onDone(title);
            }}
        />
    );
}
