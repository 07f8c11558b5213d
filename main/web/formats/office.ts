import path from "node:path/posix";
import mammoth from "mammoth";
import {toMarkdown} from "../html.js";
import {FILE_LIMITS, type ExtractedDocument, type Section} from "./document.js";
import {all, attr, childElements, first, parseXml, textOf, type XmlElement} from "./xml.js";
import {SheetNumbers} from "./sheetNumbers.js";
import {damaged, openZip, type ZipParts} from "./zip.js";

const NO_IMAGES = {convertImage: mammoth.images.imgElement(() => Promise.resolve({src: ""}))};

/** A Word document (DOCX) as Markdown: headings, lists and tables kept, images left out. */
export async function fromDocx(body: Uint8Array): Promise<ExtractedDocument> {
    const zip = await openZip(body, "docx");
    const core = await coreTitle(zip);
    const result = await mammoth
        .convertToHtml({buffer: Buffer.from(body.buffer, body.byteOffset, body.byteLength)}, NO_IMAGES)
        .catch((error: Error) => {
            throw damaged("docx", error);
        });
    const text = toMarkdown(result.value).replace(/!\[[^\]]*\]\(\)/g, "");
    return {title: core, kind: "docx", sections: [{text, page: null}]};
}

/** A PowerPoint deck (PPTX): a section per slide, named by its number and title, its speaker notes after it. */
export async function fromPptx(body: Uint8Array): Promise<ExtractedDocument> {
    const zip = await openZip(body, "pptx");
    const presentation = parseXml(await zip.text("ppt/presentation.xml"));
    const targets = await relationships(zip, "ppt/presentation.xml");
    const sections: Section[] = [];
    for (const [index, slide] of all(presentation, "p:sldId").entries()) {
        const file = targets.get(attr(slide, "r:id") ?? "");
        if (!file || !zip.has(file)) continue;
        const xml = parseXml(await zip.text(file));
        const title = slideTitle(xml);
        const lines = paragraphs(xml);
        const notesFile = [...(await relationships(zip, file)).values()].find((t) => /notesSlide/.test(t));
        const notes = notesFile && zip.has(notesFile) ? notesOf(parseXml(await zip.text(notesFile))) : [];
        const text = [...lines, ...(notes.length ? ["", "Notes:", ...notes] : [])].join("\n");
        sections.push({
            text: text || "(no text)",
            page: null,
            heading: [title ? `Slide ${index + 1}: ${title}` : `Slide ${index + 1}`],
        });
    }
    return {title: await coreTitle(zip), kind: "pptx", sections};
}

/** An Excel workbook (XLSX): a section per sheet, as a table (its first row repeated every 25 rows). */
export async function fromXlsx(body: Uint8Array): Promise<ExtractedDocument> {
    const zip = await openZip(body, "xlsx");
    const workbook = parseXml(await zip.text("xl/workbook.xml"));
    const targets = await relationships(zip, "xl/workbook.xml");
    const shared = zip.has("xl/sharedStrings.xml")
        ? all(parseXml(await zip.text("xl/sharedStrings.xml")), "si").map(sharedString)
        : [];
    const numbers = SheetNumbers.read(
        zip.has("xl/styles.xml") ? await zip.text("xl/styles.xml") : null,
        await zip.text("xl/workbook.xml"),
    );
    const budget = {cells: FILE_LIMITS.maxCells};
    const sections: Section[] = [];
    for (const sheet of all(workbook, "sheet")) {
        const file = targets.get(attr(sheet, "r:id") ?? "");
        if (!file || !zip.has(file)) continue;
        const rows = sheetRows(parseXml(await zip.text(file)), shared, numbers, budget);
        sections.push({
            text: table(rows),
            page: null,
            heading: [`Sheet ${attr(sheet, "name") ?? ""}`.trim()],
        });
    }
    return {title: await coreTitle(zip), kind: "xlsx", sections};
}

/** A part's relationships: id → the target part's path inside the zip. */
async function relationships(zip: ZipParts, part: string): Promise<Map<string, string>> {
    const rels = path.join(path.dirname(part), "_rels", `${path.basename(part)}.rels`);
    const map = new Map<string, string>();
    if (!zip.has(rels)) return map;
    for (const rel of all(parseXml(await zip.text(rels)), "Relationship")) {
        const target = attr(rel, "Target") ?? "";
        if (attr(rel, "TargetMode") === "External") continue;
        const resolved = target.startsWith("/") ? target.slice(1) : path.join(path.dirname(part), target);
        map.set(attr(rel, "Id") ?? "", resolved);
    }
    return map;
}

