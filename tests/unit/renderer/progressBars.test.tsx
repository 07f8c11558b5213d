// The download bar and the documents job bar: their errors in the window's language, from their words.
import assert from "node:assert/strict";
import {test} from "node:test";
import {renderToStaticMarkup} from "react-dom/server";
import type {DownloadProgress} from "../../../shared/contract.js";
import {IngestBar} from "../../../renderer/src/documents/IngestBar.js";
import {DownloadBar} from "../../../renderer/src/models/ModelWidgets.js";

const failed: DownloadProgress = {
    id: "d1",
    uri: "https://huggingface.co/x/y/resolve/main/m.gguf",
    fileName: null,
    state: "failed",
    downloadedBytes: 0,
    totalBytes: null,
    bytesPerSecond: 0,
    etaSeconds: null,
    error: "(stored English)",
    modelId: null,
};

test("a failed download says its error from its words, in the window's language (English here)", () => {
    const html = renderToStaticMarkup(
        <DownloadBar
            progress={{
                ...failed,
                errorWords: {
                    key: "downloadUnreachable",
                    values: {host: "huggingface.co", cause: "ENOTFOUND"},
                },
            }}
            onCancel={() => {}}
        />,
    );
    assert.match(
        html,
        /could not reach huggingface\.co \(no such host\); downloads need an internet connection/,
    );
    assert.doesNotMatch(html, /stored English/);
    // A failure without words (the disk, the file) shows its message as it is.
    assert.match(
        renderToStaticMarkup(<DownloadBar progress={failed} onCancel={() => {}} />),
        /\(stored English\)/,
    );
});

test("a document job's failed files say their reasons from their words; a reason without words as it is", () => {
    const html = renderToStaticMarkup(
        <IngestBar
            job={{
                jobId: "j1",
                state: "done",
                filesTotal: 3,
                filesDone: 3,
                chunks: 1,
                currentFile: null,
                errors: [
                    {
                        path: "/d/photo.png",
                        error: "(stored 1)",
                        words: {key: "fileUnsupported", values: {ext: ".png"}},
                    },
                    {path: "/d/empty.md", error: "(stored 2)", words: {key: "fileEmpty"}},
                    {path: "/d/secret.pdf", error: "encrypted PDF (password protected)"},
                ],
                message: null,
            }}
            onCancel={() => {}}
        />,
    );
    assert.match(html, /\/d\/photo\.png: unsupported file type \.png/);
    assert.match(html, /\/d\/empty\.md: empty file/);
    assert.match(html, /\/d\/secret\.pdf: encrypted PDF \(password protected\)/);
    assert.doesNotMatch(html, /stored/);
});
