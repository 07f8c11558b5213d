import {useRef, useState} from "react";
import {ImagePlus, SendHorizontal, Square} from "lucide-react";
import {imageFiles, PendingImages, usePendingImages} from "./attachments.js";
import {useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";

type ComposerProps = {
    busy: boolean;
    offline: string | null;
    onSend(text: string, attachments?: string[]): Promise<boolean>;
    onStop(): void;
    onSent(): void;
    /** ↑ in the empty box: edit the last question. */
    onEditLast(): void;
};

/** The message box: its own state, so that typing never re-renders the messages. */
export function Composer({busy, offline, onSend, onStop, onSent, onEditLast}: ComposerProps) {
    const {t} = useTranslation();
    const [draft, setDraft] = useState("");
    const images = usePendingImages();
    const picker = useRef<HTMLInputElement>(null);
    const sending = images.images.some((i) => !i.attachment && !i.error);
    // Unreachable, the buttons say why (the banner's words) and Enter keeps the draft.
    const why = offline ? {title: offline, "aria-describedby": "offline-reason"} : {};
    const submit = async () => {
        const text = draft.trim();
        if (!text || busy || offline || sending) return;
        const attached = images.images;
        const ids = attached.flatMap((i) => (i.attachment ? [i.attachment.id] : []));
        setDraft("");
        images.clear();
        onSent();
        if (!(await onSend(text, ids.length > 0 ? ids : undefined))) {
            setDraft(text);
            images.restore(attached);
        }
    };
    return (
        <form
            className="composer"
            onSubmit={(e) => {
                e.preventDefault();
                void submit();
            }}
            onDragOver={(e) => {
                if (e.dataTransfer.types.includes("Files")) e.preventDefault();
            }}
            onDrop={(e) => {
                const files = imageFiles(e.dataTransfer);
                if (files.length === 0) return;
                e.preventDefault();
                images.add(files);
            }}
        >
            <PendingImages images={images.images} onRemove={images.remove} />
            <div className="composer-row">
                <IconButton
                    className="icon attach"
                    label={t("composer.attach")}
                    hint={t("composer.attachHint")}
                    onClick={() => picker.current?.click()}
                >
                    <ImagePlus aria-hidden size={18} />
                </IconButton>
                <input
                    ref={picker}
                    type="file"
                    accept="image/*,.heic,.heif"
                    multiple
                    hidden
                    aria-hidden
                    tabIndex={-1}
                    onChange={(e) => {
                        images.add([...(e.target.files ?? [])]);
                        e.target.value = "";
                    }}
                />
                <textarea
                    id="message-box"
                    aria-label={t("composer.message")}
                    placeholder={t("composer.placeholder")}
                    value={draft}
                    rows={3}
                    onChange={(e) => setDraft(e.target.value)}
                    onPaste={(e) => {
                        const files = imageFiles(e.clipboardData);
                        if (files.length === 0) return;
                        e.preventDefault();
                        images.add(files);
                    }}
                    onKeyDown={(e) => {
                        if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                            e.preventDefault();
                            void submit();
                        } else if (e.key === "ArrowUp" && !draft && !busy) {
                            e.preventDefault();
                            onEditLast();
                        }
                    }}
                />
                {busy ? (
                    <button type="button" className="stop" onClick={onStop} disabled={!!offline} {...why}>
                        <Square aria-hidden size={14} /> {t("composer.stop")}
                    </button>
                ) : (
                    <button type="submit" disabled={!draft.trim() || !!offline || sending} {...why}>
                        <SendHorizontal aria-hidden size={16} /> {t("composer.send")}
                    </button>
                )}
            </div>
        </form>
    );
}
