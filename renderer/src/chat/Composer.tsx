import {useRef, useState, type KeyboardEvent} from "react";
import {CornerDownRight, ListPlus, LoaderCircle, Mic, SendHorizontal, Square, Telescope} from "lucide-react";
import {imageFiles, PendingImages, usePendingImages} from "./attachments.js";
import {useDictation} from "./dictation.js";
import {useTranslation} from "../i18n/index.js";
import {IconButton} from "../ui/IconButton.js";
import {AttachMenu} from "./AttachMenu.js";
import {useHeldMessage} from "./heldMessage.js";

type ComposerProps = {
    busy: boolean;
    offline: string | null;
    /** research: the text is a question to research (a plan first), not a message to answer. */
    onSend: (text: string, attachments?: string[], research?: boolean) => Promise<boolean>;
    onStop: () => void;
    /** While an answer runs: the message queued for after it, or (steer) taken in at its next step. */
    onQueue?: (text: string, steer: boolean) => Promise<boolean>;
    onSent: () => void;
    /** ↑ in the empty box: edit the last question. */
    onEditLast: () => void;
    /** Why the model answering here cannot take images (null: it can): said before anything is sent. */
    cannotSee?: string | null;
    /** Opens the conversation's attached documents (absent: no conversation yet). */
    onAttachDocuments?: () => void;
};

/** The note saying why attached images cannot go to the model here (the Send button points to it). */
const REFUSED_ID = "images-refused";

/** The message box: its own state, so that typing never re-renders the messages. */
export function Composer(props: ComposerProps) {
    const {busy, offline, onSend, onStop, onQueue, onSent, onEditLast, cannotSee = null} = props;
    const {t} = useTranslation();
    const [draft, setDraft] = useState("");
    const [research, setResearch] = useState(false);
    const images = usePendingImages();
    const picker = useRef<HTMLInputElement>(null);
    const box = useRef<HTMLTextAreaElement>(null);
    // Dictated text lands at the caret, to edit before sending.
    const dictation = useDictation((heard) => {
        const at = box.current;
        const start = at?.selectionStart ?? draft.length;
        const end = at?.selectionEnd ?? draft.length;
        setDraft((text) => joinAt(text, heard.trim(), start, end));
        at?.focus();
    });
    const sending = images.images.some((i) => !i.attachment && !i.error);
    // Images the model here cannot see are kept (to send elsewhere), and the message waits until they go.
    const refused = cannotSee !== null && images.images.some((i) => !i.error);
    // Unreachable, the buttons say why (the banner's words) and Enter keeps the draft.
    const why = offline ? {title: offline, "aria-describedby": "offline-reason"} : {};
    // While an answer runs a message waits (Enter, Queue) or steers it (Steer); images go with a sent message.
    const waits = busy && !!onQueue && images.images.length === 0;
    // Sent while Cairn cannot be reached, a message (text alone) waits to go once it is back.
    const waiting = useHeldMessage(
        !!offline,
        (text) => {
            onSent();
            return waits ? onQueue(text, false) : onSend(text);
        },
        (text) => setDraft((typed) => (typed ? `${text}\n${typed}` : text)),
    );
    const submit = async (steer = false) => {
        const text = draft.trim();
        if (offline && text && images.images.length === 0 && waiting.held === null) {
            setDraft("");
            waiting.hold(text);
            return;
        }
        if (waits && text && !offline) {
            setDraft("");
            if (!(await onQueue(text, steer))) setDraft(text);
            return;
        }
        if (!text || busy || offline || sending || refused) return;
        const attached = images.images;
        const ids = attached.flatMap((i) => (i.attachment ? [i.attachment.id] : []));
        setDraft("");
        images.clear();
        onSent();
        if (await onSend(text, ids.length > 0 ? ids : undefined, research)) setResearch(false);
        else {
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
            {waiting.held !== null && (
                <p className="composer-held" role="status">
                    {t("composer.held", {text: waiting.held})}{" "}
                    <button type="button" onClick={() => setDraft(waiting.take() ?? draft)}>
                        {t("composer.heldEdit")}
                    </button>
                </p>
            )}
            {refused && (
                <p id={REFUSED_ID} className="composer-why" role="status">
                    {cannotSee}
                </p>
            )}
            <div className="composer-row">
                <AttachMenu
                    onImages={() => picker.current?.click()}
                    cannotSee={cannotSee}
                    onDocuments={props.onAttachDocuments}
                />
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
                <DictateButton dictation={dictation} />
                <IconButton
                    className={research ? "icon research on" : "icon research"}
                    label={t("composer.research")}
                    hint={t("composer.researchHint")}
                    aria-pressed={research}
                    onClick={() => setResearch(!research)}
                >
                    <Telescope aria-hidden size={18} />
                </IconButton>
                <textarea
                    ref={box}
                    id="message-box"
                    aria-label={t("composer.message")}
                    placeholder={t(research ? "composer.researchPlaceholder" : "composer.placeholder")}
                    value={draft}
                    rows={3}
                    onChange={(e) => setDraft(e.target.value)}
                    onPaste={(e) => {
                        const files = imageFiles(e.clipboardData);
                        if (files.length === 0) return;
                        e.preventDefault();
                        images.add(files);
                    }}
                    onKeyUp={(e) => {
                        if (dictation.state === "recording" && e.key === " ") dictation.stop();
                    }}
                    onKeyDown={(e) => {
                        if (pushToTalk(e)) {
                            e.preventDefault();
                            if (!e.repeat && dictation.state === "idle") void dictation.start();
                        } else if (e.key === "Escape" && dictation.state === "recording") {
                            e.preventDefault();
                            e.stopPropagation();
                            dictation.stop(false);
                        } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                            e.preventDefault();
                            void submit();
                        } else if (e.key === "ArrowUp" && !draft && !busy) {
                            e.preventDefault();
                            onEditLast();
                        }
                    }}
                />
                {busy ? (
                    <div className="busy-actions">
                        {waits && draft.trim() && (
                            <>
                                <button type="submit" title={t("composer.queueHint")} disabled={!!offline}>
                                    <ListPlus aria-hidden size={14} /> {t("composer.queue")}
                                </button>
                                <button
                                    type="button"
                                    title={t("composer.steerHint")}
                                    disabled={!!offline}
                                    onClick={() => void submit(true)}
                                >
                                    <CornerDownRight aria-hidden size={14} /> {t("composer.steer")}
                                </button>
                            </>
                        )}
                        <button type="button" className="stop" onClick={onStop} disabled={!!offline} {...why}>
                            <Square aria-hidden size={14} /> {t("composer.stop")}
                        </button>
                    </div>
                ) : (
                    <button
                        type="submit"
                        disabled={!draft.trim() || !!offline || sending || refused}
                        {...(refused ? {"aria-describedby": REFUSED_ID} : why)}
                    >
                        <SendHorizontal aria-hidden size={16} />{" "}
                        {t(research ? "composer.research" : "composer.send")}
                    </button>
                )}
            </div>
            <DictationStatus dictation={dictation} />
        </form>
    );
}

