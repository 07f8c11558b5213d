import {ARTIFACT_MAX_CHARS, type ArtifactKind} from "../../shared/contract.js";
import {messageOf} from "../../shared/format.js";
import {fieldOf} from "../../shared/json.js";
import {fail, ok} from "../../shared/result.js";
import type {HandlerSlice} from "../contract/dispatcher.js";
import {readScratchFile, scratchFolder} from "../sandbox/scratch.js";
import {artifactPage, drawerPage} from "../server/artifactPages.js";
import type {AppFrames} from "../server/appFrames.js";
import type {ToolCallStore} from "../store/toolCalls.js";

type Deps = {frames: AppFrames; toolCalls: ToolCallStore; dataDir: string};

/** A file's kind by its name: the pages, drawings and diagrams a program may write. */
const KINDS: [RegExp, ArtifactKind][] = [
    [/\.html?$/i, "html"],
    [/\.svg$/i, "svg"],
    [/\.(mmd|mermaid)$/i, "mermaid"],
];

/**
 * Artifacts: a page for one frame, made from an answer's block or a program's file, and the page of the frame that
 * draws Mermaid diagrams (main/server/artifactPages.ts); the files run_code wrote, read back from the
 * conversation's folder by the names its result gave.
 */
export function artifactHandlers(deps: Deps): HandlerSlice<"artifacts."> {
    return {
        "artifacts.preview": ({kind, source, theme}) =>
            ok({frame: deps.frames.offer(artifactPage(kind, source, theme))}),
        "artifacts.drawer": () => {
            try {
                return ok({frame: deps.frames.offer(drawerPage())});
            } catch (error) {
                return fail("UNAVAILABLE", messageOf(error));
            }
        },
        "artifacts.file": ({toolCallId, name}) => {
            const call = deps.toolCalls.get(toolCallId);
            if (!call) return fail("NOT_FOUND", `no tool call with id ${toolCallId}`);
            const files = fieldOf(call.resultData, "files");
            if (!Array.isArray(files) || !files.some((f) => fieldOf(f, "name") === name))
                return fail("NOT_FOUND", `${call.tool} wrote no file named ${name}`);
            const kind = KINDS.find(([pattern]) => pattern.test(name))?.[1];
            if (!kind)
                return fail(
                    "VALIDATION",
                    `${name} is not a page, a drawing or a diagram (.html, .svg, .mmd)`,
                );
            const folder = scratchFolder(deps.dataDir, call.conversationId);
            const data = readScratchFile(folder, name, ARTIFACT_MAX_CHARS);
            if (data === null) return fail("NOT_FOUND", `${name} is no longer in this conversation's folder`);
            if (data === "too big")
                return fail("VALIDATION", `${name} is too big to preview (over ${ARTIFACT_MAX_CHARS} bytes)`);
            if (data.length === 0) return fail("VALIDATION", `${name} is empty: there is nothing to preview`);
            return ok({kind, source: data.toString("utf8"), name});
        },
    };
}
