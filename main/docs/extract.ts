import fs from "node:fs/promises";
import path from "node:path";
import {pathToFileURL} from "node:url";
import {sharedExtractor} from "../web/extractor.js";

/** One run of text with where it came from: a PDF page, or a whole file (page null). */
export type Section = {text: string; page: number | null};
export type ExtractedDocument = {title: string; kind: string; sections: Section[]};

export class ExtractError extends Error {}

export const MAX_FILE_BYTES = 50 * 1024 * 1024;

const TEXT_KINDS: Record<string, string> = {
    ".txt": "text",
    ".md": "markdown",
    ".markdown": "markdown",
    ".json": "json",
    ".csv": "csv",
    ".tsv": "csv",
    ".log": "text",
    ".rst": "text",
    ".xml": "text",
    ".yaml": "code",
    ".yml": "code",
    ".toml": "code",
    ".ini": "code",
};
const CODE_EXTENSIONS = [
    ".js",
    ".mjs",
    ".cjs",
    ".ts",
    ".tsx",
    ".jsx",
    ".py",
    ".rb",
    ".go",
    ".rs",
    ".java",
    ".kt",
    ".c",
    ".h",
    ".cc",
    ".cpp",
    ".hpp",
    ".cs",
    ".swift",
    ".php",
    ".sh",
    ".bash",
    ".sql",
    ".css",
    ".scss",
    ".lua",
    ".r",
    ".scala",
];

/** The kind of a file Cairn can index, by extension; null for anything else. */
export function kindOf(file: string): string | null {
    const ext = path.extname(file).toLowerCase();
    if (ext === ".pdf") return "pdf";
    if (ext === ".html" || ext === ".htm") return "html";
    if (TEXT_KINDS[ext]) return TEXT_KINDS[ext];
    return CODE_EXTENSIONS.includes(ext) ? "code" : null;
}

/** Reads and extracts one file; throws ExtractError with a reason a person can act on. */
export async function extractFile(file: string, bytes: Buffer): Promise<ExtractedDocument> {
    const kind = kindOf(file);
    if (!kind) throw new ExtractError(`unsupported file type ${path.extname(file) || "(none)"}`);
    if (bytes.length === 0) throw new ExtractError("empty file");
    if (bytes.length > MAX_FILE_BYTES) {
        throw new ExtractError(
            `over the size limit (${Math.round(bytes.length / 2 ** 20)} MB > ${MAX_FILE_BYTES / 2 ** 20} MB)`,
        );
    }
    const doc = kind === "pdf" ? await fromPdf(bytes) : await fromText(file, kind, bytes);
    if (!doc.sections.some((s) => s.text.trim())) throw new ExtractError("no text in the file");
    return {...doc, title: doc.title || path.basename(file)};
}

async function fromText(file: string, kind: string, bytes: Buffer): Promise<ExtractedDocument> {
    if (bytes.subarray(0, 8192).includes(0)) throw new ExtractError("binary file (not text)");
    let text: string;
    try {
        text = new TextDecoder("utf-8", {fatal: true}).decode(bytes).replace(/^\uFEFF/, "");
    } catch {
        throw new ExtractError("not UTF-8 text; save it as UTF-8 and add it again");
    }
    if (kind === "html") {
        // A saved page is as untrusted as a fetched one: it is read in the extraction worker.
        const page = await sharedExtractor()
            .run({
                type: "page",
                page: {url: pathToFileURL(file).href, kind: "html", charset: "utf-8", body: bytes},
            })
            .catch((error: Error) => {
                throw new ExtractError(error.message);
            });
        return {title: page.title, kind, sections: [{text: page.text, page: null}]};
    }
    const heading = kind === "markdown" ? /^#{1,6}\s+(.+)$/m.exec(text)?.[1]?.trim() : undefined;
    return {title: heading ?? "", kind, sections: [{text, page: null}]};
}

async function fromPdf(bytes: Buffer): Promise<ExtractedDocument> {
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    let pdf;
    try {
        pdf = await pdfjs.getDocument({
            data: new Uint8Array(bytes),
            isEvalSupported: false,
            useSystemFonts: false,
            disableFontFace: true,
            verbosity: 0,
        }).promise;
    } catch (error) {
        const name = (error as Error).name;
        if (name === "PasswordException") throw new ExtractError("encrypted PDF (password protected)");
        throw new ExtractError(`unreadable PDF: ${(error as Error).message}`);
    }
    try {
        const sections: Section[] = [];
        for (let n = 1; n <= pdf.numPages; n++) {
            const page = await pdf.getPage(n);
            const content = await page.getTextContent();
            const text = content.items
                .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
                .join("");
            sections.push({text, page: n});
        }
        const info: unknown = (await pdf.getMetadata().catch(() => null))?.info;
        return {title: pdfTitle(info), kind: "pdf", sections};
    } finally {
        await pdf.destroy();
    }
}

/** The Title entry of a PDF's info dictionary (pdf.js types it as a plain Object). */
function pdfTitle(info: unknown): string {
    const title = (info as {Title?: unknown} | null | undefined)?.Title;
    return typeof title === "string" ? title.trim() : "";
}

export async function readForIngest(file: string): Promise<Buffer> {
    try {
        const stat = await fs.stat(file);
        if (stat.size > MAX_FILE_BYTES) {
            throw new ExtractError(
                `over the size limit (${Math.round(stat.size / 2 ** 20)} MB > ${MAX_FILE_BYTES / 2 ** 20} MB)`,
            );
        }
        return await fs.readFile(file);
    } catch (error) {
        if (error instanceof ExtractError) throw error;
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") throw new ExtractError("file not found (moved or deleted?)");
        if (code === "EACCES" || code === "EPERM") throw new ExtractError("unreadable: permission denied");
        throw new ExtractError(`unreadable: ${(error as Error).message}`);
    }
}