/** Ctrl/⌘ Shift Space held in the message box: push to talk (released: the recording is transcribed). */
function pushToTalk(e: KeyboardEvent): boolean {
    return (e.ctrlKey || e.metaKey) && e.shiftKey && e.key === " ";
}

/** `heard` put in place of the selection start..end, with a space between it and the words around it. */
export function joinAt(text: string, heard: string, start: number, end: number): string {
    if (!heard) return text;
    const before = text.slice(0, start);
    const after = text.slice(end);
    const left = before && !/\s$/.test(before) ? " " : "";
    const right = after && !/^\s/.test(after) ? " " : "";
    return `${before}${left}${heard}${right}${after}`;
}

type Dictation = ReturnType<typeof useDictation>;

/** The microphone: records on a press, transcribes on the next (or on Ctrl/⌘ Shift Space released). */
function DictateButton({dictation}: {dictation: Dictation}) {
    const {t} = useTranslation();
    const recording = dictation.state === "recording";
    const working = dictation.state === "starting" || dictation.state === "transcribing";
    // Without a speech model the microphone is marked unavailable and its hint says why; pressed, it asks the
    // core again (a model may have come since) before saying it.
    const why = recording ? null : dictation.unavailable;
    return (
        <IconButton
            className={recording ? "icon dictate recording" : "icon dictate"}
            label={t(recording ? "composer.dictateStop" : "composer.dictate")}
            hint={why ?? t(recording ? "composer.dictateStopHint" : "composer.dictateHint")}
            aria-disabled={why ? true : undefined}
            // A model put in the models folder is found without an event: asked again as the microphone is neared.
            onFocus={why ? dictation.recheck : undefined}
            onPointerEnter={why ? dictation.recheck : undefined}
            disabled={working}
            onClick={() => (recording ? dictation.stop() : void dictation.start())}
        >
            {working ? (
                <LoaderCircle aria-hidden size={18} className="spin" />
            ) : (
                <Mic aria-hidden size={18} />
            )}
        </IconButton>
    );
}

/** What dictation is doing, said to screen readers too; its error once, until dismissed or dictated again. */
function DictationStatus({dictation}: {dictation: Dictation}) {
    const {t} = useTranslation();
    const {state, seconds, heard, error} = dictation;
    const words =
        state === "recording"
            ? t("composer.listening", {
                  time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`,
              })
            : state === "transcribing"
              ? t("composer.transcribing", {percent: Math.round(heard * 100)})
              : null;
    return (
        <>
            {/* A live region without the status role: the window's own status messages keep that role alone. */}
            <p className="dictation-status muted" aria-live="polite">
                {words}
            </p>
            {error && (
                <p className="dictation-error" role="alert">
                    {error}{" "}
                    <button type="button" className="link" onClick={dictation.dismiss}>
                        {t("composer.dismiss")}
                    </button>
                </p>
            )}
        </>
    );
}
