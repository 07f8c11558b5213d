// Artifacts: an answer's html, svg and mermaid blocks, and such files a program wrote, previewed in a frame of
// their own (served once, sandboxed, no network, no same origin: main/artifacts/page.ts).
import {Type, type Static} from "@sinclair/typebox";
import {Empty, Id, call, closed, oneOf, req} from "./base.js";

export const ArtifactKind = oneOf(["html", "svg", "mermaid"]);

export type ArtifactKind = Static<typeof ArtifactKind>;

/** The most characters an artifact may have: a page or a drawing, well within one message of the contract. */
export const ARTIFACT_MAX_CHARS = 400_000;

export const Artifact = Type.Object(
    {
        kind: ArtifactKind,
        source: Type.String({minLength: 1, maxLength: ARTIFACT_MAX_CHARS}),
        /** The file's name when it is one a program wrote; otherwise the download is named after its kind. */
        name: Type.Optional(Type.String({minLength: 1, maxLength: 500})),
    },
    closed,
);

export type Artifact = Static<typeof Artifact>;

/** What a preview's page shows: a page as written, an SVG on white, or a diagram Mermaid drew (on the theme's ground). */
export const PageKind = oneOf(["html", "svg", "diagram"]);

export type PageKind = Static<typeof PageKind>;

const Frame = Type.Object({frame: Type.String()}, closed);

/** A file's name in a conversation's folder, as a program's run gave it (`charts/bars.svg`). */
const FileName = Type.String({minLength: 1, maxLength: 500});

export const artifactsCalls = {
    /** A frame's address for the artifact's page: served once, with no network and no same-origin rights. */
    "artifacts.preview": call(
        req({
            kind: PageKind,
            source: Artifact.properties.source,
            /** The window's theme: a diagram's ground. */
            theme: oneOf(["light", "dark"]),
        }),
        Frame,
    ),
    /**
     * The drawing frame's address: Mermaid's library in a page of its own, which draws the texts the window posts
     * to it and posts back their SVG (the window keeps one, so the library is read once).
     */
    "artifacts.drawer": call(Empty, Frame),
    /** A file a program wrote (run_code's result names it), read from its conversation's folder to preview. */
    "artifacts.file": call(req({toolCallId: Id, name: FileName}), Artifact),
    /** Any file a program wrote, as base64, for the window to save (up to the sandbox's 20 MB of files). */
    "artifacts.download": call(
        req({toolCallId: Id, name: FileName}),
        Type.Object({name: Type.String(), data: Type.String({contentEncoding: "base64"})}, closed),
    ),
};
