import * as Menu from "@radix-ui/react-dropdown-menu";
import {FileText, ImagePlus, Paperclip} from "lucide-react";
import {useEffect, useRef, useState} from "react";
import {useTranslation} from "../i18n/index.js";
import {Hint} from "../ui/Hint.js";

type Props = {
    /** Opens the file picker for images. */
    onImages: () => void;
    /** Why the model answering here cannot take images (null: it can): the choice is then off, saying so. */
    cannotSee: string | null;
    /** Opens the conversation's attached documents (absent: no conversation yet). */
    onDocuments?: () => void;
};

/**
 * The composer's one Attach menu (Radix: arrow keys, Esc, focus back to its button): images, where the model
 * answering here sees them, and documents. What cannot be used now stays in the menu, off, with why.
 */
export function AttachMenu({onImages, cannotSee, onDocuments}: Props) {
    const {t} = useTranslation();
    // The menu is drawn in the window's main landmark (axe: all content in one), found once mounted.
    const trigger = useRef<HTMLButtonElement>(null);
    const [container, setContainer] = useState<HTMLElement | null>(null);
    useEffect(() => setContainer(trigger.current?.closest("main") ?? null), []);
    return (
        // Not modal: a modal menu blocks the page's scroll with a <style> element, which the window's CSP refuses.
        <Menu.Root modal={false}>
            <Hint text={t("composer.attachHint")} side="top">
                <Menu.Trigger asChild>
                    <button
                        ref={trigger}
                        type="button"
                        className="icon attach"
                        aria-label={t("composer.attach")}
                    >
                        <Paperclip aria-hidden size={18} />
                    </button>
                </Menu.Trigger>
            </Hint>
            <Menu.Portal container={container}>
                <Menu.Content className="menu" side="top" align="start" sideOffset={4} collisionPadding={8}>
                    <Menu.Item
                        className="menu-item"
                        disabled={cannotSee !== null}
                        aria-describedby={cannotSee ? "cannot-see" : undefined}
                        onSelect={onImages}
                    >
                        <ImagePlus aria-hidden size={16} />
                        <span>
                            {t("composer.attachImages")}
                            {cannotSee && (
                                <span id="cannot-see" className="menu-why">
                                    {cannotSee}
                                </span>
                            )}
                        </span>
                    </Menu.Item>
                    {onDocuments && (
                        <Menu.Item className="menu-item" onSelect={onDocuments}>
                            <FileText aria-hidden size={16} /> {t("composer.attachDocuments")}
                        </Menu.Item>
                    )}
                </Menu.Content>
            </Menu.Portal>
        </Menu.Root>
    );
}
