import {useCallback, useEffect, useState} from "react";
import {LoaderCircle, X} from "lucide-react";
import type {Attachment, CairnApi} from "../../../shared/contract.js";
import {ATTACHMENT_LIMITS} from "../../../shared/attachmentLimits.js";
import {formatBytes} from "../../../shared/format.js";
import {useApi} from "../apiContext.js";
import {sayError, useTranslation, type TFunction} from "../i18n/index.js";
import {Dialog} from "../ui/Dialog.js";
import {sendInChunks} from "../ui/upload.js";

/** An image on its way into the next message: sending, kept (ready to send), or refused in words. */
export type PendingImage = {
    key: string;
    name: string;
    share: number;
    attachment: Attachment | null;
    error: string | null;
};

/** Sends an image to the core in chunks; the core checks it, turns it upright, strips and keeps it. */
async function uploadImage(
    api: CairnApi,
    file: File,
    t: TFunction,
    onSent: (share: number) => void,
): Promise<Attachment> {
    const name = nameOf(file);
    if (file.size === 0) throw new Error(t("images.empty", {name}));
    if (file.size > ATTACHMENT_LIMITS.maxBytes)
        throw new Error(
            t("images.tooLarge", {
                name,
                size: formatBytes(file.size),
                most: formatBytes(ATTACHMENT_LIMITS.maxBytes),
            }),
        );
    const begun = await api.invoke("attachments.begin", {name, size: file.size});
    if (!begun.ok) throw new Error(sayError(begun.error));
    const {uploadId} = begun.value;
    await sendInChunks(
        file,
        (offset, data) => api.invoke("attachments.chunk", {uploadId, offset, data}),
        onSent,
    );
    const kept = await api.invoke("attachments.finish", {uploadId});
    if (!kept.ok) throw new Error(sayError(kept.error));
    return kept.value;
}

/** A file's name; a pasted image has none ("pasted image.png"). */
function nameOf(file: File): string {
    return file.name || `pasted image.${file.type.split("/")[1] ?? "png"}`;
}

let nextKey = 0;

/** The images attached to the message being written: added (paste, drop, picker), removed, cleared on send. */
export function usePendingImages() {
    const api = useApi();
    const {t} = useTranslation();
    const [images, setImages] = useState<PendingImage[]>([]);
    const update = useCallback(
        (key: string, change: Partial<PendingImage>) =>
            setImages((list) => list.map((i) => (i.key === key ? {...i, ...change} : i))),
        [],
    );
    const add = useCallback(
        (files: File[]) => {
            if (!api) return;
            const room = ATTACHMENT_LIMITS.perMessage - images.length;
            for (const [index, file] of files.entries()) {
                const key = `image-${++nextKey}`;
                const name = nameOf(file);
                const error =
                    index >= room ? t("images.tooMany", {name, most: ATTACHMENT_LIMITS.perMessage}) : null;
                setImages((list) => [...list, {key, name, share: 0, attachment: null, error}]);
                if (error) continue;
                uploadImage(api, file, t, (share) => update(key, {share})).then(
                    (attachment) => update(key, {attachment, name: attachment.name}),
                    (error: Error) => update(key, {error: error.message}),
                );
            }
        },
        [api, images.length, update, t],
    );
    const remove = useCallback((key: string) => setImages((list) => list.filter((i) => i.key !== key)), []);
    const clear = useCallback(() => setImages([]), []);
    return {images, add, remove, clear, restore: setImages};
}

/** The image files among pasted or dropped items. */
export function imageFiles(data: DataTransfer | null): File[] {
    return [...(data?.files ?? [])].filter(
        (f) => f.type.startsWith("image/") || /\.(heic|heif|avif)$/i.test(f.name),
    );
}

const cache = new Map<string, string>();

/** An attachment's thumbnail or kept copy as a data: URL, read once per window. */
function useImageUrl(id: string, size: "thumb" | "full"): string | null {
    const api = useApi();
    const key = `${size}:${id}`;
    const [url, setUrl] = useState(cache.get(key) ?? null);
    useEffect(() => {
        if (url || !api) return;
        let live = true;
        void api.invoke("attachments.read", {id, size}).then((res) => {
            if (!res.ok) return;
            const made = `data:${res.value.mime};base64,${res.value.data}`;
            cache.set(key, made);
            if (live) setUrl(made);
        });
        return () => {
            live = false;
        };
    }, [api, id, key, size, url]);
    return url;
}

function Thumb({attachment}: {attachment: Attachment}) {
    const url = useImageUrl(attachment.id, "thumb");
    return url ? <img src={url} alt="" /> : <span className="thumb-placeholder" aria-hidden />;
}

/** The images under the message being written: each with its thumbnail (or progress, or why it was refused). */
export function PendingImages({images, onRemove}: {images: PendingImage[]; onRemove: (key: string) => void}) {
    const {t} = useTranslation();
    if (images.length === 0) return null;
    return (
        <ul className="pending-images" aria-label={t("images.attached")}>
            {images.map((image) => (
                <li key={image.key} className={image.error ? "refused" : undefined}>
                    {image.attachment ? (
                        <Thumb attachment={image.attachment} />
                    ) : image.error ? null : (
                        <LoaderCircle className="spin" aria-hidden size={16} />
                    )}
                    <span className="name" title={image.name}>
                        {image.name}
                    </span>
                    {!image.attachment && !image.error && (
                        <span className="share">{Math.round(image.share * 100)}%</span>
                    )}
                    {image.error && (
                        <span className="error" role="alert">
                            {image.error}
                        </span>
                    )}
                    <button
                        type="button"
                        className="icon"
                        aria-label={t("images.remove", {name: image.name})}
                        onClick={() => onRemove(image.key)}
                    >
                        <X aria-hidden size={14} />
                    </button>
                </li>
            ))}
        </ul>
    );
}

/** A message's images as thumbnails; each opens full size. */
export function MessageImages({attachments}: {attachments: Attachment[]}) {
    const {t} = useTranslation();
    const [open, setOpen] = useState<Attachment | null>(null);
    return (
        <>
            <ul className="message-images" aria-label={t("images.list")}>
                {attachments.map((a) => (
                    <li key={`${a.id}-${a.name}`}>
                        <button
                            type="button"
                            aria-label={t("images.open", {name: a.name, width: a.width, height: a.height})}
                            title={a.name}
                            onClick={() => setOpen(a)}
                        >
                            <Thumb attachment={a} />
                        </button>
                    </li>
                ))}
            </ul>
            {open && <ImageViewer attachment={open} onClose={() => setOpen(null)} />}
        </>
    );
}

function ImageViewer({attachment, onClose}: {attachment: Attachment; onClose: () => void}) {
    const {t} = useTranslation();
    const url = useImageUrl(attachment.id, "full");
    return (
        <Dialog label={attachment.name} onClose={onClose} className="image-viewer">
            <div className="image-viewer-head">
                <h2>{attachment.name}</h2>
                <span className="meta">
                    {attachment.width}×{attachment.height} · {formatBytes(attachment.bytes)}
                </span>
                <button type="button" data-autofocus onClick={onClose}>
                    {t("images.close")}
                </button>
            </div>
            {url ? <img src={url} alt={attachment.name} /> : <p>{t("images.loading")}</p>}
        </Dialog>
    );
}
