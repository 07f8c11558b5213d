// An esbuild plugin for the builds that inline node-llama-cpp (scripts/build.mjs, scripts/buildTests.mjs).
import {readFile} from "node:fs/promises";
import path from "node:path";

/** node-llama-cpp's platform packages (its prebuilt binaries) and its dependencies' native addons: kept packages. */
export const NODE_LLAMA_CPP_EXTERNAL = ["@node-llama-cpp/*", "@reflink/*"];

/**
 * An inlined node-llama-cpp module's `import.meta.url` is its file's in node_modules, not the output's: it finds
 * its binaries, its llama/ folder and itself (the binary test forks its own file) by it. Written relative to the
 * output folder (every chunk is at its top), so the built app works wherever it is installed.
 */
export function packageFileUrls(outdir) {
    return {
        name: "package-file-urls",
        setup(build) {
            build.onLoad(
                {filter: /[\\/]node_modules[\\/]node-llama-cpp[\\/]dist[\\/].*\.js$/},
                async (args) => {
                    const relative = path.relative(outdir, args.path).split(path.sep).join("/");
                    const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
                    const contents = (await readFile(args.path, "utf8")).replaceAll("import.meta.url", url);
                    return {contents, loader: "js"};
                },
            );
        },
    };
}
