import path from "node:path";
import {pathToFileURL} from "node:url";
import {extractPage} from "../extract.js";
import {refusedFile, type ExtractedDocument} from "./document.js";
import {fromEpub} from "./epub.js";
import {kindOf} from "./kinds.js";
import {fromEml, fromMbox} from "./mail.js";
import {fromNotebook} from "./notebook.js";
import {fromDocx, fromPptx, fromXlsx} from "./office.js";
import {fromOdp, fromOds, fromOdt} from "./openDocument.js";
import {fromPdf} from "./pdf.js";
import {fromRtf} from "./rtf.js";

type Reader = (body: Uint8Array) => ExtractedDocument | Promise<ExtractedDocument>;

const READERS: Record<string, Reader> = {
    pdf: fromPdf,
    docx: fromDocx,
    pptx: fromPptx,
    xlsx: fromXlsx,
    odt: fromOdt,
    ods: fromOds,
    odp: fromOdp,
    epub: fromEpub,
    rtf: fromRtf,
    email: fromEml,
    mbox: fromMbox,
    notebook: fromNotebook,
};

/** Office's container for a password-protected DOCX, XLSX or PPTX: a compound file holding "EncryptedPackage". */
const COMPOUND_FILE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTED_PACKAGE = Buffer.from("EncryptedPackage", "utf16le");

/**
 * Extracts one file's text in the extraction worker (untrusted content, under its memory and time limits);
 * throws ExtractError with a reason a person can act on.
 */
export async function extractDocument(name: string, body: Uint8Array): Promise<ExtractedDocument> {
    const kind = kindOf(name);
    if (!kind) throw refusedFile("fileUnsupported", {ext: path.extname(name) || "(none)"});
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    if (["docx", "xlsx", "pptx"].includes(kind) && bytes.subarray(0, 8).equals(COMPOUND_FILE)) {
        throw bytes.includes(ENCRYPTED_PACKAGE)
            ? refusedFile("fileOfficeEncrypted")
            : refusedFile("fileOfficeOld", {ext: path.extname(name)});
    }
    const reader = READERS[kind];
    const doc = reader ? await reader(body) : fromText(name, kind, bytes);
    if (!doc.sections.some((s) => s.text.trim())) throw refusedFile("fileNoText");
    return {...doc, title: doc.title || path.basename(name)};
}

function fromText(name: string, kind: string, bytes: Buffer): ExtractedDocument {
    if (bytes.subarray(0, 8192).includes(0)) throw refusedFile("fileBinary");
    let text: string;
    try {
        text = new TextDecoder("utf-8", {fatal: true}).decode(bytes).replace(/^\uFEFF/, "");
    } catch {
        throw refusedFile("fileNotUtf8");
    }
    if (kind === "html") {
        const page = extractPage({
            url: pathToFileURL(name).href,
            kind: "html",
            charset: "utf-8",
            body: bytes,
        });
        return {title: page.title, kind, sections: [{text: page.text, page: null}]};
    }
    const heading = kind === "markdown" ? /^#{1,6}\s+(.+)$/m.exec(text)?.[1]?.trim() : undefined;
    return {title: heading ?? "", kind, sections: [{text, page: null}]};
}
