// An artifact's page as its frame is served it (appFrames.ts, under APP_CSP: its own inline scripts and styles,
// no network, no same-origin rights). An HTML page is served as written; an SVG on a sheet of its own; a Mermaid
// diagram is drawn in the frame by the mermaid package, so that neither its text nor the library runs in the
// window's own page.
import fs from "node:fs";
import path from "node:path";
import type {ArtifactKind} from "../../shared/contract.js";
import {rendererDir} from "../appRoot.js";

export type Theme = "light" | "dark";

/** The page that shows an artifact of this kind. Throws when Mermaid's library is not in this build. */
export function artifactPage(kind: ArtifactKind, source: string, theme: Theme): string {
    if (kind === "html") return source;
    if (kind === "svg") return svgPage(source);
    return mermaidPage(source, theme, mermaidLibrary());
}

/**
 * An SVG on white, as drawings are made (black strokes on a transparent ground vanish on a dark one), scaled to
 * the frame's width. Its scripts run, as an HTML page's do, within the frame.
 */
function svgPage(svg: string): string {
    return [
        "<!doctype html>",
        '<html><head><meta charset="utf-8">',
        "<style>html,body{margin:0;background:#fff}body{padding:8px}svg{display:block;max-width:100%;height:auto}</style>",
        `</head><body>${svg}</body></html>`,
    ].join("\n");
}

/** Mermaid's text as data (never markup) and the library, which draws it once the page has loaded. */
function mermaidPage(source: string, theme: Theme, library: string): string {
    const dark = theme === "dark";
    return [
        "<!doctype html>",
        `<html><head><meta charset="utf-8"><meta name="color-scheme" content="${theme}">`,
        `<style>html,body{margin:0;background:${dark ? "#1e1e1e" : "#fff"};color:${dark ? "#eee" : "#111"};` +
            "font:14px system-ui,sans-serif}body{padding:8px}#diagram svg{display:block;max-width:100%;height:auto;" +
            "margin:0 auto}.problem{white-space:pre-wrap}</style>",
        '</head><body><div id="diagram"></div>',
        `<script type="application/json" id="source">${jsonInScript(source)}</script>`,
        `<script>${inScript(library)}</script>`,
        `<script>${drawScript(dark ? "dark" : "default")}</script>`,
        "</body></html>",
    ].join("\n");
}

/** Draws the diagram with Mermaid's strict security level (its labels are text, its links inert). */
function drawScript(theme: string): string {
    return `(async () => {
  const out = document.getElementById("diagram");
  try {
    const source = JSON.parse(document.getElementById("source").textContent);
    mermaid.initialize({startOnLoad: false, securityLevel: "strict", theme: ${JSON.stringify(theme)}});
    const {svg} = await mermaid.render("diagram-svg", source);
    out.innerHTML = svg;
  } catch (error) {
    out.className = "problem";
    out.setAttribute("role", "alert");
    out.textContent = "This diagram could not be drawn: " + (error && error.message ? error.message : String(error));
  }
})();`;
}

/** JSON inside a script element: no "<" at all, so no text can close the element or open a comment. */
function jsonInScript(value: string): string {
    return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Script text that cannot close its element early (`<\/` is `</` in a string, a pattern or a comment). */
function inScript(code: string): string {
    return code.replace(/<\/(script)/gi, "<\\/$1");
}

let library: string | undefined;

/** The mermaid package's browser build, copied beside the window's files by the build; read on first use. */
export function mermaidLibrary(): string {
    if (library !== undefined) return library;
    const file = path.join(rendererDir(), "vendor", "mermaid.min.js");
    try {
        library = fs.readFileSync(file, "utf8");
    } catch {
        throw new Error(
            `Mermaid diagrams cannot be drawn: ${file} is missing from this build (npm run build).`,
        );
    }
    return library;
}
