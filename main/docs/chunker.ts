import type {Section} from "../web/formats/document.js";

export type ChunkLocation = {
    page: number | null;
    heading: string[];
    lineStart: number;
    lineEnd: number;
    /** Character offsets of the chunk in the document's text (sections joined by blank lines). */
    start: number;
    end: number;
};
export type Chunk = {text: string; location: ChunkLocation};
export type ChunkOptions = {maxTokens: number; overlapTokens: number; count: (text: string) => number};

export const DEFAULT_CHUNKING = {maxTokens: 400, overlapTokens: 60};

type Block = {
    text: string;
    start: number;
    /** The section it is in: a page, a slide, a sheet, a message. */
    section: number;
    page: number | null;
    heading: string[];
    line: number;
    tokens: number;
};

/** The document's text as stored and shown in the source viewer: sections joined by blank lines. */
export function documentText(sections: Section[]): string {
    return sections.map((s) => s.text).join("\n\n");
}

/**
 * Splits a document into chunks of about maxTokens (in the embedding model's tokens), preferring paragraph
 * and heading boundaries, with about overlapTokens repeated from the end of the previous chunk.
 */
export function chunkDocument(sections: Section[], options: ChunkOptions): Chunk[] {
    const blocks = splitBlocks(sections, options);
    const chunks: Chunk[] = [];
    let current: Block[] = [];
    let tokens = 0;
    const flush = () => {
        if (current.length === 0) return;
        chunks.push(toChunk(current));
        // Overlap: the last blocks of this chunk, up to overlapTokens, start the next one.
        const carry: Block[] = [];
        let carried = 0;
        for (
            let i = current.length - 1;
            i > 0 && carried + current[i]!.tokens <= options.overlapTokens;
            i--
        ) {
            carry.unshift(current[i]!);
            carried += current[i]!.tokens;
        }
        current = carry;
        tokens = carried;
    };
    for (const block of blocks) {
        // A chunk never spans two sections (citations name one page, slide or sheet); a heading starts a new
        // chunk once the current one is half full.
        const newSection = current.length > 0 && block.section !== current.at(-1)!.section;
        const heading = /^#{1,6}\s/.test(block.text) && tokens > options.maxTokens / 2;
        if (newSection) {
            flush();
            current = [];
            tokens = 0;
        } else if (tokens + block.tokens > options.maxTokens || heading) flush();
        current.push(block);
        tokens += block.tokens;
    }
    if (
        current.length > 0 &&
        !(chunks.length > 0 && current.every((b) => chunks.at(-1)!.location.end >= b.start + b.text.length))
    ) {
        chunks.push(toChunk(current));
    }
    return chunks;
}

function toChunk(blocks: Block[]): Chunk {
    const first = blocks[0]!;
    const last = blocks.at(-1)!;
    return {
        text: blocks.map((b) => b.text).join("\n\n"),
        location: {
            page: first.page,
            heading: first.heading,
            lineStart: first.line,
            lineEnd: last.line + last.text.split("\n").length - 1,
            start: first.start,
            end: last.start + last.text.length,
        },
    };
}

/** Paragraphs (blank-line separated) with their offsets, pages, heading paths and lines; long ones split. */
function splitBlocks(sections: Section[], options: ChunkOptions): Block[] {
    const blocks: Block[] = [];
    const headings: string[] = [];
    let offset = 0;
    let line = 1;
    for (const [index, section] of sections.entries()) {
        // A section with a name of its own (a slide, a sheet) starts its heading path afresh under that name.
        if (section.heading) headings.length = 0;
        const re = /[^\n]+(?:\n(?!\s*\n)[^\n]*)*/g;
        for (let m = re.exec(section.text); m; m = re.exec(section.text)) {
            const text = m[0].trimEnd();
            if (!text.trim()) continue;
            const blockLine = line + countLines(section.text.slice(0, m.index));
            const heading = /^(#{1,6})\s+(.+)$/.exec(text.split("\n")[0]!);
            if (heading) {
                headings.length = heading[1]!.length - 1;
                headings[heading[1]!.length - 1] = heading[2]!.trim();
            }
            const path = [...(section.heading ?? []), ...headings.filter(Boolean)];
            const base = {section: index, page: section.page, heading: path, line: blockLine};
            for (const piece of splitLong(text, offset + m.index, options)) blocks.push({...base, ...piece});
        }
        offset += section.text.length + 2;
        line += countLines(section.text) + 2;
    }
    return blocks;
}

function splitLong(text: string, start: number, options: ChunkOptions) {
    const tokens = options.count(text);
    if (tokens <= options.maxTokens) return [{text, start, tokens}];
    // Sentences first, then words, packed up to maxTokens.
    const parts = text.match(/[^.!?\n]+[.!?]*\s*|\n+/g) ?? [text];
    const pieces: {text: string; start: number; tokens: number}[] = [];
    let buffer = "";
    let bufferStart = start;
    let at = start;
    for (const part of parts.flatMap((p) =>
        options.count(p) > options.maxTokens ? (p.match(/\S+\s*/g) ?? [p]) : [p],
    )) {
        if (buffer && options.count(buffer + part) > options.maxTokens) {
            pieces.push({text: buffer, start: bufferStart, tokens: options.count(buffer)});
            buffer = "";
            bufferStart = at;
        }
        buffer += part;
        at += part.length;
    }
    if (buffer.trim()) pieces.push({text: buffer, start: bufferStart, tokens: options.count(buffer)});
    return pieces;
}

function countLines(text: string): number {
    let n = 0;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
    return n;
}
