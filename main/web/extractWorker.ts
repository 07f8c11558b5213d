// The extraction worker: parses untrusted pages off the core's event loop, under the memory limits the
// pool gives it. One task at a time; the pool terminates it at a deadline, on Stop, or when idle.
import v8 from "node:v8";
import {parentPort} from "node:worker_threads";
import {ExtractError} from "./formats/document.js";
import {extractDocument} from "./formats/index.js";
import {duckDuckGoResults} from "./duckduckgo.js";
import {extractPage, NotText} from "./extract.js";
import type {Task} from "./extractor.js";

// A parser's chatter never reaches Cairn's own output.
for (const method of ["log", "info", "warn", "error", "debug"] as const) console[method] = () => {};

parentPort!.on("message", ({id, task}: {id: number; task: Task}) => {
    void run(task).then(
        (value) =>
            parentPort!.postMessage({id, ok: true, value, heapBytes: v8.getHeapStatistics().total_heap_size}),
        (error: unknown) => {
            const message =
                error instanceof NotText || error instanceof ExtractError
                    ? error.message
                    : `extraction failed: ${String(error)}`;
            // A file's reason with words keeps them, for the window to say in its language.
            const words = error instanceof ExtractError ? error.words : undefined;
            parentPort!.postMessage({id, ok: false, message, ...(words ? {words} : {})});
        },
    );
});

async function run(task: Task): Promise<unknown> {
    if (task.type === "page") return extractPage(task.page);
    if (task.type === "file") return await extractDocument(task.name, task.body);
    return duckDuckGoResults(task.html, task.max);
}
