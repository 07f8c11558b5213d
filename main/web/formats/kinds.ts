import path from "node:path";

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
/** Formats read by their own parser (the extraction worker's), by extension. */
const DOCUMENT_KINDS: Record<string, string> = {
    ".pdf": "pdf",
    ".html": "html",
    ".htm": "html",
    ".docx": "docx",
    ".pptx": "pptx",
    ".xlsx": "xlsx",
    ".odt": "odt",
    ".ods": "ods",
    ".odp": "odp",
    ".epub": "epub",
    ".rtf": "rtf",
    ".eml": "email",
    ".mbox": "mbox",
    ".ipynb": "notebook",
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
    return DOCUMENT_KINDS[ext] ?? TEXT_KINDS[ext] ?? (CODE_EXTENSIONS.includes(ext) ? "code" : null);
}
