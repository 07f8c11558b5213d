import fs from "node:fs";
import path from "node:path";
import {FuseState, FuseV1Options, getCurrentFuseWire} from "@electron/fuses";
import {expect, test} from "@playwright/test";
import {ROOT} from "../helpers/paths.js";

/** The binary `npm run dist` leaves unpacked for this platform (Linux), if it has been built. */
function packagedBinary(): string | null {
    const dir = path.join(ROOT, "dist", "linux-unpacked");
    const binary = path.join(dir, "cairn");
    return fs.existsSync(binary) ? binary : null;
}

const binary = packagedBinary();
const skipReason =
    "no packaged app in dist/linux-unpacked (`npm run dist` needs Electron's download, not possible here); " +
    "the fuse settings are checked in tests/unit/electronBuilder.test.ts";
if (!binary) console.log(`[electron fuse spec skipped] ${skipReason}`);
test.skip(!binary, skipReason);

test("the packaged binary has its fuses flipped", async () => {
    const wire = await getCurrentFuseWire(binary!);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
});
