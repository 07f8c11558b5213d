import {createElement, useMemo, type ReactNode} from "react";
import Markdown, {type Components, type Options} from "react-markdown";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import type {Citation} from "../../../shared/contract.js";
import {linkMarkers, markdownComponents} from "./citations.js";
import {lazyModule, useLazyModule} from "../ui/lazyModule.js";
import {useCopy} from "./useCopy.js";
import {PREVIEWED, useArtifacts} from "./ArtifactPanel.js";
import {warmDrawer} from "./diagrams.js";
import {useApi} from "../apiContext.js";
import {useTranslation} from "../i18n/index.js";

// Highlighting and math, loaded once, for the first answer that needs them.
const richModule = lazyModule(() => import("./richMarkdown.js"));

const NEEDS_RICH = /```|~~~|\$/;

/**
 * An answer's markdown: GitHub's flavour (tables, task lists, strikethrough, autolinks), math with
 * KaTeX, code blocks highlighted with a language label and a Copy button, [n] citations that open
 * their source. Raw HTML in the text stays text.
 */
export function AnswerMarkdown({text, citations}: {text: string; citations: Citation[]}) {
    const needsRich = NEEDS_RICH.test(text);
    const rich = useLazyModule(richModule, needsRich);
    const components = useMemo(
        () => ({...markdownComponents(citations), ...DEMOTED_HEADINGS, pre: CodeBlock, input: TaskBox}),
        [citations],
    );
    const rehypePlugins: Options["rehypePlugins"] = rich
        ? [
              [rich.rehypeKatex, {throwOnError: false, strict: "ignore"}],
              [rich.rehypeHighlight, {detect: false}],
          ]
        : [];
    return (
        <Markdown
            remarkPlugins={[remarkGfm, remarkMath]}
            rehypePlugins={rehypePlugins}
            components={components}
        >
            {linkMarkers(text)}
        </Markdown>
    );
}

/**
 * An answer's headings one level down: the window's page has its own <h1> (the conversation's title) and each
 * card an <h2>, so a report's "# Title" is an <h2> in the page's outline, not a second <h1>; "######" stays <h6>.
 */
const DEMOTED_HEADINGS: Components = Object.fromEntries(
    [1, 2, 3, 4, 5, 6].map((level) => [
        `h${level}`,
        ({children}: {children?: ReactNode}) => createElement(`h${Math.min(level + 1, 6)}`, null, children),
    ]),
);

/** A task list's checkbox (the only input markdown makes), named by its state. */
const TaskBox: Components["input"] = ({checked, type}) => {
    const {t} = useTranslation();
    return type === "checkbox" ? (
        <input
            type="checkbox"
            disabled
            checked={checked}
            aria-label={t(checked ? "code.done" : "code.notDone")}
        />
    ) : null;
};

/** A code block with its language and a Copy button; an html, svg or mermaid block also a Preview (artifacts). */
const CodeBlock: Components["pre"] = ({children}) => {
    const code = codeChild(children);
    const language = /language-([\w+#.-]+)/.exec(code?.className ?? "")?.[1] ?? null;
    const {copied, copy} = useCopy();
    const {t} = useTranslation();
    const openArtifact = useArtifacts();
    const name = language ?? t("code.text");
    const kind = language ? PREVIEWED[language.toLowerCase()] : undefined;
    const api = useApi();
    const warm = () => kind === "mermaid" && api && warmDrawer(api);
    return (
        <div className="code-block">
            <div className="code-bar">
                <span className="code-language">{name}</span>
                <button
                    type="button"
                    onClick={() => copy(textOf(code?.children))}
                    aria-label={t("code.copyCode", {language: name})}
                >
                    {t(copied ? "code.copied" : "code.copy")}
                </button>
                {kind && openArtifact && (
                    <button
                        type="button"
                        onClick={() => openArtifact({kind, source: textOf(code?.children)})}
                        // Mermaid's drawing frame starts while the pointer or focus is on its way (about 1 s of script).
                        onPointerEnter={warm}
                        onFocus={warm}
                        aria-label={t("artifact.previewCode", {language: name})}
                    >
                        {t("artifact.preview")}
                    </button>
                )}
            </div>
            {/* A long line scrolls the block sideways: it takes the focus, so the keyboard can scroll it too. */}
            <pre tabIndex={0} aria-label={t("code.code", {language: name})}>
                {children}
            </pre>
        </div>
    );
};

type CodeProps = {className?: string; children?: ReactNode};

function codeChild(children: ReactNode): CodeProps | null {
    const child: unknown = Array.isArray(children) ? children[0] : children;
    if (child && typeof child === "object" && "props" in child) return child.props as CodeProps;
    return null;
}

/** The plain text of rendered children (highlighted code is spans within spans). */
function textOf(node: ReactNode): string {
    if (typeof node === "string" || typeof node === "number") return String(node);
    if (Array.isArray(node)) return node.map(textOf).join("");
    if (node && typeof node === "object" && "props" in node)
        return textOf((node.props as {children?: ReactNode}).children);
    return "";
}
