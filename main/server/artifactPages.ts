// Artifacts' pages as their frames are served them (appFrames.ts, under APP_CSP: their own inline scripts and
// styles, no network, no same-origin rights). An HTML page is served as written, an SVG on a sheet of its own. A
// Mermaid diagram is drawn by the mermaid package in a frame of its own too (drawerPage), so that neither its
// text nor the library runs in the window's page.
import fs from "node:fs";
import path from "node:path";
import type {PageKind} from "../../shared/contract.js";
import {rendererDir} from "../appRoot.js";

export type Theme = "light" | "dark";

/** The page that shows an artifact: an HTML page as written, an SVG on white, a diagram on the theme's ground. */
export function artifactPage(kind: PageKind, source: string, theme: Theme): string {
    if (kind === "html") return source;
    return svgPage(source, kind === "svg" || theme === "light" ? "#fff" : "#1e1e1e");
}

/**
 * An SVG on its ground, scaled to the frame's width. A drawing is shown on white, as drawings are made (black
 * strokes on a transparent ground vanish on a dark one). Its scripts run, as an HTML page's do, within the frame.
 */
function svgPage(svg: string, ground: string): string {
    return [
        "<!doctype html>",
        '<html><head><meta charset="utf-8">',
        `<style>html,body{margin:0;background:${ground}}body{padding:8px}svg{display:block;max-width:100%;height:auto;margin:0 auto}</style>`,
        `</head><body>${svg}</body></html>`,
    ].join("\n");
}

const DRAW = `(() => {
  let theme = null;
  let queue = Promise.resolve();
  const draw = async ({id, source, dark}) => {
    try {
      const asked = dark ? "dark" : "default";
      if (asked !== theme) {
        mermaid.initialize({startOnLoad: false, securityLevel: "strict", theme: asked});
        theme = asked;
      }
      const {svg} = await mermaid.render("diagram-" + id, source);
      parent.postMessage({id, svg}, "*");
    } catch (error) {
      parent.postMessage({id, error: error && error.message ? String(error.message) : String(error)}, "*");
    }
  };
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== parent || !data || typeof data.id !== "number" || typeof data.source !== "string") return;
    queue = queue.then(() => draw(data));
  });
  parent.postMessage({ready: true}, "*");
})();`;

/**
 * The drawing frame's page (renderer/src/chat/diagrams.ts keeps one per window): Mermaid's library, which draws
 * each text its parent posts, one at a time, with the strict security level (labels are text, links inert), and
 * posts back the SVG or the error. The text is never markup in this page. Throws when the library is not in this
 * build.
 */
export function drawerPage(): string {
    return [
        '<!doctype html><html><head><meta charset="utf-8"></head><body>',
        `<script>${inScript(mermaidLibrary())}</script>`,
        `<script>${DRAW}</script>`,
        "</body></html>",
    ].join("\n");
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
