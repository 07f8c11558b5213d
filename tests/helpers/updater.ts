// electron-updater in plain Node, for the update tests: its own DebUpdater (check, download, sha512 check),
// given an app description that Electron's `app` would give and a transport over Node's http instead of
// Electron's net (the one part that needs Electron). The feed is a real HTTP server on 127.0.0.1.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import path from "node:path";
import {DebUpdater} from "electron-updater";
import type {AppAdapter} from "electron-updater/out/AppAdapter.js";
import {ElectronHttpExecutor} from "electron-updater/out/electronHttpExecutor.js";
import {tempDir} from "./paths.js";

class NodeHttpExecutor extends ElectronHttpExecutor {
    override createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) {
        // Node's request where Electron's net.request would be: the same stream events electron-updater reads.
        return http.request(options, callback) as unknown as ReturnType<
            ElectronHttpExecutor["createRequest"]
        >;
    }
}

/** An updater for an installed Cairn of `version` (a .deb install, as on Debian), its cache in a temp folder. */
export function nodeUpdater(version: string): {updater: DebUpdater; cacheDir: string} {
    const dir = tempDir();
    // What electron-builder writes beside a packaged app (from electron-builder.yml's publish entry).
    fs.writeFileSync(
        path.join(dir, "app-update.yml"),
        "provider: generic\nurl: https://updates.invalid/cairn/\nupdaterCacheDirName: cairn-updater\n",
    );
    const app: AppAdapter = {
        version,
        name: "Cairn",
        isPackaged: true,
        appUpdateConfigPath: path.join(dir, "app-update.yml"),
        userDataPath: dir,
        baseCachePath: dir,
        whenReady: () => Promise.resolve(),
        relaunch: () => {},
        quit: () => {},
        onQuit: () => {},
    };
    const updater = new DebUpdater(null, app);
    (updater as unknown as {httpExecutor: NodeHttpExecutor}).httpExecutor = new NodeHttpExecutor(() => {});
    updater.logger = null;
    return {updater, cacheDir: path.join(dir, "cairn-updater")};
}

export type Feed = {url: string; requests: string[]; close(): Promise<void>};

/**
 * A generic update feed: latest-linux.yml naming `version`'s .deb, and the file. `checksumOf` is what the
 * feed says the file's sha512 is of (the file itself by default; anything else makes a file that fails).
 */
export async function startFeed(version: string, checksumOf?: string): Promise<Feed> {
    const file = `Cairn-${version}.deb`;
    const body = Buffer.from(`Cairn ${version}, packaged`);
    const sha512 = crypto
        .createHash("sha512")
        .update(checksumOf ?? body)
        .digest("base64");
    const yml =
        `version: ${version}\nfiles:\n  - url: ${file}\n    sha512: ${sha512}\n    size: ${body.length}\n` +
        `path: ${file}\nsha512: ${sha512}\nreleaseDate: '2026-11-27T00:00:00.000Z'\n`;
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
        const name = (req.url ?? "").split("?")[0]!;
        requests.push(name);
        if (name.endsWith("/latest-linux.yml")) return res.end(yml);
        if (name.endsWith(`/${file}`)) return res.end(body);
        res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cairn/`,
        requests,
        close: () => new Promise((resolve) => server.close(() => resolve())),
    };
}