/** docProps/core.xml's title, when the author set one. */
async function coreTitle(zip: ZipParts): Promise<string> {
    if (!zip.has("docProps/core.xml")) return "";
    const title = first(parseXml(await zip.text("docProps/core.xml")), "dc:title");
    return title ? textOf(title).trim() : "";
}

/** DrawingML paragraphs (a:p) as lines: runs joined, line breaks kept. */
function paragraphs(root: XmlElement | ReturnType<typeof parseXml>): string[] {
    return all(root, "a:p")
        .map((p) =>
            all(p, "*")
                .filter((e) => e.name === "a:t" || e.name === "a:br")
                .map((e) => (e.name === "a:br" ? "\n" : textOf(e)))
                .join(""),
        )
        .filter((line) => line.trim());
}

function placeholder(shape: XmlElement): string | undefined {
    const ph = first(shape, "p:ph");
    return ph ? (attr(ph, "type") ?? "body") : undefined;
}

function slideTitle(slide: ReturnType<typeof parseXml>): string {
    const shape = all(slide, "p:sp").find((sp) => ["title", "ctrTitle"].includes(placeholder(sp) ?? ""));
    return shape ? paragraphs(shape).join(" ").trim() : "";
}

/** A notes page's text, less its slide image and slide number placeholders. */
function notesOf(notes: ReturnType<typeof parseXml>): string[] {
    return all(notes, "p:sp")
        .filter((sp) => !["sldImg", "sldNum", "hdr", "ftr", "dt"].includes(placeholder(sp) ?? ""))
        .flatMap((sp) => paragraphs(sp));
}

/** A shared string: its runs' text (phonetic guides left out). */
function sharedString(si: XmlElement): string {
    return all(si, "t")
        .filter((t) => !t.parent || (t.parent as XmlElement).name !== "rPh")
        .map(textOf)
        .join("");
}

/** A worksheet's rows as cell texts, in column order (A1 references place sparse cells). */
function sheetRows(
    sheet: ReturnType<typeof parseXml>,
    shared: string[],
    numbers: SheetNumbers,
    budget: {cells: number},
): string[][] {
    const rows: string[][] = [];
    for (const row of all(sheet, "row")) {
        const cells: string[] = [];
        for (const c of childElements(row).filter((e) => e.name === "c")) {
            if (--budget.cells < 0) return rows;
            const column = columnIndex(attr(c, "r")) ?? cells.length;
            cells[column] = cellText(c, shared, numbers);
        }
        if (cells.some((v) => v)) rows.push(Array.from(cells, (v) => v ?? ""));
    }
    return rows;
}

function cellText(c: XmlElement, shared: string[], numbers: SheetNumbers): string {
    const type = attr(c, "t");
    if (type === "inlineStr") return textOf(first(c, "is") ?? c).trim();
    const v = first(c, "v");
    const value = v ? textOf(v) : "";
    if (type === "s") return shared[Number(value)] ?? "";
    if (type === "b") return value === "1" ? "TRUE" : "FALSE";
    return type === undefined || type === "n" ? numbers.show(value, attr(c, "s")) : value;
}

/** "C7" → 2. */
function columnIndex(ref: string | undefined): number | null {
    const letters = /^([A-Z]+)\d*$/.exec(ref ?? "")?.[1];
    if (!letters) return null;
    return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

const TABLE_BLOCK_ROWS = 25;

/** Rows as Markdown tables of 25 rows, each starting with the first row (the header, in most sheets). */
export function table(rows: string[][]): string {
    if (rows.length === 0) return "(empty sheet)";
    const width = Math.max(...rows.map((r) => r.length));
    const line = (cells: string[]) =>
        `| ${Array.from({length: width}, (_, i) => (cells[i] ?? "").replace(/\s+/g, " ").replace(/\|/g, "\\|")).join(" | ")} |`;
    const [header, ...rest] = rows;
    const head = [line(header!), `|${" --- |".repeat(width)}`];
    if (rest.length === 0) return head.join("\n");
    const blocks: string[] = [];
    for (let i = 0; i < rest.length; i += TABLE_BLOCK_ROWS)
        blocks.push([...head, ...rest.slice(i, i + TABLE_BLOCK_ROWS).map(line)].join("\n"));
    return blocks.join("\n\n");
}
