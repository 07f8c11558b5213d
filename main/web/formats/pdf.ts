import {refusedFile, type ExtractedDocument, type Section} from "./document.js";
import {messageOf} from "../../../shared/format.js";

/** A PDF: a section per page (citations name the page); an encrypted one gets its reason. */
export async function fromPdf(bytes: Uint8Array): Promise<ExtractedDocument> {
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
        if (name === "PasswordException") throw refusedFile("pdfEncrypted");
        throw refusedFile("pdfUnreadable", {detail: messageOf(error)});
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
