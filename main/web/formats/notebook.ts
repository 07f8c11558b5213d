import {refusedFile, type ExtractedDocument} from "./document.js";

type Cell = {cell_type?: string; source?: string | string[]; outputs?: Output[]};
type Output = {output_type?: string; text?: string | string[]; data?: Record<string, string | string[]>};

const OUTPUT_CHARS = 2_000;

/**
 * A Jupyter notebook (.ipynb, nbformat 4): Markdown cells as they are, code cells fenced in the kernel's
 * language, with their text outputs (each cut at 2,000 characters); images and HTML outputs left out.
 */
export function fromNotebook(body: Uint8Array): ExtractedDocument {
    let notebook: {
        cells?: Cell[];
        metadata?: {language_info?: {name?: string}; kernelspec?: {language?: string}};
    };
    try {
        const parsed: unknown = JSON.parse(new TextDecoder("utf-8", {fatal: true}).decode(body));
        notebook = parsed as typeof notebook;
    } catch {
        throw refusedFile("notebookNotJson");
    }
    if (!Array.isArray(notebook.cells)) throw refusedFile("notebookNoCells");
    const language = notebook.metadata?.language_info?.name ?? notebook.metadata?.kernelspec?.language ?? "";
    const blocks = notebook.cells.flatMap((cell) => {
        const source = joined(cell.source).trim();
        if (cell.cell_type === "markdown") return source ? [source] : [];
        if (cell.cell_type !== "code") return source ? [source] : [];
        const outputs = (cell.outputs ?? []).map(outputText).filter(Boolean);
        return [
            ...(source ? [`\`\`\`${language}\n${source}\n\`\`\``] : []),
            ...outputs.map((o) => `Output:\n${o}`),
        ];
    });
    const heading = /^#\s+(.+)$/m.exec(blocks.join("\n\n"))?.[1]?.trim() ?? "";
    return {title: heading, kind: "notebook", sections: [{text: blocks.join("\n\n"), page: null}]};
}

function joined(text: string | string[] | undefined): string {
    return Array.isArray(text) ? text.join("") : (text ?? "");
}

function outputText(output: Output): string {
    const text = output.output_type === "stream" ? joined(output.text) : joined(output.data?.["text/plain"]);
    const trimmed = text.trim();
    return trimmed.length > OUTPUT_CHARS ? `${trimmed.slice(0, OUTPUT_CHARS)} …` : trimmed;
}
