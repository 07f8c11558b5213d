import fs from "node:fs";
import path from "node:path";
import {fail, ok, type Result} from "../../shared/result.js";
import {failSaying} from "../words.js";
import {messageOf} from "../../shared/format.js";

/**
 * Where the desktop app keeps the provider keys typed in Settings: encrypted by the operating system's
 * keychain (Electron's safeStorage). `cairn serve` has none: its keys come from variables or key files.
 */
export type KeyVault = {
    /** Whether the OS can encrypt here (Linux without a keyring cannot). */
    available(): boolean;
    encrypt(text: string): Buffer;
    decrypt(data: Buffer): string;
};

const KEYS_DIR = "provider-keys";

export function storedKeyFile(dataDir: string, name: string): string {
    return path.join(dataDir, KEYS_DIR, `${name}.bin`);
}

/** Encrypts the key and writes it for its owner only (the folder too); never the key in clear. */
export function storeKey(vault: KeyVault, dataDir: string, name: string, key: string): void {
    writeSecret(vault, storedKeyFile(dataDir, name), key);
}

/** Any secret (a key, a server's sign-in tokens), encrypted, written whole for its owner only. */
export function writeSecret(vault: KeyVault, file: string, text: string): void {
    fs.mkdirSync(path.dirname(file), {recursive: true, mode: 0o700});
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, vault.encrypt(text), {mode: 0o600});
    fs.renameSync(temp, file);
}

/** A secret written by writeSecret, decrypted; null when there is none or it cannot be decrypted. */
export function readSecret(vault: KeyVault, file: string): string | null {
    try {
        return vault.decrypt(fs.readFileSync(file));
    } catch {
        return null;
    }
}

/** The stored key, decrypted; in words when this process cannot (no vault, or the keychain refuses). */
export function readStoredKey(vault: KeyVault | null, dataDir: string, name: string): Result<string> {
    if (!vault?.available())
        return fail(
            "DENIED",
            `${name}'s key is stored encrypted by the desktop app; here, give it with keyEnv or keyFile in providers.json`,
        );
    let data: Buffer;
    try {
        data = fs.readFileSync(storedKeyFile(dataDir, name));
    } catch {
        return failSaying("NOT_FOUND", "storedKeyMissing", {provider: name});
    }
    try {
        return ok(vault.decrypt(data));
    } catch (error) {
        return fail(
            "DENIED",
            `${name}'s stored key cannot be decrypted (${messageOf(error)}); add the provider again with its key`,
        );
    }
}

export function removeStoredKey(dataDir: string, name: string): void {
    fs.rmSync(storedKeyFile(dataDir, name), {force: true});
}
