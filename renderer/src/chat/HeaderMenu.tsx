import * as Menu from "@radix-ui/react-dropdown-menu";
import {Hint} from "../ui/Hint.js";
import {useEffect, useRef, useState} from "react";
import {Check, Download, Ellipsis, FoldVertical, SlidersHorizontal} from "lucide-react";
import type {Conversation, Project} from "../../../shared/contract.js";
import {THEMES, useTheme, type Theme} from "../ui/theme.js";
import {useTranslation} from "../i18n/index.js";

type Props = {
    /** The open conversation; without one, the menu holds the theme alone. */
    conversation: Conversation | undefined;
    projects: Project[];
    actions: {
        setProject: (projectId: string | null) => Promise<void>;
        setIncognito: (on: boolean) => Promise<void>;
        /** Compact now: earlier turns condensed into a summary the model reads in their place. */
        compact: () => Promise<void>;
    };
    /** Opens the conversation's dialogs. */
    open: {generation: () => void; export: () => void};
};

/**
 * The header's menu (Radix's dropdown menu: arrow keys, typeahead, Escape, focus back to its button): the
 * conversation's generation settings, export and compaction, incognito, its project, and the theme. What is used less
 * than the header's row, so that the row stays one line at 1024 px.
 */
export function HeaderMenu({conversation, projects, actions, open}: Props) {
    const {t} = useTranslation();
    const [theme, setTheme] = useTheme();
    const trigger = useRef<HTMLButtonElement>(null);
    // A dialog chosen in the menu opens once the menu has closed and given focus back to its button: the
    // dialog then takes focus, and gives it back to that button when it closes.
    const afterClose = useRef<(() => void) | null>(null);
    const openAfterClose = (dialog: () => void) => () => (afterClose.current = dialog);
    // The menu is put in the window's main landmark, where it belongs (not in the header, whose containment
    // would place it): found once mounted, so that it never moves there from the body while open.
    const [container, setContainer] = useState<HTMLElement | null>(null);
    useEffect(() => setContainer(trigger.current?.closest("main") ?? null), []);
    const shown = projects.filter((p) => !p.archived || p.id === conversation?.projectId);
    return (
        // Not modal: a modal menu blocks the page's scroll with a <style> element, which the window's CSP refuses.
        <Menu.Root modal={false}>
            <Hint text={t("header.moreHint")} side="bottom">
                <Menu.Trigger asChild>
                    <button ref={trigger} aria-label={t("header.more")}>
                        <Ellipsis aria-hidden size={16} />
                    </button>
                </Menu.Trigger>
            </Hint>
            <Menu.Portal container={container}>
                <Menu.Content
                    className="menu"
                    align="end"
                    sideOffset={4}
                    collisionPadding={8}
                    onCloseAutoFocus={(event) => {
                        const dialog = afterClose.current;
                        afterClose.current = null;
                        if (!dialog) return;
                        event.preventDefault();
                        trigger.current?.focus();
                        dialog();
                    }}
                >
                    {conversation && (
                        <>
                            <Menu.Item className="menu-item" onSelect={openAfterClose(open.generation)}>
                                <SlidersHorizontal aria-hidden size={16} /> {t("header.generation")}
                            </Menu.Item>
                            <Menu.Item className="menu-item" onSelect={openAfterClose(open.export)}>
                                <Download aria-hidden size={16} /> {t("header.export")}
                            </Menu.Item>
                            <Menu.Item
                                className="menu-item"
                                onSelect={() => void actions.compact()}
                                title={t("header.compactHint")}
                            >
                                <FoldVertical aria-hidden size={16} /> {t("header.compact")}
                            </Menu.Item>
                            <Menu.Separator className="menu-separator" />
                            <Menu.CheckboxItem
                                className="menu-item"
                                checked={conversation.incognito}
                                onCheckedChange={(on) => void actions.setIncognito(on)}
                                title={t("header.incognitoHint")}
                            >
                                <Tick /> {t("header.incognito")}
                            </Menu.CheckboxItem>
                            {shown.length > 0 && (
                                <>
                                    <Menu.Separator className="menu-separator" />
                                    <Choices
                                        label={t("header.project")}
                                        value={conversation.projectId ?? ""}
                                        choices={[
                                            {value: "", label: t("header.none")},
                                            ...shown.map((p) => ({value: p.id, label: p.name})),
                                        ]}
                                        onChange={(id) => void actions.setProject(id || null)}
                                    />
                                </>
                            )}
                            <Menu.Separator className="menu-separator" />
                        </>
                    )}
                    <Choices
                        label={t("header.theme")}
                        value={theme}
                        choices={THEMES.map((value) => ({value, label: t(`theme.${value}`)}))}
                        onChange={(value) => setTheme(value as Theme)}
                    />
                </Menu.Content>
            </Menu.Portal>
        </Menu.Root>
    );
}

/** A group of choices under its label, one of them chosen. */
function Choices({
    label,
    value,
    choices,
    onChange,
}: {
    label: string;
    value: string;
    choices: {value: string; label: string}[];
    onChange: (value: string) => void;
}) {
    return (
        <>
            <Menu.Label className="menu-label" aria-hidden>
                {label}
            </Menu.Label>
            <Menu.RadioGroup aria-label={label} value={value} onValueChange={onChange}>
                {choices.map((c) => (
                    <Menu.RadioItem key={c.value} className="menu-item" value={c.value}>
                        <Tick /> {c.label}
                    </Menu.RadioItem>
                ))}
            </Menu.RadioGroup>
        </>
    );
}

/** The check mark of a chosen item, in a column of its own. */
function Tick() {
    return (
        <span className="menu-tick" aria-hidden>
            <Menu.ItemIndicator>
                <Check size={14} />
            </Menu.ItemIndicator>
        </span>
    );
}
