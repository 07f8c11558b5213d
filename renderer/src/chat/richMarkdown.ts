// The heavy parts of answer rendering, loaded only when an answer needs them (a code block, math):
// code highlighting (highlight.js's common languages) and KaTeX. Vite puts this module in a chunk
// of its own, so that start-up does not wait for it.
export {default as rehypeHighlight} from "rehype-highlight";
export {default as rehypeKatex} from "rehype-katex";
// KaTeX's styles and fonts come with it, bundled (no network).
import "katex/dist/katex.min.css";
