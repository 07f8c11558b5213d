import iconv from "iconv-lite";
import {refusedFile, type ExtractedDocument} from "./document.js";

/** Groups whose text is never shown: tables of fonts, colours and styles, metadata, pictures, field codes. */
const HIDDEN = new Set([
    "fonttbl",
    "colortbl",
    "stylesheet",
    "info",
    "pict",
    "object",
    "themedata",
    "colorschememapping",
    "datastore",
    "latentstyles",
    "listtable",
    "listoverridetable",
    "rsidtbl",
    "generator",
    "xmlnstbl",
    "mmathPr",
    "fldinst",
    "header",
    "headerl",
    "headerr",
    "headerf",
    "footer",
    "footerl",
    "footerr",
    "footerf",
    "filetbl",
    "revtbl",
    "pgdsctbl",
    "bkmkstart",
    "bkmkend",
    "nonshppict",
    "listtext",
]);
const BREAKS: Record<string, string> = {
    par: "\n",
    line: "\u2028",
    sect: "\n",
    page: "\n",
    row: "\n",
    tab: "\t",
    cell: " | ",
};
const SYMBOLS: Record<string, string> = {
    emdash: "—",
    endash: "–",
    bullet: "•",
    lquote: "‘",
    rquote: "’",
    ldblquote: "“",
    rdblquote: "”",
    emspace: " ",
    enspace: " ",
};

type Group = {hidden: boolean; uc: number};

/**
 * RTF as text: a reader of its groups and control words (the RTF 1.9 grammar), keeping the text, paragraph
 * breaks, table cells, \uN and \'hh characters (in the file's code page) and headings (\outlinelevelN, as
 * Markdown), and leaving out every destination that holds no body text.
 */
export function fromRtf(body: Uint8Array): ExtractedDocument {
    const src = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1");
    if (!src.startsWith("{\\rtf")) throw refusedFile("rtfNot");
    let codepage = "windows-1252";
    const stack: Group[] = [];
    let group: Group = {hidden: false, uc: 1};
    let skipNext = 0;
    let starred = false;
    let outline: number | null = null;
    let line = "";
    let bytes: number[] = [];
    const lines: string[] = [];
    const flushBytes = () => {
        if (bytes.length) line += iconv.decode(Buffer.from(bytes), codepage);
        bytes = [];
    };
    const emit = (text: string) => {
        if (group.hidden) return;
        if (skipNext > 0) {
            const cut = Math.min(skipNext, text.length);
            skipNext -= cut;
            text = text.slice(cut);
        }
        flushBytes();
        line += text;
    };
    const endParagraph = () => {
        flushBytes();
        const text = line.trim();
        lines.push(text && outline !== null ? `${"#".repeat(Math.min(6, outline + 1))} ${text}` : line);
        line = "";
    };
    let i = 0;
    while (i < src.length) {
        const ch = src[i]!;
        if (ch === "{") {
            stack.push(group);
            group = {...group};
            i++;
        } else if (ch === "}") {
            flushBytes();
            group = stack.pop() ?? group;
            i++;
        } else if (ch === "\\") {
            const word = /^\\([a-zA-Z]+)(-?\d+)? ?/.exec(src.slice(i, i + 40));
            if (!word) {
                const next = src[i + 1] ?? "";
                if (next === "'") {
                    if (!group.hidden && skipNext-- <= 0) bytes.push(parseInt(src.slice(i + 2, i + 4), 16));
                    i += 4;
                    continue;
                }
                if (next === "*") starred = true;
                else if (next === "~") emit("\u00a0");
                else if (next === "_") emit("-");
                else if ("\\{}".includes(next)) emit(next);
                else if (next === "\n" || next === "\r") {
                    if (!group.hidden) endParagraph();
                }
                i += 2;
                continue;
            }
            i += word[0].length;
            const name = word[1]!;
            const arg = word[2] === undefined ? null : Number(word[2]);
            if (starred || HIDDEN.has(name)) group.hidden = true;
            starred = false;
            if (name === "bin" && arg) i += arg;
            else if (name === "ansicpg" && arg)
                codepage = iconv.encodingExists(`cp${arg}`) ? `cp${arg}` : codepage;
            else if (name === "uc" && arg !== null) group.uc = arg;
            else if (name === "u" && arg !== null) {
                emit(String.fromCharCode(arg < 0 ? arg + 65536 : arg));
                skipNext = group.uc;
            } else if (name === "pard") outline = null;
            else if (name === "outlinelevel" && arg !== null && !group.hidden) outline = arg;
            else if (name in BREAKS && !group.hidden) {
                if (BREAKS[name] === "\n") endParagraph();
                else emit(BREAKS[name] === "\u2028" ? "\n" : BREAKS[name]!);
            } else if (name in SYMBOLS) emit(SYMBOLS[name]!);
        } else {
            if (ch !== "\n" && ch !== "\r") emit(ch);
            i++;
        }
    }
    endParagraph();
    const text = lines.filter((l) => l.trim()).join("\n\n");
    return {title: "", kind: "rtf", sections: [{text, page: null}]};
}
