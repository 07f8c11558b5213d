import assert from "node:assert/strict";
import {test} from "node:test";
import {renderToStaticMarkup} from "react-dom/server";
import type {DownloadProgress} from "../../../shared/contract.js";
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
        /could not reach huggingface\.co \(ENOTFOUND\); downloads need an internet connection/,
    );
    assert.doesNotMatch(html, /stored English/);
    // A failure without words (the disk, the file) shows its message as it is.
    assert.match(
        renderToStaticMarkup(<DownloadBar progress={failed} onCancel={() => {}} />),
        /\(stored English\)/,
    );
});
