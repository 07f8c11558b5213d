import type {Plugin} from "unified";
import type {Conversation, Message, ToolCallRecord} from "../../shared/contract.js";
import {
    ALL_PARTS,
    planList,
    speaker,
    stamp,
    withFootnotes,
    withoutMarkers,
    type ExportParts,
} from "./exchange.js";

const RESULT_CHARS = 4000;

/**
 * Markdown as HTML, as the window shows it: tables and task lists (GFM), math as MathML (KaTeX; browsers
 * draw it without fonts or scripts), code highlighted (highlight.js classes, styled below). Raw HTML in a
 * message is dropped, not passed on.
 */
/** Imports a package by a name the type checker does not follow: highlight.js's types bring the DOM into main/. */
const runtimeImport = (name: string): Promise<unknown> => import(name);

/** The pipeline, loaded on the first export (about 0.3 s of modules every start of Cairn would pay otherwise). */
async function processor() {
    const [
        {default: rehypeKatex},
        {default: rehypeStringify},
        {default: remarkGfm},
        {default: remarkMath},
        {default: remarkParse},
        {default: remarkRehype},
        {unified},
    ] = await Promise.all([
        import("rehype-katex"),
        import("rehype-stringify"),
        import("remark-gfm"),
        import("remark-math"),
        import("remark-parse"),
        import("remark-rehype"),
        import("unified"),
    ]);
    const {default: rehypeHighlight} = (await runtimeImport("rehype-highlight")) as {
        default: Plugin<[{detect: boolean}]>;
    };
    return unified()
        .use(remarkParse)
        .use(remarkGfm)
        .use(remarkMath)
        .use(remarkRehype)
        .use(rehypeKatex, {output: "mathml"})
        .use(rehypeHighlight, {detect: false})
        .use(rehypeStringify);
}
let markdown: Awaited<ReturnType<typeof processor>> | null = null;

/**
 * A conversation as one self-contained HTML file: styles inline, no script, nothing fetched (its CSP says
 * so), readable offline and printable. `open`: thoughts and tool steps unfolded (for printing to PDF).
 */
export async function exportHtml(
    conversation: Conversation,
    messages: Message[],
    parts: ExportParts = ALL_PARTS,
    open = false,
    image: ImageReader = () => null,
): Promise<string> {
    markdown ??= await processor();
    const md = markdown;
    const render = (text: string) => String(md.processSync(text));
    const articles = messages.map((message, index) => article(message, index, parts, open, render, image));
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="generator" content="Cairn">
<title>${escape(conversation.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(conversation.title)}</h1>
<p class="meta">Exported from Cairn on ${escape(stamp(Date.now()))}.</p>
${articles.join("\n")}
</main>
</body>
</html>
`;
}

function article(
    message: Message,
    index: number,
    parts: ExportParts,
    open: boolean,
    render: (markdown: string) => string,
    image: ImageReader,
): string {
    const blocks: string[] = [];
    const figures = (message.attachments ?? []).flatMap((a) => {
        const kept = image(a.id);
        return kept
            ? [
                  `<img src="data:${kept.mime};base64,${kept.data.toString("base64")}" alt="${escape(a.name)}" width="${a.width}" height="${a.height}">`,
              ]
            : [];
    });
    if (figures.length > 0) blocks.push(`<div class="images">${figures.join("")}</div>`);
    const unfolded = open ? " open" : "";
    if (parts.thinking && message.thought) {
        const label =
            message.thoughtMs === null
                ? "Thought"
                : `Thought for ${Math.round(message.thoughtMs / 100) / 10} s`;
        blocks.push(
            `<details class="thought"${unfolded}><summary>${label}</summary>${render(message.thought)}</details>`,
        );
    }
    if (parts.tools && message.plan) blocks.push(`<div class="plan">${render(planList(message.plan))}</div>`);
    if (parts.tools) blocks.push(...message.toolCalls.map((call) => toolStep(call, unfolded)));
    const text = parts.sources ? withFootnotes(message, `m${index + 1}`) : withoutMarkers(message);
    blocks.push(`<div class="content">${render(text)}</div>`);
    const model = message.model ? ` · ${escape(message.model)}` : "";
    return `<article class="message ${message.role}">
<header><strong>${speaker(message)}</strong> · <time datetime="${new Date(message.createdAt).toISOString()}">${stamp(message.createdAt)}</time>${model}</header>
${blocks.join("\n")}
</article>`;
}

/** A kept image's bytes (the copy at most 2048 px), embedded as a data: URL; null: gone. */
export type ImageReader = (id: string) => {mime: string; data: Buffer} | null;

function toolStep(call: ToolCallRecord, unfolded: string): string {
    const result = call.status === "ok" ? call.resultText : call.error;
    const shown = result && result.length > RESULT_CHARS ? `${result.slice(0, RESULT_CHARS)}\n…` : result;
    const args = JSON.stringify(call.args ?? call.rawArgs, null, 2);
    return `<details class="tool"${unfolded}><summary>Tool: ${escape(call.tool)} (${escape(call.status)})</summary>
<pre><code>${escape(args)}</code></pre>${shown ? `\n<pre class="result">${escape(shown)}</pre>` : ""}
</details>`;
}

function escape(text: string): string {
    return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// Light and dark by the reader's setting; colors of contrast 4.5:1 or more on their background.
const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1f; --muted: #55585f; --bg: #ffffff; --panel: #f3f4f6; --line: #d4d6db;
  --user: #eef3fb; --accent: #1d4ed8; --kw: #a21caf; --str: #166534; --num: #9a3412; --com: #5b6170; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e6ea; --muted: #a9adb6; --bg: #17181b; --panel: #222429; --line: #3a3d44;
    --user: #1e2633; --accent: #8ab4ff; --kw: #f0abfc; --str: #86efac; --num: #fdba74; --com: #a3a9b6; }
}
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, sans-serif; }
main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
.meta, header { color: var(--muted); font-size: .875rem; }
article { border-top: 1px solid var(--line); padding: 1rem 0; }
.images img { max-width: 100%; height: auto; margin: .25rem .5rem .25rem 0; border-radius: .4rem; }
article.user .content { background: var(--user); border-radius: .5rem; padding: .25rem 1rem; }
header strong { color: var(--fg); }
a { color: var(--accent); }
pre { background: var(--panel); border-radius: .375rem; padding: .75rem; overflow-x: auto; font-size: .875rem; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
:not(pre) > code { background: var(--panel); border-radius: .25rem; padding: .1rem .3rem; }
table { border-collapse: collapse; } th, td { border: 1px solid var(--line); padding: .3rem .6rem; }
details { background: var(--panel); border-radius: .375rem; padding: .4rem .75rem; margin: .5rem 0; }
summary { cursor: pointer; color: var(--muted); }
blockquote { border-left: 3px solid var(--line); margin-left: 0; padding-left: 1rem; color: var(--muted); }
math { font-size: 1.1em; }
.footnotes { font-size: .875rem; color: var(--muted); }
.hljs-keyword, .hljs-built_in, .hljs-literal { color: var(--kw); }
.hljs-string, .hljs-regexp { color: var(--str); }
.hljs-number, .hljs-title { color: var(--num); }
.hljs-comment { color: var(--com); font-style: italic; }
@media print { body { background: #fff; color: #000; } details { break-inside: avoid; } }
`;
