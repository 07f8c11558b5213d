// Updates through electron-updater from a "generic" feed (a folder of files and latest*.yml, served over
// https) that the person sets in Settings → Desktop: off until then, as befits an app that works offline.
// Kept free of electron imports: the tests drive the same electron-updater classes in plain Node.
import type {AppUpdater} from "electron-updater";

/**
 * Reads `feed`'s latest*.yml for this system: its newest version and whether it is newer than this one.
 * Nothing is downloaded (autoDownload is off): the person chooses to install.
 */
export async function checkFeed(
    updater: AppUpdater,
    feed: string,
): Promise<{latest: string | null; available: boolean}> {
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    updater.allowDowngrade = false;
    updater.setFeedURL({provider: "generic", url: feed});
    const result = await updater.checkForUpdates();
    // null: the updater is inactive (an unpackaged build, as `npm start` runs).
    if (!result) throw new Error("this build of Cairn is not packaged, so it cannot update itself");
    return {latest: result.updateInfo.version || null, available: result.isUpdateAvailable};
}

/**
 * Downloads the version the last check found. electron-updater checks the file's sha512 against the feed
 * (and on Windows the installer's signature against this app's publisher, on macOS Squirrel its code
 * signature): a file that fails is deleted, never run. Resolves with the downloaded files.
 */
export async function downloadFound(updater: AppUpdater): Promise<string[]> {
    return updater.downloadUpdate();
}
