import type {Nodes, Parents, Root} from "mdast";
import {toString} from "mdast-util-to-string";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import {unified} from "unified";
import {useEffect, useState, useSyncExternalStore} from "react";

/** Blocks read as one piece of speech each; a block's own text, without its markdown syntax. */
const SPOKEN_BLOCKS = new Set(["paragraph", "heading", "tableCell"]);

/**
 * An answer's markdown as it is read aloud: the words, not the syntax (no #, *, |, link addresses),
 * citation marks ([1]) left out, and code blocks skipped unless `code` is asked for (then read as they are).
 */
export function speakableText(markdown: string, {code = false} = {}): string {
    const tree: Root = unified().use(remarkParse).use(remarkGfm).parse(markdown);
    const blocks: string[] = [];
    const visit = (node: Nodes) => {
        if (node.type === "code") {
            if (code) blocks.push(node.value);
            return;
        }
        if (node.type === "html" || node.type === "thematicBreak") return;
        if (SPOKEN_BLOCKS.has(node.type)) {
            blocks.push(toString(node));
            return;
        }
        for (const child of (node as Parents).children ?? []) visit(child);
    };
    visit(tree);
    return blocks
        .map((b) =>
            b
                .replace(/\s*\[\d+\]/g, "")
                .replace(/[ \t]+/g, " ")
                .trim(),
        )
        .filter(Boolean)
        .join("\n");
}

/** Pieces of at most this many characters: Chromium stops a long utterance after about 15 s. */
const PIECE_CHARS = 220;

/** The text in pieces along sentence ends (a sentence longer than a piece is cut at a space). */
export function speechPieces(text: string): string[] {
    const sentences = text.match(/[^.!?。！？\n]+[.!?。！？]*\s*|\n+/g) ?? [];
    const pieces: string[] = [];
    let piece = "";
    for (const sentence of sentences) {
        if ((piece + sentence).length > PIECE_CHARS && piece.trim()) {
            pieces.push(piece.trim());
            piece = "";
        }
        piece += sentence;
        while (piece.length > PIECE_CHARS) {
            const cut = piece.lastIndexOf(" ", PIECE_CHARS);
            const at = cut > 0 ? cut : PIECE_CHARS;
            pieces.push(piece.slice(0, at).trim());
            piece = piece.slice(at);
        }
    }
    if (piece.trim()) pieces.push(piece.trim());
    return pieces;
}

/** What the window is reading aloud: which message, the last one asked for and its failure in words. */
type Reading = {messageId: string | null; lastId: string | null; error: string | null};
let reading: Reading = {messageId: null, lastId: null, error: null};
const listeners = new Set<() => void>();
const set = (next: Reading) => {
    reading = next;
    for (const listener of listeners) listener();
};

/** Why nothing could be read: the platform has no speech, or no voice for it. */
const NO_SPEECH =
    "Read aloud needs the system's speech voices, and none answered: on Linux install speech-dispatcher and espeak-ng; on Windows and macOS, add a voice in the system's speech settings.";

/** Reads a message aloud with the system's voices (speechSynthesis, offline with local voices); stops any other. */
export function speak(messageId: string, markdown: string): void {
    const synth = typeof speechSynthesis === "undefined" ? null : speechSynthesis;
    if (!synth) return set({messageId: null, lastId: messageId, error: NO_SPEECH});
    synth.cancel();
    const pieces = speechPieces(speakableText(markdown));
    if (pieces.length === 0)
        return set({messageId: null, lastId: messageId, error: "There is nothing to read in this message."});
    set({messageId, lastId: messageId, error: null});
    pieces.forEach((text, index) => {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = document.documentElement.lang || navigator.language;
        if (index === pieces.length - 1)
            utterance.onend = () => {
                if (reading.messageId === messageId) set({messageId: null, lastId: messageId, error: null});
            };
        utterance.onerror = (event) => {
            if (
                reading.messageId !== messageId ||
                event.error === "interrupted" ||
                event.error === "canceled"
            )
                return;
            synth.cancel();
            const error =
                event.error === "synthesis-failed" ? NO_SPEECH : `Read aloud failed (${event.error}).`;
            set({messageId: null, lastId: messageId, error});
        };
        synth.speak(utterance);
    });
}

export function stopSpeaking(): void {
    if (typeof speechSynthesis !== "undefined") speechSynthesis.cancel();
    set({messageId: null, lastId: null, error: null});
}

/** The message being read aloud, and the last failure; a hook every Read aloud button shares. */
export function useReading(): Reading {
    return useSyncExternalStore(
        (listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
        () => reading,
        () => reading,
    );
}

const AUTO_KEY = "cairn.readAloud";

/** Read each new answer aloud when it is done: this window's choice, kept in its storage. */
export function useAutoRead(): [boolean, (on: boolean) => void] {
    const [auto, setAuto] = useState(autoReadOn);
    useEffect(() => localStorage.setItem(AUTO_KEY, auto ? "on" : "off"), [auto]);
    return [auto, setAuto];
}

export function autoReadOn(): boolean {
    return localStorage.getItem(AUTO_KEY) === "on";
}
